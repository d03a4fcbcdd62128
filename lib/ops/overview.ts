import { and, count, eq, gte, isNotNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rowsOf } from '@/db/rows';
import {
  apiRequestHours,
  apiRequestMinutes,
  locations,
  merchants,
  partners,
  posPresence,
  sandboxes,
  webhookDeliveries,
  webhookDeliveryHours,
  webhookEndpoints,
} from '@/db/schema';
import { freshPresence } from '@/lib/events/pos-presence';
import { realMerchant } from '@/lib/tenancy/scope';
import { notAtSandbox, realPartner } from './real-tenants';
import { DEVICE_FLOW_POLLING_CODES } from './request-log';
import { histogramQuantile, hoursAgo } from './rollups';

// The console overview's figures: the hub's counts and the last 24 hours' series, from the rollups.

/**
 * How many partners, endpoints, merchants and locations the hub has (the overview's summary; each one count), real ones
 * only, and how many partners have a sandbox.
 */
export async function consoleCounts(db: Executor) {
  const [[p], [e], [m], [l], [s]] = await Promise.all([
    db.select({ n: count() }).from(partners).where(realPartner()),
    db.select({ n: count() }).from(webhookEndpoints),
    db.select({ n: count() }).from(merchants).where(realMerchant(merchants.sandboxPartnerId)),
    db.select({ n: count() }).from(locations).innerJoin(merchants, eq(merchants.id, locations.merchantId)).where(realMerchant(merchants.sandboxPartnerId)),
    db.select({ n: count() }).from(sandboxes),
  ]);
  return {
    partners: Number(p?.n ?? 0),
    endpoints: Number(e?.n ?? 0),
    merchants: Number(m?.n ?? 0),
    locations: Number(l?.n ?? 0),
    sandboxes: Number(s?.n ?? 0),
  };
}

/**
 * The overview's series over the last 24 h, per minute (requests, latency quantiles read from the minute's histogram)
 * and per hour (deliveries, orders), from the rollups (lib/ops/rollups.ts); pending deliveries and orders are counted
 * live, through their indexes.
 */
export async function overviewSeries(db: Executor) {
  const now = Date.now();
  const since = hoursAgo(24, now);
  const hourOf = (column: SQL) => sql`to_char(date_trunc('hour', ${column}, 'UTC') at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`;
  const [perMinute, topErrors, finished, pending, orders, online] = await Promise.all([
    db
      .select()
      .from(apiRequestMinutes)
      .where(gte(apiRequestMinutes.minute, new Date(now - 86_400_000)))
      .orderBy(apiRequestMinutes.minute),
    db
      .select({ code: apiRequestHours.errorCode, n: sql<number>`sum(${apiRequestHours.requests})::int` })
      .from(apiRequestHours)
      .where(and(gte(apiRequestHours.hour, since), isNotNull(apiRequestHours.errorCode), notInArray(apiRequestHours.errorCode, [...DEVICE_FLOW_POLLING_CODES])))
      .groupBy(apiRequestHours.errorCode)
      .orderBy(sql`2 desc`)
      .limit(8),
    db
      .select({
        hour: sql<string>`${hourOf(sql`${webhookDeliveryHours.hour}`)}`,
        succeeded: sql<number>`sum(${webhookDeliveryHours.succeeded})::int`,
        failed: sql<number>`sum(${webhookDeliveryHours.failed})::int`,
      })
      .from(webhookDeliveryHours)
      .where(gte(webhookDeliveryHours.hour, since))
      .groupBy(webhookDeliveryHours.hour),
    db.execute<{ hour: string; n: number }>(sql`
      select ${hourOf(sql`created_at`)} as hour, count(*)::int as n from ${webhookDeliveries}
      where status = 'PENDING' and created_at >= ${since.toISOString()} group by 1`),
    db.execute<{ hour: string; status: string; n: number }>(sql`
      select ${hourOf(sql`created_at`)} as hour, status::text as status, count(*)::int as n
      from orders where created_at >= ${since.toISOString()} and ${notAtSandbox(sql`location_id`)} group by 1, 2 order by 1`),
    db
      .select({ n: sql<number>`count(distinct ${posPresence.locationId})::int` })
      .from(posPresence)
      .where(and(freshPresence(), notAtSandbox(sql`${posPresence.locationId}`))),
  ]);
  const orderRows = rowsOf<{ hour: string; status: string; n: number }>(orders);
  const orderHours = [...new Set(orderRows.map((row) => row.hour))];
  const pendingRows = rowsOf<{ hour: string; n: number }>(pending);
  const deliveryHours = [...new Set([...finished.map((row) => row.hour), ...pendingRows.map((row) => row.hour)])].sort();
  return {
    requests: perMinute.map((row) => {
      const p50 = histogramQuantile(row.latencyCounts, 0.5);
      const p95 = histogramQuantile(row.latencyCounts, 0.95);
      return {
        minute: row.minute.toISOString().slice(11, 16),
        '2xx/3xx': row.requests - row.clientErrors - row.serverErrors,
        '4xx': row.clientErrors,
        '5xx': row.serverErrors,
        p50: p50 === null ? null : Math.round(p50),
        p95: p95 === null ? null : Math.round(p95),
      };
    }),
    topErrors: topErrors.map((row) => ({ code: row.code!, count: Number(row.n) })),
    deliveries: deliveryHours.map((hour) => {
      const done = finished.find((row) => row.hour === hour);
      return {
        hour: `${hour.slice(11)}:00`,
        succeeded: Number(done?.succeeded ?? 0),
        failed: Number(done?.failed ?? 0),
        backlog: Number(pendingRows.find((row) => row.hour === hour)?.n ?? 0),
      };
    }),
    orders: orderHours.map((hour) => ({
      hour: `${hour.slice(11)}:00`,
      ...Object.fromEntries(orderRows.filter((row) => row.hour === hour).map((row) => [row.status, Number(row.n)])),
    })),
    orderStatuses: [...new Set(orderRows.map((row) => row.status))],
    posOnline: Number(online[0]?.n ?? 0),
  };
}
