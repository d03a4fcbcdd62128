import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { apiRequestLog, bookings, clients, events, locations, merchants, orders, partners, sales, webhookDeliveries } from '@/db/schema';

// "Find anything by id" in the operator console: one box that takes an event, delivery, request (X-Request-Id),
// order, booking, sale, client, partner, merchant or location id, or a part of a partner's or merchant's name, and
// says where it is. Every lookup is an equality on a key or an indexed column, except the name searches (a few
// thousand partners and merchants), so an answer takes milliseconds at any size.

export interface FoundItem {
  kind: string;
  label: string;
  href: string;
}

const NAMES_SHOWN = 10;
const admin = '/dashboard/admin';
const enc = encodeURIComponent;

/** What `query` names, most specific first; empty when nothing does. */
export async function findAnything(db: Executor, query: string): Promise<FoundItem[]> {
  const q = query.trim().slice(0, 200);
  if (!q) return [];
  const like = `%${q.replace(/[%_\\]/g, '\\$&')}%`;
  const [event, delivery, requests, order, booking, sale, client, partnerRows, merchantRows, location] = await Promise.all([
    db.select({ id: events.id, type: events.type }).from(events).where(eq(events.id, q)).limit(1),
    db.select({ id: webhookDeliveries.id, eventType: webhookDeliveries.eventType }).from(webhookDeliveries).where(eq(webhookDeliveries.id, q)).limit(1),
    db
      .select({ id: apiRequestLog.id, method: apiRequestLog.method, route: apiRequestLog.route, status: apiRequestLog.status })
      .from(apiRequestLog)
      .where(eq(apiRequestLog.requestId, q))
      .limit(1),
    db.select({ id: orders.id, locationId: orders.locationId }).from(orders).where(eq(orders.id, q)).limit(1),
    db.select({ id: bookings.id, locationId: bookings.locationId }).from(bookings).where(eq(bookings.id, q)).limit(1),
    db.select({ id: sales.id, locationId: sales.locationId }).from(sales).where(eq(sales.id, q)).limit(1),
    db.select({ clientId: clients.clientId, partnerId: clients.partnerId }).from(clients).where(eq(clients.clientId, q)).limit(1),
    db
      .select({ id: partners.id, name: partners.name })
      .from(partners)
      .where(sql`${partners.id} = ${q} or ${partners.name} ilike ${like}`)
      .orderBy(sql`${partners.id} = ${q} desc`, partners.name)
      .limit(NAMES_SHOWN),
    db
      .select({ id: merchants.id, name: merchants.name })
      .from(merchants)
      .where(sql`${merchants.id} = ${q} or ${merchants.name} ilike ${like}`)
      .orderBy(sql`${merchants.id} = ${q} desc`, merchants.name)
      .limit(NAMES_SHOWN),
    db.select({ id: locations.id, name: locations.name, merchantId: locations.merchantId }).from(locations).where(eq(locations.id, q)).limit(1),
  ]);
  const found: FoundItem[] = [];
  for (const row of event) found.push({ kind: 'Event', label: `${row.type} ${row.id}`, href: `${admin}/deliveries?eventId=${enc(row.id)}` });
  for (const row of delivery) found.push({ kind: 'Delivery', label: `${row.eventType} ${row.id}`, href: `${admin}/deliveries?deliveryId=${enc(row.id)}` });
  for (const row of requests) {
    found.push({
      kind: 'API request',
      label: `${row.method} ${row.route} → ${row.status}`,
      href: `${admin}/requests/${row.id}`,
    });
  }
  for (const [kind, rows] of [
    ['Order', order],
    ['Booking', booking],
    ['Sale', sale],
  ] as const) {
    for (const row of rows) found.push({ kind, label: `${row.id} at ${row.locationId}`, href: `${admin}/audit?targetId=${enc(row.id)}` });
  }
  for (const row of client) found.push({ kind: 'Client', label: row.clientId, href: `${admin}/partners/${enc(row.partnerId)}` });
  for (const row of partnerRows) found.push({ kind: 'Partner', label: row.name, href: `${admin}/partners/${enc(row.id)}` });
  for (const row of location)
    found.push({ kind: 'Location', label: `${row.name} (${row.id})`, href: `${admin}/tenants/${enc(row.merchantId)}?name=${enc(row.id)}` });
  for (const row of merchantRows) found.push({ kind: 'Merchant', label: row.name, href: `${admin}/tenants/${enc(row.id)}` });
  return found;
}
