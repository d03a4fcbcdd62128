import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { eventRecipients, events } from '@/db/schema';
import { createConnectedPartner, createMerchantWithLocations, type TestPartner } from '@/lib/testing/fixtures';
import { callRoute, type CallOptions } from '@/lib/testing/http';
import { sampleOrderRequests } from '@/lib/orders/sample-orders.fixture';
import * as collection from '@/app/connect/orders/route';
import * as item from '@/app/connect/orders/[orderId]/route';

/** The events about one order, oldest first, each with its sorted recipients. */
export async function orderEvents(db: Database, orderId: string) {
  const rows = await db
    .select({ type: events.type, version: events.resourceVersion, seq: events.seq, actor: events.actorPartnerId })
    .from(events)
    .where(and(eq(events.resource, 'order'), eq(events.resourceId, orderId)))
    .orderBy(asc(events.seq));
  const result = [];
  for (const row of rows) {
    const recipients = await db.select({ partnerId: eventRecipients.partnerId }).from(eventRecipients).where(eq(eventRecipients.eventSeq, row.seq));
    result.push({ type: row.type, version: row.version, recipients: recipients.map((recipient) => recipient.partnerId).sort() });
  }
  return result;
}

/** A merchant location with its POS and an ordering app, plus a second location with its own POS and app. */
export async function orderingWorld(db: Database) {
  const { locationIds } = await createMerchantWithLocations(db, 2);
  const [locationId, otherLocationId] = locationIds as [string, string];
  return {
    locationId,
    otherLocationId,
    pos: await createConnectedPartner(db, 'POS', [locationId]),
    app: await createConnectedPartner(db, 'ORDERING_APP', [locationId]),
    otherPos: await createConnectedPartner(db, 'POS', [otherLocationId]),
    otherApp: await createConnectedPartner(db, 'ORDERING_APP', [locationId, otherLocationId]),
  };
}

let sequence = 0;

/** The published sample order, for `locationId`, with a fresh origin.orderId. */
export function orderRequest(locationId: string, change: (order: Record<string, any>) => void = () => {}) {
  const order: Record<string, any> = structuredClone(sampleOrderRequests.newOrder);
  order.locationId = locationId;
  order.origin.orderId = `app-order-${process.pid}-${++sequence}`;
  change(order);
  return order;
}

export const postOrder = (token: string, body: unknown, options: CallOptions = {}) =>
  callRoute(collection.POST, 'POST', '/connect/orders', { ...options, token, body });

export const listOrders = (token: string, query: string, options: CallOptions = {}) =>
  callRoute(collection.GET, 'GET', `/connect/orders?${query}`, { ...options, token });

export const getOrder = (token: string, orderId: string, options: CallOptions = {}) =>
  callRoute(item.GET, 'GET', `/connect/orders/${orderId}`, { ...options, token, params: { orderId } });

export const patchOrder = (token: string, orderId: string, body: unknown, options: CallOptions = {}) =>
  callRoute(item.PATCH, 'PATCH', `/connect/orders/${orderId}`, {
    ...options,
    token,
    params: { orderId },
    body,
    headers: { 'content-type': 'application/merge-patch+json', ...options.headers },
  });

/** Creates an order through the API as `app` and returns its id. */
export async function createdOrderId(app: TestPartner, locationId: string, change?: (order: Record<string, any>) => void): Promise<string> {
  const response = await postOrder(app.token, orderRequest(locationId, change));
  if (response.status !== 201) throw new Error(`POST /connect/orders → ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}
