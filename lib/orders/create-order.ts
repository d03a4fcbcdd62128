import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { contentDigest } from '@/lib/canonical-json';
import { orders } from '@/db/schema';
import { config } from '@/lib/config';
import { conflict } from '@/lib/errors';
import { newPrefixedId } from '@/lib/ids';
import { admitOrder } from '@/lib/availability/order-intake';
import { assertInScope, type ScopedCaller } from '@/lib/tenancy/scope';
import type { OrderRow } from './order-record';
import type { CreateOrderRequest } from './schema';
import { recordStatusChange } from './status-history';

/** The ordering app creating the order; its name becomes `origin.name` (never taken from the request). */
export interface OrderingApp extends ScopedCaller {
  partnerId: string;
  partnerName: string;
}

/**
 * POST /orders (docs/contract.md#orders). The location must be within the app's scope (403). The same `origin.orderId` from the
 * same app at the same location answers the first order when the content is the same, and 409 ORDER_ID_CONFLICT
 * when it differs; only a new order emits ORDER_CREATED (version 1, also for an order created ACCEPTED) to the
 * location's POS.
 */
export async function createOrder(db: Executor, app: OrderingApp, request: CreateOrderRequest): Promise<{ order: OrderRow; created: boolean }> {
  await assertInScope(db, app, request.locationId);
  const digest = contentDigest(request);
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
        // docs/domain.md#auto-reject: measured on the database clock, which every instance shares.
        autoRejectAt: sql`now() + make_interval(secs => ${config().ORDER_AUTO_REJECT_SECONDS})`,
      })
      .onConflictDoNothing({ target: [orders.appPartnerId, orders.locationId, orders.originOrderId] })
      .returning();
    if (inserted) {
      // docs/contract.md#availability: checked for a new order only, so a re-sent one is still answered; a refusal rolls the
      // insert back.
      const intake = await admitOrder(tx, request.locationId, request.fulfilment.scheduledFor);
      if (intake.busyMinutes) {
        const [withIntake] = await tx
          .update(orders)
          .set({ content: { ...request, ...intake } })
          .where(eq(orders.id, inserted.id))
          .returning();
        await recordStatusChange(tx, { order: withIntake!, fromStatus: null, actor: { type: 'ORDERING_APP', partnerId: app.partnerId } });
        return { order: withIntake!, created: true };
      }
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
