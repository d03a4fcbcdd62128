import { and, eq, gt, gte, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { apiRequestHours, clients, connections, partners, posPresence, webhookDeliveries, webhookDeliveryHours } from '@/db/schema';
import { freshPresence } from '@/lib/events/pos-presence';
import { DEVICE_FLOW_POLLING_CODES } from './request-log';
import { hoursAgo } from './rollups';
import { realPartner } from './real-tenants';

/** How many offline locations of a POS the health page names. */
export const OFFLINE_SHOWN = 10;

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
        // Device-flow polling (authorization_pending, slow_down) is a device waiting for its user, not an error.
        errors: sql<number>`(sum(${apiRequestHours.errors}) filter (where ${apiRequestHours.errorCode} is null or ${notInArray(apiRequestHours.errorCode, [...DEVICE_FLOW_POLLING_CODES])}))::int`,
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
      /** Null for a partner without requests in the last 24 hours (no rate to tell). */
      errorRate24h: requests && Number(requests.requests) ? Number(requests.errors ?? 0) / Number(requests.requests) : null,
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
