import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { asDate, rowsOf } from '@/db/rows';
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
  /** Sealed (CONTRACT §7a), as stored; opened when signing. */
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

/**
 * Claims up to `limit` due deliveries and leases them for `leaseSeconds`, so several instances on one database never
 * send the same delivery in parallel (SKIP LOCKED during the claim, `locked_until` afterwards). A delivery is due only
 * when no earlier delivery of the same resource to the same endpoint is still pending (CONTRACT §7 per-resource order).
 */
export async function claimDueDeliveries(db: Executor, limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
  const result = await db.execute(sql`
    with due as (
      select d.id from webhook_deliveries d
      where d.status = 'PENDING' and d.next_attempt_at <= now()
        and (d.locked_until is null or d.locked_until <= now())
        and not exists (
          select 1 from webhook_deliveries earlier
          where earlier.endpoint_id = d.endpoint_id and earlier.resource_key = d.resource_key
            and earlier.event_seq < d.event_seq and earlier.status = 'PENDING'
        )
      order by d.next_attempt_at, d.event_seq
      limit ${limit}
      for update of d skip locked
    )
    update webhook_deliveries w
    set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempt_count = w.attempt_count + 1, last_attempt_at = now()
    from due, events e, webhook_endpoints ep
    where w.id = due.id and e.id = w.event_id and ep.id = w.endpoint_id
    returning w.id, w.event_id as "eventId", w.attempt_count as "attemptCount", e.payload, ep.url, ep.id as "endpointId", ep.secret,
      ep.previous_secret as "previousSecret", ep.previous_secret_expires_at as "previousSecretExpiresAt", w.event_seq as "eventSeq"`);
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
    select extract(epoch from min(next_attempt_at) - now()) * 1000 as "ms"
    from webhook_deliveries where status = 'PENDING' and next_attempt_at > now()`);
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
 * Records a batch of attempts and the deliveries' new state in one statement (throughput: ≥ 1,000 events a second).
 * Resolves with whether a later delivery of the same resource to the same endpoint is pending: finishing this batch
 * may have made it due (per-resource order), so the caller should claim again.
 */
export async function recordAttempts(db: Executor, records: AttemptRecord[]): Promise<{ successorsPending: boolean }> {
  if (!records.length) return { successorsPending: false };
  const rows = records.map(({ delivery, attemptedAt, outcome, retryInMs }) => ({
    id: delivery.id,
    attempt_id: newPrefixedId('wha'),
    attempted_at: attemptedAt.toISOString(),
    status_code: outcome.statusCode,
    latency_ms: outcome.latencyMs,
    error: withoutNul(outcome.error),
    snippet: withoutNul(outcome.responseSnippet),
    status: outcome.succeeded ? 'SUCCEEDED' : retryInMs === null ? 'FAILED' : 'PENDING',
    retry_ms: retryInMs,
  }));
  const result = await db.execute(sql`
    with results as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
        id text, attempt_id text, attempted_at timestamptz, status_code int, latency_ms int, error text, snippet text,
        status text, retry_ms int)
    ), attempts as (
      insert into webhook_attempts (id, delivery_id, attempted_at, status_code, latency_ms, error, response_snippet)
      select attempt_id, id, attempted_at, status_code, latency_ms, error, snippet from results
    ), recorded as (
      update webhook_deliveries d
      set status = r.status::delivery_status,
        next_attempt_at = case when r.status = 'PENDING' then now() + r.retry_ms * interval '1 millisecond' else d.next_attempt_at end,
        completed_at = case when r.status = 'PENDING' then null else now() end,
        locked_until = null
      from results r
      where d.id = r.id
      returning d.endpoint_id, d.resource_key, d.event_seq
    )
    select exists (
      select 1 from recorded
      join webhook_deliveries later on later.endpoint_id = recorded.endpoint_id and later.resource_key = recorded.resource_key
      where later.event_seq > recorded.event_seq and later.status = 'PENDING'
    ) as "successorsPending"`);
  return { successorsPending: rowsOf<{ successorsPending: boolean }>(result)[0]?.successorsPending === true };
}

// jsonb and text columns refuse NUL characters, which a misbehaving receiver may well send.
const withoutNul = (value: string | null) => (value === null ? null : value.replaceAll('\u0000', ''));
