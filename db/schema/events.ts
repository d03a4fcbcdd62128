import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';
import { locations, partners } from './tenancy';

/**
 * The writing transaction's id (xid8). The catch-up feed pages by (txid, seq) and only returns rows whose transaction
 * is older than every transaction still running, so a consumer paging with `after` never skips an event that
 * commits late with a lower seq (docs/contract.md#events: nothing committed is lost).
 */
const transactionIdColumn = () =>
  customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' })('txid')
    .notNull()
    .default(sql`pg_current_xact_id()`);

/**
 * The outbox (docs/contract.md#catch-up): a state change writes its event here in the same transaction.
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
    /** The API request that caused the event (its X-Request-Id), for the operator console; null for background work. */
    requestId: text('request_id'),
    payload: jsonb('payload').notNull(),
    txid: transactionIdColumn(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('events_seq_idx').on(t.seq),
    index('events_created_at_idx').on(t.createdAt),
    index('events_location_idx').on(t.locationId, t.seq),
    index('events_request_idx')
      .on(t.requestId)
      .where(sql`${t.requestId} is not null`),
  ],
);

/** Who receives an event (docs/contract.md#recipients routing); the catch-up feed reads a partner's rows in `seq` order. */
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
    txid: transactionIdColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.eventSeq] }),
    index('event_recipients_event_idx').on(t.eventId),
    index('event_recipients_feed_idx').on(t.partnerId, t.txid, t.eventSeq),
  ],
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
    /** Secret rotation: for 24 hours deliveries are signed with both the new and the previous secret. */
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('webhook_endpoints_partner_idx').on(t.partnerId)],
);

export const deliveryStatus = pgEnum('delivery_status', ['PENDING', 'SUCCEEDED', 'FAILED']);

/**
 * One event for one endpoint. `resourceKey` + `eventSeq` give per-resource order (docs/contract.md#webhooks): a later delivery
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
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'PENDING'`),
    index('webhook_deliveries_order_idx').on(t.endpointId, t.resourceKey, t.eventSeq),
    index('webhook_deliveries_partner_idx').on(t.partnerId, t.createdAt),
    // The retention sweep deletes events, and each one's deliveries cascade by event id.
    index('webhook_deliveries_event_idx').on(t.eventId),
    // The delivery log (admin console, /manage) lists the newest first, everything or one partner's in one status.
    index('webhook_deliveries_created_idx').on(t.createdAt, t.eventSeq),
    index('webhook_deliveries_partner_status_idx').on(t.partnerId, t.status, t.createdAt, t.eventSeq),
    // Endpoint health (lib/ops/endpoint-health.ts): backlog and failed counts, the last success, recent completions.
    index('webhook_deliveries_endpoint_status_idx').on(t.endpointId, t.status, t.completedAt),
  ],
);

/**
 * Finished webhook deliveries counted per hour of their creation and partner (the overview's deliveries chart,
 * partner health's success rate): added when the dispatcher records a delivery's last attempt, taken back when a
 * finished delivery is replayed. Pending ones are counted live.
 */
export const webhookDeliveryHours = pgTable(
  'webhook_delivery_hours',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    partnerId: text('partner_id').notNull(),
    succeeded: integer('succeeded').notNull(),
    failed: integer('failed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.partnerId] })],
);

/** What makes an attempt a success (a 2xx answer read in full), as the partial indexes below and their queries spell it. */
export const SUCCEEDED_ATTEMPT = 'status_code between 200 and 299 and error is null';

/** Every attempt is recorded: time, status code, latency, error and the first bytes of the response. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: text('id').primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    /**
     * The delivery's endpoint, copied (a delivery never changes endpoint; its attempts go with it): an endpoint's
     * attempts of the last 24 hours are counted from the indexes below without visiting its deliveries.
     */
    endpointId: text('endpoint_id').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    error: text('error'),
    responseSnippet: text('response_snippet'),
  },
  (t) => [
    index('webhook_attempts_delivery_idx').on(t.deliveryId),
    index('webhook_attempts_endpoint_succeeded_idx').on(t.endpointId, t.attemptedAt).where(sql.raw(SUCCEEDED_ATTEMPT)),
    index('webhook_attempts_endpoint_failed_idx')
      .on(t.endpointId, t.attemptedAt)
      .where(sql.raw(`not (${SUCCEEDED_ATTEMPT})`)),
  ],
);

/**
 * One open POS notification socket (docs/contract.md#pos-websocket: while a socket is open the location is GREEN). Kept in the database
 * with a heartbeat so every instance answers `GET /connect/locations/{id}` alike; a crashed instance's rows go stale.
 */
export const posPresence = pgTable(
  'pos_presence',
  {
    id: text('id').primaryKey(),
    instanceId: text('instance_id').notNull(),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    posVersion: text('pos_version'),
    supportedApis: jsonb('supported_apis').$type<{ name: string; version: string }[]>(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pos_presence_location_idx').on(t.locationId), index('pos_presence_instance_idx').on(t.instanceId)],
);
