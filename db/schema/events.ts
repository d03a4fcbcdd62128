import { bigint, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';
import { partners } from './tenancy';

/**
 * The outbox (CONTRACT §7): a state change writes its event here in the same transaction.
 * `seq` orders events for the catch-up feed; `payload` is the exact JSON every channel sends.
 */
export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    type: text('type').notNull(),
    locationId: text('location_id'),
    resource: text('resource').notNull(),
    resourceId: text('resource_id').notNull(),
    resourceVersion: integer('resource_version').notNull(),
    actorPartnerId: text('actor_partner_id'),
    payload: jsonb('payload').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('events_seq_idx').on(t.seq), index('events_created_at_idx').on(t.createdAt), index('events_location_idx').on(t.locationId, t.seq)],
);

/** Who receives an event (CONTRACT §7 routing); the catch-up feed reads a partner's rows in `seq` order. */
export const eventRecipients = pgTable(
  'event_recipients',
  {
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    eventSeq: bigint('event_seq', { mode: 'number' }).notNull(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.eventSeq] }), index('event_recipients_event_idx').on(t.eventId)],
);

/** A partner's webhook endpoint; the signing secret must stay usable for HMAC, so it is kept, never shown twice. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    url: text('url').notNull(),
    eventTypes: text('event_types').array(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('webhook_endpoints_partner_idx').on(t.partnerId)],
);

export const deliveryStatus = pgEnum('delivery_status', ['PENDING', 'SUCCEEDED', 'FAILED']);

/**
 * One event for one endpoint. `resourceKey` + `eventSeq` give per-resource order (CONTRACT §7): a later delivery
 * of the same resource to the same endpoint waits until the earlier one succeeded or failed for good.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    eventSeq: bigint('event_seq', { mode: 'number' }).notNull(),
    eventType: text('event_type').notNull(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    resourceKey: text('resource_key').notNull(),
    status: deliveryStatus('status').notNull().default('PENDING'),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_order_idx').on(t.endpointId, t.resourceKey, t.eventSeq),
    index('webhook_deliveries_partner_idx').on(t.partnerId, t.createdAt),
  ],
);

/** Every attempt is recorded: time, status code, latency, error and the first bytes of the response. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: text('id').primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    error: text('error'),
    responseSnippet: text('response_snippet'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);
