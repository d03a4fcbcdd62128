import { lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { apiRequestHours, apiRequestMinutes, webhookDeliveryHours, type apiRequestLog } from '@/db/schema';
import { config } from '@/lib/config';
import { EVENT_RETENTION_DAYS } from '@/lib/events/catch-up';

// The console's counts (overview, partner health) read these rollups instead of a day of raw rows: at a million
// requests a day, counting api_request_log for every page view cost the overview close to a second. Requests are
// counted by the request-log flusher in the statement that writes their rows; finished deliveries by the dispatcher
// in the statement that records their last attempt (lib/events/deliveries-claim.ts), and taken back by a replay.

/**
 * The upper bounds of the latency histogram's buckets, in milliseconds (the SQL function width_bucket's thresholds):
 * bucket 0 holds latencies under the first bound, bucket i those in [bound i-1, bound i), the last one the rest.
 * Spaced so a quantile read from the histogram is within about a quarter of the true one.
 */
export const LATENCY_BOUNDS_MS = [
  1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 120, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1200, 1500, 2000, 2500, 3000, 4000, 5000,
  6000, 8000, 10000,
] as const;
export const LATENCY_BUCKETS = LATENCY_BOUNDS_MS.length + 1;

/** The histogram bucket of a latency: how many bounds are at or below it (as width_bucket answers). */
export function latencyBucket(ms: number): number {
  let low = 0;
  let high: number = LATENCY_BOUNDS_MS.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (LATENCY_BOUNDS_MS[middle]! <= ms) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The q-quantile (0–1) of a latency histogram, interpolated linearly inside its bucket; the open last bucket answers
 * its lower bound. Null when the histogram is empty.
 */
export function histogramQuantile(counts: readonly number[], q: number): number | null {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (!total) return null;
  const rank = q * total;
  let below = 0;
  for (let bucket = 0; bucket < counts.length; bucket++) {
    const n = counts[bucket]!;
    if (n > 0 && below + n >= rank) {
      const lower = bucket === 0 ? 0 : LATENCY_BOUNDS_MS[bucket - 1]!;
      if (bucket >= LATENCY_BOUNDS_MS.length) return lower;
      const upper = LATENCY_BOUNDS_MS[bucket]!;
      return lower + ((upper - lower) * Math.max(0, rank - below)) / n;
    }
    below += n;
  }
  return LATENCY_BOUNDS_MS[LATENCY_BOUNDS_MS.length - 1]!;
}

type LoggedRequest = Pick<typeof apiRequestLog.$inferInsert, 'at' | 'status' | 'latencyMs' | 'partnerId' | 'clientId' | 'errorCode' | 'surface'>;

export interface MinuteCount {
  minute: string;
  requests: number;
  clientErrors: number;
  serverErrors: number;
  latencyCounts: number[];
}

export interface HourCount {
  hour: string;
  partnerId: string | null;
  clientId: string | null;
  errorCode: string | null;
  requests: number;
  errors: number;
  tokenGrants: number;
  lastAt: string;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/**
 * Logged requests counted per minute and per (hour, partner, client, error code), UTC, each list in key order so two
 * instances adding to the same rows take their locks in the same order.
 */
export function countRequests(rows: readonly LoggedRequest[]): { minutes: MinuteCount[]; hours: HourCount[] } {
  const minutes = new Map<number, MinuteCount>();
  const hours = new Map<string, HourCount & { lastAtMs: number }>();
  // A batch spans a second or two: its rows share one or two minutes and hours, whose text is made once each.
  const isoOf = new Map<number, string>();
  const iso = (ms: number) => isoOf.get(ms) ?? isoOf.set(ms, new Date(ms).toISOString()).get(ms)!;
  for (const row of rows) {
    const atMs = row.at instanceof Date ? row.at.getTime() : new Date(row.at!).getTime();
    const minuteMs = Math.floor(atMs / MINUTE_MS) * MINUTE_MS;
    let perMinute = minutes.get(minuteMs);
    if (!perMinute) {
      perMinute = { minute: iso(minuteMs), requests: 0, clientErrors: 0, serverErrors: 0, latencyCounts: new Array<number>(LATENCY_BUCKETS).fill(0) };
      minutes.set(minuteMs, perMinute);
    }
    perMinute.requests++;
    if (row.status >= 400 && row.status < 500) perMinute.clientErrors++;
    if (row.status >= 500) perMinute.serverErrors++;
    perMinute.latencyCounts[latencyBucket(row.latencyMs)]!++;

    const hour = iso(Math.floor(atMs / HOUR_MS) * HOUR_MS);
    const partnerId = row.partnerId ?? null;
    const clientId = row.clientId ?? null;
    const errorCode = row.errorCode ?? null;
    const id = JSON.stringify([hour, partnerId, clientId, errorCode]);
    let perHour = hours.get(id);
    if (!perHour) {
      perHour = { hour, partnerId, clientId, errorCode, requests: 0, errors: 0, tokenGrants: 0, lastAt: '', lastAtMs: -Infinity };
      hours.set(id, perHour);
    }
    perHour.requests++;
    if (row.status >= 400) perHour.errors++;
    if (row.surface === 'oauth' && row.status === 200) perHour.tokenGrants++;
    if (atMs > perHour.lastAtMs) perHour.lastAtMs = atMs;
  }
  const byKey = <T>(entries: Iterable<T>, key: (value: T) => string) => [...entries].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return {
    minutes: byKey(minutes.values(), (count) => count.minute),
    hours: byKey(
      [...hours.values()].map(({ lastAtMs, ...count }): HourCount => ({ ...count, lastAt: new Date(lastAtMs).toISOString() })),
      (count) => JSON.stringify([count.hour, count.partnerId ?? '', count.clientId ?? '', count.errorCode ?? '']),
    ),
  };
}

/** The two statements that add counts to the rollups (to run as they are, or as data-modifying CTEs of one statement). */
export function requestCountStatements(counts: ReturnType<typeof countRequests>): { minutes: SQL; hours: SQL } {
  return {
    minutes: sql`
      insert into ${apiRequestMinutes} as m (minute, requests, client_errors, server_errors, latency_counts)
      select * from jsonb_to_recordset(${JSON.stringify(counts.minutes)}::jsonb)
        as r(minute timestamptz, requests int, "clientErrors" int, "serverErrors" int, "latencyCounts" int[])
      order by minute
      on conflict (minute) do update set requests = m.requests + excluded.requests,
        client_errors = m.client_errors + excluded.client_errors, server_errors = m.server_errors + excluded.server_errors,
        latency_counts = array(select coalesce(a, 0) + coalesce(b, 0) from unnest(m.latency_counts, excluded.latency_counts) with ordinality u(a, b, i) order by i)`,
    hours: sql`
      insert into ${apiRequestHours} as h (hour, partner_id, client_id, error_code, requests, errors, token_grants, last_at)
      select * from jsonb_to_recordset(${JSON.stringify(counts.hours)}::jsonb)
        as r(hour timestamptz, "partnerId" text, "clientId" text, "errorCode" text, requests int, errors int, "tokenGrants" int, "lastAt" timestamptz)
      order by 1, 2, 3, 4
      on conflict on constraint api_request_hours_key do update set requests = h.requests + excluded.requests,
        errors = h.errors + excluded.errors, token_grants = h.token_grants + excluded.token_grants,
        last_at = greatest(h.last_at, excluded.last_at)`,
  };
}

/** Adds logged requests to the rollups in one statement (the log's row-by-row fallback counts the rows it kept). */
export async function countRequestsInto(db: Executor, rows: readonly LoggedRequest[]): Promise<void> {
  if (!rows.length) return;
  const statements = requestCountStatements(countRequests(rows));
  await db.execute(sql`with minutes as (${statements.minutes}) ${statements.hours}`);
}

/**
 * Counts the rollups afresh from the raw rows (what migration 0009 does for an existing database; the data benchmark
 * after writing its rows straight into the tables).
 */
export async function recountRollups(db: Executor): Promise<void> {
  const bounds = `{${LATENCY_BOUNDS_MS.join(',')}}`;
  await db.execute(sql`delete from ${apiRequestMinutes}`);
  await db.execute(sql`
    with per_bucket as (
      select date_trunc('minute', at, 'UTC') as minute, width_bucket(latency_ms, ${bounds}::int[]) as bucket, count(*)::int as n,
        count(*) filter (where status >= 400 and status < 500)::int as c4, count(*) filter (where status >= 500)::int as c5
      from api_request_log group by 1, 2
    ), per_minute as (
      select minute, sum(n)::int as n, sum(c4)::int as c4, sum(c5)::int as c5, jsonb_object_agg(bucket, n) as buckets from per_bucket group by minute
    )
    insert into ${apiRequestMinutes} (minute, requests, client_errors, server_errors, latency_counts)
    select minute, n, c4, c5, array(select coalesce((buckets ->> s.i::text)::int, 0) from generate_series(0, ${LATENCY_BUCKETS - 1}::int) s(i) order by s.i)
    from per_minute`);
  await db.execute(sql`delete from ${apiRequestHours}`);
  await db.execute(sql`
    insert into ${apiRequestHours} (hour, partner_id, client_id, error_code, requests, errors, token_grants, last_at)
    select date_trunc('hour', at, 'UTC'), partner_id, client_id, error_code, count(*)::int, count(*) filter (where status >= 400)::int,
      count(*) filter (where surface = 'oauth' and status = 200)::int, max(at)
    from api_request_log group by 1, 2, 3, 4`);
  await db.execute(sql`delete from ${webhookDeliveryHours}`);
  await db.execute(sql`
    insert into ${webhookDeliveryHours} (hour, partner_id, succeeded, failed)
    select date_trunc('hour', created_at, 'UTC'), partner_id, count(*) filter (where status = 'SUCCEEDED')::int, count(*) filter (where status = 'FAILED')::int
    from webhook_deliveries where status <> 'PENDING' group by 1, 2`);
}

/** How long per-minute counts are kept: the overview charts the last 24 hours. */
const MINUTE_RETENTION_DAYS = 2;

/** Deletes rollup rows past their window (minutes after two days, the rest with the raw rows they count). */
export async function sweepRollups(db: Executor, now = new Date()): Promise<number> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const [minutes, hours, deliveries] = await Promise.all([
    db
      .delete(apiRequestMinutes)
      .where(lt(apiRequestMinutes.minute, daysAgo(MINUTE_RETENTION_DAYS)))
      .returning({ at: apiRequestMinutes.minute }),
    db
      .delete(apiRequestHours)
      .where(lt(apiRequestHours.hour, daysAgo(config().API_LOG_RETENTION_DAYS)))
      .returning({ at: apiRequestHours.hour }),
    db
      .delete(webhookDeliveryHours)
      .where(lt(webhookDeliveryHours.hour, daysAgo(EVENT_RETENTION_DAYS)))
      .returning({ at: webhookDeliveryHours.hour }),
  ]);
  return minutes.length + hours.length + deliveries.length;
}

/**
 * The start of the hour `hours` hours before the current one (UTC): the console's "last 24 hours" are the hourly
 * rollups from there on, the current hour and the 24 before it.
 */
export const hoursAgo = (hours: number, now = Date.now()) => new Date((Math.floor(now / 3_600_000) - hours) * 3_600_000);
