import { bigint, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * Who changed what, when (README.md#operator-console-logs-and-metrics): every change made through `/manage`, the operator console or a
 * merchant's dashboard, with the state before and after (secrets redacted) and the request id. Kept one year.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** `admin-api` (the ADMIN_API_KEY), `user` (a dashboard session) or `system` (a background rule). */
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id'),
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_action_idx').on(t.action, t.at),
    // One request id finds a change everywhere (operator console): the audit log is filtered by it.
    index('audit_log_request_idx').on(t.requestId),
  ],
);

/**
 * One partner-API, OAuth or `/manage` request (API request log). Bodies are kept only for 4xx/5xx answers, truncated
 * and with secrets, tokens and card data redacted. Kept API_LOG_RETENTION_DAYS.
 */
export const apiRequestLog = pgTable(
  'api_request_log',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    requestId: text('request_id').notNull(),
    surface: text('surface').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    partnerId: text('partner_id'),
    clientId: text('client_id'),
    /** The grant of a partner call's token, or the grant_type of an OAuth request. */
    grant: text('grant'),
    locationId: text('location_id'),
    errorCode: text('error_code'),
    requestBody: text('request_body'),
    responseBody: text('response_body'),
  },
  (t) => [
    index('api_request_log_at_idx').on(t.at),
    index('api_request_log_partner_idx').on(t.partnerId, t.at),
    index('api_request_log_request_idx').on(t.requestId),
  ],
);

/**
 * The API request log counted per minute (the console overview's traffic and latency chart): requests, 4xx and 5xx
 * answers, and latencies as a histogram over LATENCY_BOUNDS_MS (lib/ops/rollups.ts). Written with the log rows, in
 * the same statement, so the chart reads a day as 1,440 rows instead of every request of the day.
 */
export const apiRequestMinutes = pgTable('api_request_minutes', {
  minute: timestamp('minute', { withTimezone: true }).primaryKey(),
  requests: integer('requests').notNull(),
  clientErrors: integer('client_errors').notNull(),
  serverErrors: integer('server_errors').notNull(),
  /** Requests per latency bucket: element i counts latencies in [LATENCY_BOUNDS_MS[i-1], LATENCY_BOUNDS_MS[i]). */
  latencyCounts: integer('latency_counts').array().notNull(),
});

/**
 * The API request log counted per hour, partner, client and error code (partner health, the overview's top errors):
 * requests, 4xx/5xx answers, token grants (OAuth answers 200) and the last request's time.
 */
export const apiRequestHours = pgTable(
  'api_request_hours',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    partnerId: text('partner_id'),
    clientId: text('client_id'),
    errorCode: text('error_code'),
    requests: integer('requests').notNull(),
    errors: integer('errors').notNull(),
    tokenGrants: integer('token_grants').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('api_request_hours_key').on(t.hour, t.partnerId, t.clientId, t.errorCode).nullsNotDistinct()],
);
