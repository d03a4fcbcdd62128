import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { orders } from '@/db/schema';
import { isConnected } from '@/lib/auth/connections';
import { config } from '@/lib/config';
import { conflict, forbidden } from '@/lib/http/errors';
import { newPrefixedId } from '@/lib/ids';
import type { OrderRow } from './order-record';
import type { CreateOrderRequest } from './schema';
import { recordStatusChange } from './status-history';

/** The ordering app creating the order; its name becomes `origin.name` (never taken from the request). */
export interface OrderingApp {
  partnerId: string;
  partnerName: string;
}

/** JSON with object keys sorted, so two requests with the same content give the same digest. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, entry]) => entry !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const requestDigest = (request: CreateOrderRequest): string =>
  createHash('sha256').update(canonicalJson(request)).digest('base64url');

/**
 * POST /orders (CONTRACT §6). The app must be connected to the location (403). The same `origin.orderId` from the
 * same app at the same location answers the first order when the content is the same, and 409 ORDER_ID_CONFLICT
 * when it differs; only a new order emits ORDER_CREATED (or ORDER_ACCEPTED) to the location's POS.
 */
export async function createOrder(db: Executor, app: OrderingApp, request: CreateOrderRequest): Promise<{ order: OrderRow; created: boolean }> {
  if (!(await isConnected(db, app.partnerId, request.locationId))) {
    throw forbidden(`This partner is not connected to location ${request.locationId}.`);
  }
  const digest = requestDigest(request);
  const result = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(orders)
      .values({
        id: newPrefixedId('ord'),
        locationId: request.locationId,
        appPartnerId: app.partnerId,
        originOrderId: request.origin.orderId,
        originName: app.partnerName,
        status: request.status,
        content: request,
        requestDigest: digest,
        // SPEC.md Limits: measured on the database clock, which every instance shares.
        autoRejectAt: sql`now() + make_interval(secs => ${config().ORDER_AUTO_REJECT_SECONDS})`,
      })
      .onConflictDoNothing({ target: [orders.appPartnerId, orders.locationId, orders.originOrderId] })
      .returning();
    if (inserted) {
      await recordStatusChange(tx, { order: inserted, fromStatus: null, actor: { type: 'ORDERING_APP', partnerId: app.partnerId } });
      return { order: inserted, created: true };
    }
    const [existing] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.appPartnerId, app.partnerId), eq(orders.locationId, request.locationId), eq(orders.originOrderId, request.origin.orderId)));
    return { order: existing!, created: false };
  });
  if (!result.created && result.order.requestDigest !== digest) {
    throw conflict(`An order with origin.orderId ${request.origin.orderId} and different content already exists.`, 'ORDER_ID_CONFLICT');
  }
  return result;
}
