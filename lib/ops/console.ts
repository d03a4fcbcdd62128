import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rowsOf } from '@/db/rows';
import {
  apiRequestLog,
  clients,
  connections,
  events,
  locations,
  loyaltyPrograms,
  merchants,
  partners,
  posPresence,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '@/db/schema';
import { config } from '@/lib/config';
import { freshPresence } from '@/lib/events/pos-presence';
import { postWebhook, type AttemptOutcome } from '@/lib/events/webhook-sender';
import { webhookHeaders } from '@/lib/events/webhook-signature';
import { notFound } from '@/lib/http/errors';
import { newPrefixedId } from '@/lib/ids';

// What the operator console reads (lib, framework-free): lists of tenants and partners, partner health and the
// overview's series. Changes go through the same lib functions as /manage.

/** A one-time password for an invited user: shown once in the console, stored only as its hash. */
export const oneTimePassword = () => randomBytes(12).toString('base64url');

export async function merchantsWithLocations(db: Executor) {
  const rows = await db
    .select({ merchantId: merchants.id, merchantName: merchants.name, locationId: locations.id, locationName: locations.name, timezone: locations.timezone })
    .from(merchants)
    .leftJoin(locations, eq(locations.merchantId, merchants.id))
    .orderBy(merchants.name, locations.name);
  const byMerchant = new Map<string, { id: string; name: string; locations: { id: string; name: string; timezone: string }[] }>();
  for (const row of rows) {
    const entry = byMerchant.get(row.merchantId) ?? { id: row.merchantId, name: row.merchantName, locations: [] };
    if (row.locationId) entry.locations.push({ id: row.locationId, name: row.locationName!, timezone: row.timezone! });
    byMerchant.set(row.merchantId, entry);
  }
  return [...byMerchant.values()];
}

/** Up to this many locations in all, a form offers each as a choice; beyond, it takes a location id. */
export const LOCATION_CHOICES = 200;

/**
 * Every location as a choice (its id, merchant and name) while there are at most `max`, or undefined beyond: one
 * query, cut off after `max` + 1 rows.
 */
export async function locationChoices(db: Executor, max = LOCATION_CHOICES) {
  const rows = await db
    .select({ id: locations.id, name: locations.name, merchantName: merchants.name })
    .from(locations)
    .innerJoin(merchants, eq(merchants.id, locations.merchantId))
    .orderBy(merchants.name, locations.name)
    .limit(max + 1);
  if (rows.length > max) return undefined;
  return rows.map((row) => ({ value: row.id, label: `${row.id} — ${row.merchantName}, ${row.name}` }));
}

export async function listUsers(db: Executor) {
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      merchantId: users.merchantId,
      partnerId: users.partnerId,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .orderBy(users.email);
}

/** Partners as filter options (id and name): what the log pages' partner filter shows, without clients or connections. */
export async function partnerOptions(db: Executor) {
  return db.select({ id: partners.id, name: partners.name }).from(partners).orderBy(partners.name);
}

/**
 * Webhook endpoints as choices (bulk replay, the delivery log's filter): id, URL and partner name only. The health
 * figures (endpointHealth) count each endpoint's deliveries and attempts, which a page that only offers the choice
 * has no use for.
 */
export async function endpointOptions(db: Executor) {
  return db
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, partnerName: partners.name })
    .from(webhookEndpoints)
    .innerJoin(partners, eq(partners.id, webhookEndpoints.partnerId))
    .orderBy(partners.name, desc(webhookEndpoints.createdAt));
}

/** How many of a partner's connected locations the partners page lists before "Show all". */
export const CONNECTIONS_SHOWN = 10;
/** A page of one partner's connections, shown all. */
export const CONNECTIONS_PAGE = 50;

/**
 * Partners with their clients, loyalty programs and connections. A partner can be connected to thousands of locations,
 * so each comes with its count and the first CONNECTIONS_SHOWN (by location id), or for `expand.partnerId` the page
 * `expand.page` of CONNECTIONS_PAGE.
 */
export async function partnersOverview(db: Executor, options: { expand?: { partnerId: string; page: number } } = {}) {
  const { expand } = options;
  const [partnerRows, clientRows, countRows, shownRows, expandedRows, programRows] = await Promise.all([
    db.select().from(partners).orderBy(partners.name),
    db
      .select({
        partnerId: clients.partnerId,
        clientId: clients.clientId,
        createdAt: clients.createdAt,
        confidential: sql<boolean>`${clients.secretHash} is not null`,
        previousSecretExpiresAt: clients.previousSecretExpiresAt,
        revokedAt: clients.revokedAt,
      })
      .from(clients)
      .orderBy(clients.createdAt),
    db.select({ partnerId: connections.partnerId, n: count() }).from(connections).groupBy(connections.partnerId),
    // The first few of each partner, each list read through (partner_id, location_id) and cut off there.
    db.execute<{ partnerId: string; locationId: string }>(sql`
      select p.id as "partnerId", c.location_id as "locationId" from ${partners} p
      cross join lateral (select location_id from ${connections} where partner_id = p.id order by location_id limit ${CONNECTIONS_SHOWN}) c`),
    expand
      ? db
          .select({ locationId: connections.locationId })
          .from(connections)
          .where(eq(connections.partnerId, expand.partnerId))
          .orderBy(connections.locationId)
          .limit(CONNECTIONS_PAGE)
          .offset(Math.max(0, expand.page) * CONNECTIONS_PAGE)
      : [],
    db.select({ partnerId: loyaltyPrograms.partnerId, loyaltyProgramId: loyaltyPrograms.loyaltyProgramId, name: loyaltyPrograms.name }).from(loyaltyPrograms),
  ]);
  const shown = rowsOf<{ partnerId: string; locationId: string }>(shownRows);
  return partnerRows.map((partner) => ({
    ...partner,
    clients: clientRows.filter((row) => row.partnerId === partner.id),
    connectionCount: Number(countRows.find((row) => row.partnerId === partner.id)?.n ?? 0),
    locationIds:
      expand?.partnerId === partner.id
        ? expandedRows.map((row) => row.locationId)
        : shown.filter((row) => row.partnerId === partner.id).map((row) => row.locationId),
    programs: programRows.filter((row) => row.partnerId === partner.id),
  }));
}

/** How many offline locations of a POS the health page names. */
export const OFFLINE_SHOWN = 10;

/**
 * Partner health: last request, requests and error rate over 24 h, token grants, connections (for a POS: how many are
 * online, GREEN, and the first OFFLINE_SHOWN offline, RED), webhooks.
 */
export async function partnerHealth(db: Executor) {
  const since = new Date(Date.now() - 86_400_000);
  const online = sql`exists (select 1 from ${posPresence} s where s.partner_id = c.partner_id and s.location_id = c.location_id
    and ${freshPresence(sql`s.heartbeat_at`)})`;
  const [requestRows, grantRows, connectionRows, offlineRows, deliveryRows, partnerRows, clientRows] = await Promise.all([
    db
      .select({
        partnerId: apiRequestLog.partnerId,
        requests: count(),
        errors: sql<number>`count(*) filter (where ${apiRequestLog.status} >= 400)::int`,
        lastAt: sql<string>`max(${apiRequestLog.at})`,
      })
      .from(apiRequestLog)
      .where(gte(apiRequestLog.at, since))
      .groupBy(apiRequestLog.partnerId),
    db
      .select({ clientId: apiRequestLog.clientId, grants: count() })
      .from(apiRequestLog)
      .where(and(gte(apiRequestLog.at, since), eq(apiRequestLog.surface, 'oauth'), eq(apiRequestLog.status, 200)))
      .groupBy(apiRequestLog.clientId),
    db.execute<{ partnerId: string; connected: number; online: number }>(sql`
      select c.partner_id as "partnerId", count(*)::int as connected, count(*) filter (where ${online})::int as online
      from ${connections} c group by c.partner_id`),
    db.execute<{ partnerId: string; locationId: string }>(sql`
      select p.id as "partnerId", o.location_id as "locationId" from ${partners} p
      cross join lateral (select c.location_id from ${connections} c where c.partner_id = p.id and not ${online}
        order by c.location_id limit ${OFFLINE_SHOWN}) o
      where p.type = 'POS'`),
    db
      .select({
        partnerId: webhookDeliveries.partnerId,
        succeeded: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'SUCCEEDED')::int`,
        failed: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'FAILED')::int`,
        backlog: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'PENDING')::int`,
      })
      .from(webhookDeliveries)
      .where(gte(webhookDeliveries.createdAt, since))
      .groupBy(webhookDeliveries.partnerId),
    db.select({ id: partners.id, name: partners.name, type: partners.type }).from(partners).orderBy(partners.name),
    db.select({ partnerId: clients.partnerId, clientId: clients.clientId }).from(clients),
  ]);
  const counts = rowsOf<{ partnerId: string; connected: number; online: number }>(connectionRows);
  const offline = rowsOf<{ partnerId: string; locationId: string }>(offlineRows);
  return partnerRows.map((partner) => {
    const requests = requestRows.find((row) => row.partnerId === partner.id);
    const deliveries = deliveryRows.find((row) => row.partnerId === partner.id);
    const connected = counts.find((row) => row.partnerId === partner.id);
    const clientIds = new Set(clientRows.filter((row) => row.partnerId === partner.id).map((row) => row.clientId));
    const done = (deliveries?.succeeded ?? 0) + (deliveries?.failed ?? 0);
    const isPos = partner.type === 'POS';
    return {
      id: partner.id,
      name: partner.name,
      type: partner.type,
      lastRequestAt: requests?.lastAt ? new Date(requests.lastAt) : null,
      requests24h: Number(requests?.requests ?? 0),
      errorRate24h: requests && Number(requests.requests) ? requests.errors / Number(requests.requests) : 0,
      tokenGrants24h: grantRows.filter((row) => row.clientId !== null && clientIds.has(row.clientId)).reduce((sum, row) => sum + Number(row.grants), 0),
      locations: {
        connected: Number(connected?.connected ?? 0),
        /** POS only (CONTRACT §7: GREEN while a POS socket is open): the online ones, and the first offline ones. */
        online: isPos ? Number(connected?.online ?? 0) : null,
        offline: isPos ? offline.filter((row) => row.partnerId === partner.id).map((row) => row.locationId) : null,
      },
      webhookSuccessRate: done ? (deliveries!.succeeded ?? 0) / done : null,
      webhookBacklog: deliveries?.backlog ?? 0,
    };
  });
}

/** The overview's series over the last 24 h, per minute (requests, latency) and per hour (deliveries, orders). */
export async function overviewSeries(db: Executor) {
  const since = new Date(Date.now() - 86_400_000);
  const [perMinute, topErrors, deliveries, orders, online] = await Promise.all([
    db.execute<{ minute: string; c2: number; c4: number; c5: number; p50: number | null; p95: number | null }>(sql`
      select to_char(date_trunc('minute', at), 'YYYY-MM-DD"T"HH24:MI') as minute,
        count(*) filter (where status < 400)::int as c2,
        count(*) filter (where status >= 400 and status < 500)::int as c4,
        count(*) filter (where status >= 500)::int as c5,
        percentile_cont(0.5) within group (order by latency_ms) as p50,
        percentile_cont(0.95) within group (order by latency_ms) as p95
      from api_request_log where at >= ${since.toISOString()} group by 1 order by 1`),
    db.execute<{ code: string; n: number }>(sql`
      select error_code as code, count(*)::int as n from api_request_log
      where at >= ${since.toISOString()} and error_code is not null group by 1 order by 2 desc limit 8`),
    db.execute<{ hour: string; succeeded: number; failed: number; pending: number }>(sql`
      select to_char(date_trunc('hour', created_at), 'YYYY-MM-DD"T"HH24') as hour,
        count(*) filter (where status = 'SUCCEEDED')::int as succeeded,
        count(*) filter (where status = 'FAILED')::int as failed,
        count(*) filter (where status = 'PENDING')::int as pending
      from webhook_deliveries where created_at >= ${since.toISOString()} group by 1 order by 1`),
    db.execute<{ hour: string; status: string; n: number }>(sql`
      select to_char(date_trunc('hour', created_at), 'YYYY-MM-DD"T"HH24') as hour, status::text as status, count(*)::int as n
      from orders where created_at >= ${since.toISOString()} group by 1, 2 order by 1`),
    db
      .select({ n: sql<number>`count(distinct ${posPresence.locationId})::int` })
      .from(posPresence)
      .where(freshPresence()),
  ]);
  const orderRows = rowsOf<{ hour: string; status: string; n: number }>(orders);
  const orderHours = [...new Set(orderRows.map((row) => row.hour))];
  return {
    requests: rowsOf<{ minute: string; c2: number; c4: number; c5: number; p50: number | null; p95: number | null }>(perMinute).map((row) => ({
      minute: row.minute.slice(11),
      '2xx/3xx': Number(row.c2),
      '4xx': Number(row.c4),
      '5xx': Number(row.c5),
      p50: row.p50 === null ? null : Math.round(Number(row.p50)),
      p95: row.p95 === null ? null : Math.round(Number(row.p95)),
    })),
    topErrors: rowsOf<{ code: string; n: number }>(topErrors).map((row) => ({ code: row.code, count: Number(row.n) })),
    deliveries: rowsOf<{ hour: string; succeeded: number; failed: number; pending: number }>(deliveries).map((row) => ({
      hour: `${row.hour.slice(11)}:00`,
      succeeded: Number(row.succeeded),
      failed: Number(row.failed),
      backlog: Number(row.pending),
    })),
    orders: orderHours.map((hour) => ({
      hour: `${hour.slice(11)}:00`,
      ...Object.fromEntries(orderRows.filter((row) => row.hour === hour).map((row) => [row.status, Number(row.n)])),
    })),
    orderStatuses: [...new Set(orderRows.map((row) => row.status))],
    posOnline: Number(online[0]?.n ?? 0),
  };
}

export interface TestEventOutcome extends AttemptOutcome {
  eventId: string;
}

/**
 * Sends a signed test event to an endpoint at once (outside the delivery queue, with the same SSRF guard, signature
 * and timeout as real deliveries) and answers what the receiver said.
 */
export async function sendTestEvent(db: Executor, endpointId: string): Promise<TestEventOutcome> {
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)).limit(1);
  if (!endpoint) throw notFound('Webhook endpoint');
  const eventId = newPrefixedId('evt_test');
  const now = new Date();
  const body = JSON.stringify({
    id: eventId,
    type: 'WEBHOOK_TEST',
    createdAt: now.toISOString(),
    locationId: null,
    data: { id: endpoint.id, uri: `${config().PUBLIC_URL}/dashboard/admin/partners`, resource: 'webhook-endpoint', version: 1 },
  });
  const headers = webhookHeaders(
    eventId,
    body,
    { endpointId: endpoint.id, secret: endpoint.secret, previousSecret: endpoint.previousSecret, previousSecretExpiresAt: endpoint.previousSecretExpiresAt },
    now,
  );
  const outcome = await postWebhook(endpoint.url, headers, body, config().WEBHOOK_TIMEOUT_MS);
  return { ...outcome, eventId };
}

/** The events an API request caused (recorded with its request id when they were emitted), newest first. */
export async function eventsOfRequest(db: Executor, requestId: string) {
  return db
    .select({ id: events.id, type: events.type, resource: events.resource, resourceId: events.resourceId, createdAt: events.createdAt })
    .from(events)
    .where(eq(events.requestId, requestId))
    .orderBy(desc(events.seq))
    .limit(50);
}
