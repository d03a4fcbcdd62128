import { sql } from 'drizzle-orm';
import { index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn, versionColumn } from './columns';
import { ORDER_STATUSES } from '../statuses';
import { locations, partners, users } from './tenancy';

// db/statuses.ts is the one source of the statuses (the domain re-exports it); the pgEnum follows it.
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);

/** Who moved an order: a partner through the API, a merchant user in the dashboard, or the auto-reject timer. */
export const orderActorType = pgEnum('order_actor_type', ['POS', 'ORDERING_APP', 'MERCHANT', 'SYSTEM']);

/**
 * docs/domain.md#order. The order's content (items, money, customers …) is kept as the validated request in `content`;
 * the columns are what the service queries and changes. `requestDigest` fingerprints the create request so a
 * re-sent `origin.orderId` is answered from the first order, or 409 when its content differs (docs/contract.md#orders).
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    appPartnerId: text('app_partner_id')
      .notNull()
      .references(() => partners.id),
    originOrderId: text('origin_order_id').notNull(),
    originName: text('origin_name').notNull(),
    status: orderStatus('status').notNull(),
    statusInfo: text('status_info'),
    content: jsonb('content').notNull(),
    requestDigest: text('request_digest').notNull(),
    /** docs/domain.md#auto-reject: an order still CREATED at this time is rejected automatically. */
    autoRejectAt: timestamp('auto_reject_at', { withTimezone: true }).notNull(),
    version: versionColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('orders_app_origin_idx').on(t.appPartnerId, t.locationId, t.originOrderId),
    // Keyset pagination of GET /orders: (updated_at, id) within a location.
    index('orders_location_updated_idx').on(t.locationId, t.updatedAt, t.id),
    // The order board's day filter: a location's orders received between two instants (the day in its time zone).
    index('orders_location_created_idx').on(t.locationId, t.createdAt),
    // The console overview's orders of the last 24 hours, across every location.
    index('orders_created_idx').on(t.createdAt),
    // The auto-reject sweep only ever looks at CREATED orders.
    index('orders_auto_reject_idx')
      .on(t.autoRejectAt)
      .where(sql`${t.status} = 'CREATED'`),
  ],
);

/** The history of an order's status: who made each change, when, and why. */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: orderStatus('from_status'),
    toStatus: orderStatus('to_status').notNull(),
    statusInfo: text('status_info'),
    reason: text('reason'),
    actorType: orderActorType('actor_type').notNull(),
    actorPartnerId: text('actor_partner_id').references(() => partners.id),
    actorUserId: text('actor_user_id').references(() => users.id),
    /** The order's version after this change (docs/contract.md#events `data.version`). */
    version: versionColumn(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('order_status_changes_order_idx').on(t.orderId, t.createdAt)],
);
