import { index, integer, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';
import { locations, users } from './tenancy';

/**
 * The email alerts a merchant's team gets (docs/domain.md#email-alerts): a location's POS offline while orders wait, a
 * location paused by the POS-offline rule, orders auto-rejected at a location.
 */
export const merchantAlertKind = pgEnum('merchant_alert_kind', ['POS_OFFLINE', 'POS_OFFLINE_PAUSE', 'ORDERS_AUTO_REJECTED']);

/** Every alert is on for every recipient until they turn it off: a row is one user's "off" for one alert. */
export const alertOptOuts = pgTable(
  'alert_opt_outs',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: merchantAlertKind('kind').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * One row per alert sent for one episode at one location (`since`: when its POS was last online), inserted in the
 * transaction that queues the mails: the key lets one instance send it and every other find it sent.
 */
export const alertEpisodes = pgTable(
  'alert_episodes',
  {
    kind: merchantAlertKind('kind').notNull(),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    since: timestamp('since', { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.locationId, t.since] })],
);

/**
 * Orders auto-rejected at a location and not yet in a mail: at most one mail per location per hour, so those that come
 * within the hour after a mail wait here and go out together in one summary once the hour is up.
 */
export const autoRejectAlerts = pgTable('auto_reject_alerts', {
  locationId: text('location_id')
    .primaryKey()
    .references(() => locations.id, { onDelete: 'cascade' }),
  unmailedCount: integer('unmailed_count').notNull().default(0),
  firstUnmailedAt: timestamp('first_unmailed_at', { withTimezone: true }),
  lastMailedAt: timestamp('last_mailed_at', { withTimezone: true }),
});

/**
 * Alerts sent to a partner's developers about one of its webhook endpoints (lib/ops/endpoint-alerts.ts). The key
 * names the endpoint, the kind and the day, so each is sent at most once a day whichever instance notices first: the
 * instance whose insert wins queues the mail in the same transaction.
 */
export const endpointAlerts = pgTable(
  'endpoint_alerts',
  {
    dedupeKey: text('dedupe_key').primaryKey(),
    endpointId: text('endpoint_id').notNull(),
    partnerId: text('partner_id').notNull(),
    /** FAILING (every attempt failed for an hour) or DISABLED. */
    kind: text('kind').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('endpoint_alerts_created_idx').on(t.createdAt)],
);
