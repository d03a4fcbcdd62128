import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { aliased, asDate, columnNames, rowsOf, storableText } from '@/db/rows';
import { deliveryStatus, events, webhookAttempts, webhookDeliveries, webhookDeliveryHours, webhookEndpoints } from '@/db/schema';
import { newPrefixedId } from '@/lib/ids';
import type { AttemptOutcome } from './webhook-sender';

/** A delivery claimed for one attempt, with what is needed to send it. */
export interface ClaimedDelivery {
  id: string;
  eventId: string;
  attemptCount: number;
  payload: unknown;
  url: string;
  endpointId: string;
  /** Sealed (docs/contract.md#secrets-at-rest), as stored; opened when signing. */
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

/**
 * Claims up to `limit` due deliveries and leases them for `leaseSeconds`, so several instances on one database never
 * send the same delivery in parallel (SKIP LOCKED during the claim, `locked_until` afterwards). A delivery is due only
 * when no earlier delivery of the same resource to the same endpoint is still pending (docs/contract.md#webhooks per-resource order).
 */
export async function claimDueDeliveries(db: Executor, limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
  const d = aliased(webhookDeliveries, 'd');
  const earlier = aliased(webhookDeliveries, 'earlier');
  const w = aliased(webhookDeliveries, 'w');
  const e = aliased(events, 'e');
  const ep = aliased(webhookEndpoints, 'ep');
  const result = await db.execute(sql`
    with due as (
      select ${d.ref.id} from ${d.from}
      where ${d.ref.status} = 'PENDING' and ${d.ref.nextAttemptAt} <= now()
        and (${d.ref.lockedUntil} is null or ${d.ref.lockedUntil} <= now())
        and not exists (
          select 1 from ${earlier.from}
          where ${earlier.ref.endpointId} = ${d.ref.endpointId} and ${earlier.ref.resourceKey} = ${d.ref.resourceKey}
            and ${earlier.ref.eventSeq} < ${d.ref.eventSeq} and ${earlier.ref.status} = 'PENDING'
        )
      order by ${d.ref.nextAttemptAt}, ${d.ref.eventSeq}
      limit ${limit}
      for update of ${sql.identifier('d')} skip locked
    )
    update ${w.from}
    set ${columnNames(webhookDeliveries.lockedUntil)} = now() + make_interval(secs => ${leaseSeconds}),
      ${columnNames(webhookDeliveries.attemptCount)} = ${w.ref.attemptCount} + 1,
      ${columnNames(webhookDeliveries.lastAttemptAt)} = now()
    from due, ${e.from}, ${ep.from}
    where ${w.ref.id} = due.id and ${e.ref.id} = ${w.ref.eventId} and ${ep.ref.id} = ${w.ref.endpointId}
    returning ${w.ref.id}, ${w.ref.eventId} as "eventId", ${w.ref.attemptCount} as "attemptCount", ${e.ref.payload}, ${ep.ref.url},
      ${ep.ref.id} as "endpointId", ${ep.ref.secret}, ${ep.ref.previousSecret} as "previousSecret",
      ${ep.ref.previousSecretExpiresAt} as "previousSecretExpiresAt", ${w.ref.eventSeq} as "eventSeq"`);
  return rowsOf<ClaimedDelivery & { eventSeq: number | string }>(result)
    .sort((a, b) => Number(a.eventSeq) - Number(b.eventSeq))
    .map(({ eventSeq: _seq, ...row }) => ({
      ...row,
      attemptCount: Number(row.attemptCount),
      payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
      previousSecretExpiresAt: asDate(row.previousSecretExpiresAt),
    }));
}

/**
 * Milliseconds until the earliest pending delivery that is not yet due comes due (a retry waiting out its
 * WEBHOOK_RETRY_SCHEDULE delay), or null when none waits. Lets an idle dispatcher sleep exactly that long.
 */
export async function msUntilNextDue(db: Executor): Promise<number | null> {
  const result = await db.execute(sql`
    select extract(epoch from min(${webhookDeliveries.nextAttemptAt}) - now()) * 1000 as "ms"
    from ${webhookDeliveries} where ${webhookDeliveries.status} = 'PENDING' and ${webhookDeliveries.nextAttemptAt} > now()`);
  const ms = rowsOf<{ ms: number | string | null }>(result)[0]?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, Math.ceil(Number(ms)));
}

export interface AttemptRecord {
  delivery: ClaimedDelivery;
  attemptedAt: Date;
  outcome: AttemptOutcome;
  /** Milliseconds until the next attempt, or null when the delivery is finished (succeeded or failed for good). */
  retryInMs: number | null;
}

/**
 * Adds finished deliveries to the console's per-hour counts (webhook_delivery_hours, by the hour each was created):
 * `rows` selects (partner_id, created_at, status, n), n being +1 for a delivery that finished and -1 for one a replay
 * takes back. Rows go in key order, so concurrent dispatchers lock them in the same order.
 */
export const countFinished = (rows: SQL) => sql`
  insert into ${webhookDeliveryHours} as h (${columnNames(webhookDeliveryHours.hour, webhookDeliveryHours.partnerId, webhookDeliveryHours.succeeded, webhookDeliveryHours.failed)})
  select date_trunc('hour', created_at, 'UTC'), partner_id, coalesce(sum(n) filter (where status = 'SUCCEEDED'), 0)::int,
    coalesce(sum(n) filter (where status = 'FAILED'), 0)::int
  from (${rows}) finished group by 1, 2 order by 1, 2
  on conflict (hour, partner_id) do update set succeeded = h.succeeded + excluded.succeeded, failed = h.failed + excluded.failed`;

/**
 * Records a batch of attempts, the deliveries' new state and the finished ones' counts in one statement (throughput:
 * ≥ 1,000 events a second). Resolves with whether a later delivery of the same resource to the same endpoint is
 * pending: finishing this batch may have made it due (per-resource order), so the caller should claim again.
 */
export async function recordAttempts(db: Executor, records: AttemptRecord[]): Promise<{ successorsPending: boolean }> {
  if (!records.length) return { successorsPending: false };
  const rows = records.map(({ delivery, attemptedAt, outcome, retryInMs }) => ({
    id: delivery.id,
    attempt_id: newPrefixedId('wha'),
    endpoint_id: delivery.endpointId,
    attempted_at: attemptedAt.toISOString(),
    status_code: outcome.statusCode,
    latency_ms: outcome.latencyMs,
    error: outcome.error === null ? null : storableText(outcome.error),
    snippet: outcome.responseSnippet === null ? null : storableText(outcome.responseSnippet),
    status: outcome.succeeded ? 'SUCCEEDED' : retryInMs === null ? 'FAILED' : 'PENDING',
    retry_ms: retryInMs,
  }));
  const d = aliased(webhookDeliveries, 'd');
  const later = aliased(webhookDeliveries, 'later');
  const result = await db.execute(sql`
    with results as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
        id text, attempt_id text, endpoint_id text, attempted_at timestamptz, status_code int, latency_ms int, error text, snippet text,
        status text, retry_ms int)
    ), attempts as (
      insert into ${webhookAttempts} (${columnNames(
        webhookAttempts.id,
        webhookAttempts.deliveryId,
        webhookAttempts.endpointId,
        webhookAttempts.attemptedAt,
        webhookAttempts.statusCode,
        webhookAttempts.latencyMs,
        webhookAttempts.error,
        webhookAttempts.responseSnippet,
      )})
      select attempt_id, id, endpoint_id, attempted_at, status_code, latency_ms, error, snippet from results
    ), recorded as (
      update ${d.from}
      set ${columnNames(webhookDeliveries.status)} = r.status::${sql.identifier(deliveryStatus.enumName)},
        ${columnNames(webhookDeliveries.nextAttemptAt)} = case when r.status = 'PENDING' then now() + r.retry_ms * interval '1 millisecond' else ${d.ref.nextAttemptAt} end,
        ${columnNames(webhookDeliveries.completedAt)} = case when r.status = 'PENDING' then null else now() end,
        ${columnNames(webhookDeliveries.lockedUntil)} = null
      from results r
      where ${d.ref.id} = r.id
      returning ${d.ref.endpointId} as endpoint_id, ${d.ref.resourceKey} as resource_key, ${d.ref.eventSeq} as event_seq,
        ${d.ref.partnerId} as partner_id, ${d.ref.createdAt} as created_at, r.status
    ), counted as (
      ${countFinished(sql`select partner_id, created_at, status, 1 as n from recorded where status <> 'PENDING'`)}
    )
    select exists (
      select 1 from recorded
      join ${later.from} on ${later.ref.endpointId} = recorded.endpoint_id and ${later.ref.resourceKey} = recorded.resource_key
      where ${later.ref.eventSeq} > recorded.event_seq and ${later.ref.status} = 'PENDING'
    ) as "successorsPending"`);
  return { successorsPending: rowsOf<{ successorsPending: boolean }>(result)[0]?.successorsPending === true };
}
