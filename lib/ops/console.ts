import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, gte, inArray, isNotNull, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rowsOf } from '@/db/rows';
import {
  apiRequestHours,
  apiRequestMinutes,
  clients,
  connections,
  events,
  locations,
  loyaltyPrograms,
  merchants,
  partners,
  posPresence,
  sandboxes,
  users,
  webhookDeliveries,
  webhookDeliveryHours,
  webhookEndpoints,
} from '@/db/schema';
import { config } from '@/lib/config';
import { freshPresence } from '@/lib/events/pos-presence';
import { postWebhook, type AttemptOutcome } from '@/lib/events/webhook-sender';
import { webhookHeaders } from '@/lib/events/webhook-signature';
import { notFound } from '@/lib/errors';
import { newPrefixedId } from '@/lib/ids';
import { realMerchant } from '@/lib/tenancy/scope';
import { decodeCursor, pageOf } from './paging';
import { histogramQuantile } from './rollups';

// What the operator console reads (lib, framework-free): lists of tenants and partners, partner health and the
// overview's series. Changes go through the same lib functions as /manage. Partners' sandboxes (lib/sandbox) would
// mislead here: their merchants, locations, simulated partners and orders are left out of the lists and counts, and
// counted apart (consoleCounts' `sandboxes`).

/** A partner of its own, not the simulated counterpart of some partner's sandbox. */
const realPartner = () => isNull(partners.sandboxPartnerId);
/** Orders, presence and the like at real locations, not at a sandbox's. */
const notAtSandbox = (locationColumn: SQL) => sql`${locationColumn} not in (select ${sandboxes.locationId} from ${sandboxes})`;

/** A one-time password for an invited user: shown once in the console, stored only as its hash. */
export const oneTimePassword = () => randomBytes(12).toString('base64url');

export async function merchantsWithLocations(db: Executor) {
  const rows = await db
    .select({ merchantId: merchants.id, merchantName: merchants.name, locationId: locations.id, locationName: locations.name, timezone: locations.timezone })
    .from(merchants)
    .leftJoin(locations, eq(locations.merchantId, merchants.id))
    .where(realMerchant(merchants.sandboxPartnerId))
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
    .where(realMerchant(merchants.sandboxPartnerId))
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
  return db.select({ id: partners.id, name: partners.name }).from(partners).where(realPartner()).orderBy(partners.name);
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
export async function partnersOverview(db: Executor, options: { expand?: { partnerId: string; page: number }; partnerId?: string } = {}) {
  const { expand, partnerId } = options;
  const only = partnerId ? sql`where p.id = ${partnerId}` : sql``;
  const [partnerRows, clientRows, countRows, shownRows, expandedRows, programRows] = await Promise.all([
    db
      .select()
      .from(partners)
      .where(partnerId ? eq(partners.id, partnerId) : realPartner())
      .orderBy(partners.name),
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
      .where(partnerId ? eq(clients.partnerId, partnerId) : undefined)
      .orderBy(clients.createdAt),
    db
      .select({ partnerId: connections.partnerId, n: count() })
      .from(connections)
      .where(partnerId ? eq(connections.partnerId, partnerId) : undefined)
      .groupBy(connections.partnerId),
    // The first few of each partner, each list read through (partner_id, location_id) and cut off there.
    db.execute<{ partnerId: string; locationId: string }>(sql`
      select p.id as "partnerId", c.location_id as "locationId" from ${partners} p
      cross join lateral (select location_id from ${connections} where partner_id = p.id order by location_id limit ${CONNECTIONS_SHOWN}) c
      ${only}`),
    expand
      ? db
          .select({ locationId: connections.locationId })
          .from(connections)
          .where(eq(connections.partnerId, expand.partnerId))
          .orderBy(connections.locationId)
          .limit(CONNECTIONS_PAGE)
          .offset(Math.max(0, expand.page) * CONNECTIONS_PAGE)
      : [],
    db
      .select({ partnerId: loyaltyPrograms.partnerId, loyaltyProgramId: loyaltyPrograms.loyaltyProgramId, name: loyaltyPrograms.name })
      .from(loyaltyPrograms)
      .where(partnerId ? eq(loyaltyPrograms.partnerId, partnerId) : undefined),
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

/**
 * A page of partners by name (the partners list): each with how many clients, connections and webhook endpoints it has,
 * after a cursor (name, id); filtered by a part of the name and by type.
 */
export async function pagePartners(db: Executor, filters: { name?: string; type?: string }, page: { after?: string; limit: number }) {
  const conditions: SQL[] = [realPartner()];
  if (filters.name) conditions.push(sql`${partners.name} ilike ${`%${filters.name.replace(/[%_\\]/g, '\\$&')}%`}`);
  if (filters.type) conditions.push(sql`${partners.type}::text = ${filters.type}`);
  const after = decodeCursor(page.after, ['string', 'string'] as const);
  if (after) conditions.push(sql`(${partners.name}, ${partners.id}) > (${after[0]}, ${after[1]})`);
  const found = await db
    .select({ id: partners.id, name: partners.name, type: partners.type, disabledAt: partners.disabledAt })
    .from(partners)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(partners.name, partners.id)
    .limit(page.limit + 1);
  const { rows, next } = pageOf(found, page.limit, (row) => [row.name, row.id]);
  // The counts of the page's partners only, each through the table's partner index.
  const ids = rows.map((row) => row.id);
  const [clientCounts, connectionCounts, endpointCounts] = ids.length
    ? await Promise.all([
        db
          .select({ partnerId: clients.partnerId, n: count() })
          .from(clients)
          .where(and(inArray(clients.partnerId, ids), isNull(clients.revokedAt)))
          .groupBy(clients.partnerId),
        db.select({ partnerId: connections.partnerId, n: count() }).from(connections).where(inArray(connections.partnerId, ids)).groupBy(connections.partnerId),
        db
          .select({ partnerId: webhookEndpoints.partnerId, n: count() })
          .from(webhookEndpoints)
          .where(inArray(webhookEndpoints.partnerId, ids))
          .groupBy(webhookEndpoints.partnerId),
      ])
    : [[], [], []];
  const countOf = (counts: { partnerId: string; n: number }[], id: string) => Number(counts.find((row) => row.partnerId === id)?.n ?? 0);
  return {
    rows: rows.map((row) => ({
      ...row,
      clients: countOf(clientCounts, row.id),
      connections: countOf(connectionCounts, row.id),
      endpoints: countOf(endpointCounts, row.id),
    })),
    next,
  };
}

/** How many offline locations of a POS the health page names. */
export const OFFLINE_SHOWN = 10;

/**
 * The start of the hour `hours` hours before the current one (UTC): the console's "last 24 hours" are the hourly
 * rollups from there on, the current hour and the 24 before it.
 */
export const hoursAgo = (hours: number, now = Date.now()) => new Date((Math.floor(now / 3_600_000) - hours) * 3_600_000);

/**
 * Partner health: last request, requests and error rate over 24 h, token grants, connections (for a POS: how many are
 * online, GREEN, and the first OFFLINE_SHOWN offline, RED), webhooks. The counts come from the hourly rollups
 * (lib/ops/rollups.ts); the backlog is every delivery still pending.
 */
export async function partnerHealth(db: Executor) {
  const since = hoursAgo(24);
  const online = sql`exists (select 1 from ${posPresence} s where s.partner_id = c.partner_id and s.location_id = c.location_id
    and ${freshPresence(sql`s.heartbeat_at`)})`;
  const [requestRows, grantRows, connectionRows, offlineRows, deliveryRows, backlogRows, partnerRows, clientRows] = await Promise.all([
    db
      .select({
        partnerId: apiRequestHours.partnerId,
        requests: sql<number>`sum(${apiRequestHours.requests})::int`,
        errors: sql<number>`sum(${apiRequestHours.errors})::int`,
        lastAt: sql<string>`max(${apiRequestHours.lastAt})`,
      })
      .from(apiRequestHours)
      .where(gte(apiRequestHours.hour, since))
      .groupBy(apiRequestHours.partnerId),
    db
      .select({ clientId: apiRequestHours.clientId, grants: sql<number>`sum(${apiRequestHours.tokenGrants})::int` })
      .from(apiRequestHours)
      .where(and(gte(apiRequestHours.hour, since), gt(apiRequestHours.tokenGrants, 0)))
      .groupBy(apiRequestHours.clientId),
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
        partnerId: webhookDeliveryHours.partnerId,
        succeeded: sql<number>`sum(${webhookDeliveryHours.succeeded})::int`,
        failed: sql<number>`sum(${webhookDeliveryHours.failed})::int`,
      })
      .from(webhookDeliveryHours)
      .where(gte(webhookDeliveryHours.hour, since))
      .groupBy(webhookDeliveryHours.partnerId),
    db
      .select({ partnerId: webhookDeliveries.partnerId, backlog: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.status, 'PENDING'))
      .groupBy(webhookDeliveries.partnerId),
    db.select({ id: partners.id, name: partners.name, type: partners.type }).from(partners).where(realPartner()).orderBy(partners.name),
    db.select({ partnerId: clients.partnerId, clientId: clients.clientId }).from(clients),
  ]);
  const counts = rowsOf<{ partnerId: string; connected: number; online: number }>(connectionRows);
  const offline = rowsOf<{ partnerId: string; locationId: string }>(offlineRows);
  return partnerRows.map((partner) => {
    const requests = requestRows.find((row) => row.partnerId === partner.id);
    const deliveries = deliveryRows.find((row) => row.partnerId === partner.id);
    const connected = counts.find((row) => row.partnerId === partner.id);
    const clientIds = new Set(clientRows.filter((row) => row.partnerId === partner.id).map((row) => row.clientId));
    const succeeded = Number(deliveries?.succeeded ?? 0);
    const done = succeeded + Number(deliveries?.failed ?? 0);
    const isPos = partner.type === 'POS';
    return {
      id: partner.id,
      name: partner.name,
      type: partner.type,
      lastRequestAt: requests?.lastAt ? new Date(requests.lastAt) : null,
      requests24h: Number(requests?.requests ?? 0),
      errorRate24h: requests && Number(requests.requests) ? Number(requests.errors) / Number(requests.requests) : 0,
      tokenGrants24h: grantRows.filter((row) => row.clientId !== null && clientIds.has(row.clientId)).reduce((sum, row) => sum + Number(row.grants), 0),
      locations: {
        connected: Number(connected?.connected ?? 0),
        /** POS only (docs/contract.md#pos-websocket: GREEN while a POS socket is open): the online ones, and the first offline ones. */
        online: isPos ? Number(connected?.online ?? 0) : null,
        offline: isPos ? offline.filter((row) => row.partnerId === partner.id).map((row) => row.locationId) : null,
      },
      webhookSuccessRate: done > 0 ? succeeded / done : null,
      webhookBacklog: Number(backlogRows.find((row) => row.partnerId === partner.id)?.backlog ?? 0),
    };
  });
}

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
 * OAuth device-flow answers a device gets while it waits for its user (RFC 8628 §3.5): polling as designed, not errors.
 */
export const DEVICE_FLOW_POLLING_CODES = ['authorization_pending', 'slow_down'];

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
      .where(and(gte(apiRequestHours.hour, since), isNotNull(apiRequestHours.errorCode), notInArray(apiRequestHours.errorCode, DEVICE_FLOW_POLLING_CODES)))
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
