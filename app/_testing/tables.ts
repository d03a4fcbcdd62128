import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { eventRecipients, events } from '@/db/schema';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { callRoute } from '@/lib/testing/http';
import * as saleCollection from '@/app/connect/sales/route';
import * as saleItem from '@/app/connect/sales/[saleId]/route';
import * as tableCollection from '@/app/connect/tables/route';
import * as tableItem from '@/app/connect/tables/[tableId]/route';

/**
 * A location with a POS and every kind of app connected, plus a second location with its own POS and an app
 * connected only there: what docs/contract.md#recipients routing and docs/contract.md#tenancy isolation are tested against.
 */
export async function floorWorld(db: Database) {
  const { locationIds } = await createMerchantWithLocations(db, 2);
  const [locationId, otherLocationId] = locationIds as [string, string];
  return {
    locationId,
    otherLocationId,
    pos: await createConnectedPartner(db, 'POS', [locationId]),
    orderingApp: await createConnectedPartner(db, 'ORDERING_APP', [locationId]),
    bookingApp: await createConnectedPartner(db, 'BOOKING_APP', [locationId]),
    loyalty: await createConnectedPartner(db, 'LOYALTY', [locationId]),
    otherPos: await createConnectedPartner(db, 'POS', [otherLocationId]),
    otherApp: await createConnectedPartner(db, 'ORDERING_APP', [otherLocationId]),
  };
}

export const tablesApi = {
  create: (token: string, body: unknown) => callRoute(tableCollection.POST, 'POST', '/connect/tables', { token, body }),
  list: (token: string, query: string) => callRoute(tableCollection.GET, 'GET', `/connect/tables?${query}`, { token }),
  get: (token: string, tableId: string) => callRoute(tableItem.GET, 'GET', `/connect/tables/${tableId}`, { token, params: { tableId } }),
  patch: (token: string, tableId: string, body: unknown) =>
    callRoute(tableItem.PATCH, 'PATCH', `/connect/tables/${tableId}`, { token, params: { tableId }, body }),
  delete: (token: string, tableId: string) => callRoute(tableItem.DELETE, 'DELETE', `/connect/tables/${tableId}`, { token, params: { tableId } }),
};

export const salesApi = {
  create: (token: string, body: unknown) => callRoute(saleCollection.POST, 'POST', '/connect/sales', { token, body }),
  list: (token: string, query: string) => callRoute(saleCollection.GET, 'GET', `/connect/sales?${query}`, { token }),
  get: (token: string, saleId: string) => callRoute(saleItem.GET, 'GET', `/connect/sales/${saleId}`, { token, params: { saleId } }),
  patch: (token: string, saleId: string, body: unknown) => callRoute(saleItem.PATCH, 'PATCH', `/connect/sales/${saleId}`, { token, params: { saleId }, body }),
};

/** Reads a JSON response, failing with its body when the status is not the one expected. */
export async function expectStatus<T = any>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function createdTable(token: string, body: Record<string, unknown>) {
  return expectStatus<{ id: string; number: string; openSales: string[]; section: { id: string; name: string } | null }>(
    await tablesApi.create(token, body),
    201,
  );
}

let sequence = 0;
const aud = (amount: number) => ({ amount, currency: 'AUD' });

/** An OPEN sale at `tableNumber` (or none), with one line item and a fresh origin.saleId. */
export function openSaleRequest(locationId: string, tableNumber: string | null, extra: Record<string, unknown> = {}) {
  return {
    locationId,
    origin: { saleId: `pos-sale-${process.pid}-${++sequence}` },
    status: 'OPEN',
    openedZonedDateTime: '2026-05-02T18:30:00+10:00',
    ...(tableNumber ? { table: { number: tableNumber, seats: 2 } } : {}),
    staff: { id: 'staff-7' },
    items: [{ id: 'i1', name: 'Flat white', sku: 'FW', unitPrice: aud(450), unitPriceTax: aud(41), quantity: 2, tax: aud(82), total: aud(900) }],
    total: aud(900),
    ...extra,
  };
}

/** What closes a sale fully paid (docs/domain.md#table-and-open-sales: a sale fully paid and closed leaves its table). */
export const closeSale = (version: number) => ({
  version,
  status: 'CLOSED',
  closedZonedDateTime: '2026-05-02T20:00:00+10:00',
  payments: [{ method: 'CASH', goodsAndServicesAmount: aud(900) }],
});

export async function createdSale(token: string, body: Record<string, unknown>) {
  return expectStatus<{ id: string; version: number; status: string }>(await salesApi.create(token, body), 201);
}

/** The events about one resource, oldest first, each with its sorted recipients. */
export async function eventsAbout(db: Database, resourceId: string) {
  const rows = await db
    .select({ id: events.id, type: events.type, version: events.resourceVersion, seq: events.seq })
    .from(events)
    .where(eq(events.resourceId, resourceId))
    .orderBy(asc(events.seq));
  const result = [];
  for (const row of rows) {
    const recipients = await db
      .select({ partnerId: eventRecipients.partnerId })
      .from(eventRecipients)
      .where(and(eq(eventRecipients.eventId, row.id)));
    result.push({ type: row.type, version: row.version, recipients: recipients.map((r) => r.partnerId).sort() });
  }
  return result;
}

export const eventTypesAbout = async (db: Database, resourceId: string) => (await eventsAbout(db, resourceId)).map((event) => event.type);
