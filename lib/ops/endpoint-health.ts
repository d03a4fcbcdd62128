import { and, count, desc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, DatabaseHandle, Executor } from '@/db/client';
import { partners, SUCCEEDED_ATTEMPT, webhookDeliveries, webhookEndpoints } from '@/db/schema';
import type { Loop } from '@/lib/background/runner';
import { config } from '@/lib/config';
import { replayFailedDeliveries } from '@/lib/events/replay';
import { ForbiddenTargetError, assertAllowedWebhookUrl } from '@/lib/events/webhook-target';
import { notFound, validationFailed } from '@/lib/errors';
import { recordAudit, sweepAudit, SYSTEM_ACTOR, type AuditActor } from './audit';
import { alertEndpointDisabled, alertFailingEndpoints } from './endpoint-alerts';
import { sweepRequestLog } from './request-log';
import { sweepRollups } from './rollups';

// Delivery forensics (README.md#operator-console-logs-and-metrics): how each endpoint is doing, bulk replay with a count first, and the rule
// that an endpoint failing for WEBHOOK_DISABLE_AFTER_DAYS (default 5) is disabled, with an audit entry.

export interface EndpointHealth {
  id: string;
  partnerId: string;
  partnerName: string;
  url: string;
  eventTypes: string[] | null;
  disabledAt: Date | null;
  createdAt: Date;
  previousSecretExpiresAt: Date | null;
  lastSuccessAt: Date | null;
  /** The first failed attempt after the last success; null while the endpoint is healthy. */
  failingSince: Date | null;
  pending: number;
  failed: number;
  succeeded24h: number;
  failed24h: number;
}

// The endpoint of the row being read, written out in full: drizzle leaves a column unqualified in a single-table
// select, where the subqueries below (which have a webhook_deliveries d of their own) would misread it.
const endpointOfRow = sql`${webhookEndpoints}.${sql.identifier('id')}`;

// The last success of the endpoint (a succeeded delivery completes with its successful attempt) and the first failed
// attempt after it, each read through (endpoint_id, status, completed_at): an attempt that failed after the last
// success belongs to a delivery still PENDING or one that FAILED later, never to the endpoint's whole history.
const lastSuccess = sql<string | null>`(select max(d.completed_at) from webhook_deliveries d
    where d.endpoint_id = ${endpointOfRow} and d.status = 'SUCCEEDED')`;
const afterLastSuccess = sql`coalesce(${lastSuccess}, '-infinity'::timestamptz)`;
const failingSince = sql<string | null>`(select min(a.attempted_at) from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id
    where d.endpoint_id = ${endpointOfRow} and not (${sql.raw(SUCCEEDED_ATTEMPT)}) and a.attempted_at > ${afterLastSuccess}
    and (d.status = 'PENDING' or (d.status = 'FAILED' and d.completed_at > ${afterLastSuccess})))`;

/** Every endpoint (or one partner's) with its success and failure figures. */
export async function endpointHealth(
  db: Executor,
  filters: { partnerId?: string; endpointId?: string; endpointIds?: string[] } = {},
): Promise<EndpointHealth[]> {
  const conditions = [];
  if (filters.endpointIds) conditions.push(inArray(webhookEndpoints.id, filters.endpointIds.length ? filters.endpointIds : ['']));
  if (filters.partnerId) conditions.push(eq(webhookEndpoints.partnerId, filters.partnerId));
  if (filters.endpointId) conditions.push(eq(webhookEndpoints.id, filters.endpointId));
  // Each figure reads only the rows it can concern through an index, never an endpoint's whole history (a busy endpoint
  // has millions): the last success and the failure after it as above, and the attempts of the last 24 hours.
  const endpoint = endpointOfRow;
  // An endpoint's attempts of the last 24 hours, counted in one of its two partial indexes (db/schema/events.ts); the
  // outcome repeats the index's predicate so the planner can use it.
  const attemptsInLastDay = (outcome: SQL) => sql<number>`(select count(*) from webhook_attempts
    where webhook_attempts.endpoint_id = ${endpoint} and attempted_at > now() - interval '24 hours' and ${outcome})::int`;
  const rows = await db
    .select({
      id: webhookEndpoints.id,
      partnerId: webhookEndpoints.partnerId,
      partnerName: partners.name,
      url: webhookEndpoints.url,
      eventTypes: webhookEndpoints.eventTypes,
      disabledAt: webhookEndpoints.disabledAt,
      createdAt: webhookEndpoints.createdAt,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
      lastSuccessAt: lastSuccess,
      failingSince,
      pending: sql<number>`(select count(*) from webhook_deliveries d where d.endpoint_id = ${endpoint} and d.status = 'PENDING')::int`,
      failed: sql<number>`(select count(*) from webhook_deliveries d where d.endpoint_id = ${endpoint} and d.status = 'FAILED')::int`,
      succeeded24h: attemptsInLastDay(sql.raw(SUCCEEDED_ATTEMPT)),
      failed24h: attemptsInLastDay(sql.raw(`not (${SUCCEEDED_ATTEMPT})`)),
    })
    .from(webhookEndpoints)
    .innerJoin(partners, eq(partners.id, webhookEndpoints.partnerId))
    .where(and(...conditions))
    .orderBy(partners.name, desc(webhookEndpoints.createdAt));
  const date = (value: string | Date | null) => (value === null ? null : new Date(value));
  return rows.map((row) => ({ ...row, lastSuccessAt: date(row.lastSuccessAt), failingSince: date(row.failingSince) }));
}

/** How many FAILED deliveries of an endpoint a bulk replay since `since` would send again (confirmed before replay). */
export async function countFailedSince(db: Executor, endpointId: string, since: Date): Promise<number> {
  const [endpoint] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)).limit(1);
  if (!endpoint) throw notFound('Webhook endpoint');
  const [row] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'FAILED'), gte(webhookDeliveries.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** Bulk replay with an audit entry naming who asked and how many deliveries went out again. */
export async function replayFailedSince(db: Executor, actor: AuditActor, endpointId: string, since: Date, requestId?: string) {
  const result = await replayFailedDeliveries(db, endpointId, since);
  await recordAudit(db, actor, {
    action: 'webhook-endpoint.replay-failed',
    targetType: 'webhook-endpoint',
    targetId: endpointId,
    after: { since: since.toISOString(), replayed: result.replayed },
    requestId,
  });
  return result;
}

/**
 * Disables or re-enables an endpoint (a disabled endpoint is given no new deliveries), with an audit entry; an endpoint
 * disabled now is announced to its partner's developers (lib/ops/endpoint-alerts.ts).
 */
export async function setEndpointDisabled(
  db: Database,
  actor: AuditActor,
  endpointId: string,
  disabled: boolean,
  reason?: string,
  failingSince: Date | null = null,
) {
  const [before] = await db.select({ disabledAt: webhookEndpoints.disabledAt }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)).limit(1);
  if (!before) throw notFound('Webhook endpoint');
  const disabledAt = disabled ? (before.disabledAt ?? new Date()) : null;
  await db.update(webhookEndpoints).set({ disabledAt }).where(eq(webhookEndpoints.id, endpointId));
  await recordAudit(db, actor, {
    action: disabled ? 'webhook-endpoint.disable' : 'webhook-endpoint.enable',
    targetType: 'webhook-endpoint',
    targetId: endpointId,
    before: { disabledAt: before.disabledAt?.toISOString() ?? null },
    after: { disabledAt: disabledAt?.toISOString() ?? null, ...(reason ? { reason } : {}) },
  });
  if (disabled && !before.disabledAt) await alertEndpointDisabled(db, { endpointId, failingSince, reason });
}

/** Every enabled endpoint with the first failed attempt since its last success (null while it is healthy). */
async function enabledEndpointsFailingSince(db: Executor): Promise<{ id: string; failingSince: Date | null }[]> {
  // Only what the rules need. The console's other figures (endpointHealth's 24-hour counts look up the attempts of
  // every delivery of the day) would make these frequent runs, and the one at every start, read a day of deliveries
  // per endpoint for nothing.
  const enabled = await db.select({ id: webhookEndpoints.id, failingSince }).from(webhookEndpoints).where(isNull(webhookEndpoints.disabledAt));
  return enabled.map((endpoint) => ({ id: endpoint.id, failingSince: endpoint.failingSince === null ? null : new Date(endpoint.failingSince) }));
}

/**
 * Disables every enabled endpoint whose attempts have all failed for WEBHOOK_DISABLE_AFTER_DAYS; answers the ids.
 * A partner re-enables it from the console (or the operator does) once the receiver is fixed.
 */
export async function disableLongFailingEndpoints(db: Database, now = new Date()): Promise<string[]> {
  const days = config().WEBHOOK_DISABLE_AFTER_DAYS;
  const cutoff = now.getTime() - days * 86_400_000;
  const doomed = (await enabledEndpointsFailingSince(db)).filter(
    (endpoint): endpoint is { id: string; failingSince: Date } => endpoint.failingSince !== null && endpoint.failingSince.getTime() <= cutoff,
  );
  for (const endpoint of doomed) {
    const reason = `every attempt failed since ${endpoint.failingSince.toISOString()} (over ${days} days)`;
    await setEndpointDisabled(db, SYSTEM_ACTOR, endpoint.id, true, reason, endpoint.failingSince);
  }
  return doomed.map((endpoint) => endpoint.id);
}

/** Mails the developers of each enabled endpoint that has failed for an hour, once a day at most (lib/ops/endpoint-alerts.ts). */
export async function alertLongFailingEndpoints(db: Database, now = new Date()): Promise<string[]> {
  return alertFailingEndpoints(db, await enabledEndpointsFailingSince(db), now);
}

export const isFailingLong = (endpoint: Pick<EndpointHealth, 'failingSince'>, now = Date.now()) =>
  endpoint.failingSince !== null && now - endpoint.failingSince.getTime() > 24 * 3_600_000;

// Bounded batches for the log sweeps, like the event sweep's (lib/events/loops.ts).
const LOG_SWEEP_BATCH = 1000;

/**
 * The operations loops, hourly: retention of both logs, a bounded batch at a time with a pause between batches while a
 * backlog remains, and of the console's rollups, and the long-failing endpoint rule, checked once per run rather than
 * after every batch.
 */
export function opsLoops(handle: DatabaseHandle): Loop[] {
  return [
    {
      name: 'ops-housekeeping',
      idleMs: 60 * 60 * 1000,
      busyMs: 250,
      async run() {
        const more = (await sweepRequestLog(handle.db, new Date(), LOG_SWEEP_BATCH)) === LOG_SWEEP_BATCH;
        const moreAudit = (await sweepAudit(handle.db, new Date(), LOG_SWEEP_BATCH)) === LOG_SWEEP_BATCH;
        // A few rows an hour (a minute's counts after two days, an hour's after the log's retention): one delete each.
        await sweepRollups(handle.db, new Date());
        return more || moreAudit;
      },
    },
    { name: 'endpoint-health', idleMs: 60 * 60 * 1000, run: async () => (await disableLongFailingEndpoints(handle.db), false) },
    // Every five minutes, so the developers hear of an endpoint between 60 and 65 minutes after it started failing.
    { name: 'endpoint-alerts', idleMs: 5 * 60 * 1000, run: async () => (await alertLongFailingEndpoints(handle.db), false) },
  ];
}

/**
 * Changes an endpoint's URL and event types (none: every type), with the same SSRF check and messages as creating
 * one, and an audit entry with the state before and after.
 */
export async function updateEndpoint(db: Executor, actor: AuditActor, endpointId: string, input: { url: string; eventTypes?: string[] }) {
  const [before] = await db
    .select({ url: webhookEndpoints.url, eventTypes: webhookEndpoints.eventTypes })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId))
    .limit(1);
  if (!before) throw notFound('Webhook endpoint');
  try {
    await assertAllowedWebhookUrl(input.url);
  } catch (error) {
    if (!(error instanceof ForbiddenTargetError)) throw error;
    throw validationFailed([{ segment: 'body', path: 'url', message: `webhook target refused: ${error.message}` }]);
  }
  const after = { url: input.url, eventTypes: input.eventTypes?.length ? input.eventTypes : null };
  await db.update(webhookEndpoints).set(after).where(eq(webhookEndpoints.id, endpointId));
  await recordAudit(db, actor, { action: 'webhook-endpoint.update', targetType: 'webhook-endpoint', targetId: endpointId, before, after });
  return after;
}
