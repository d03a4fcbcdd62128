import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { orders } from '@/db/schema';
import { conflict, forbidden, notFound } from '@/lib/errors';
import { autoRejectOverdueOrders } from './auto-reject';
import { orderColumnsWithDeadline, visibleTo, type OrderCaller, type PartnerOrderCaller } from './partner-access';
import type { PatchOrderRequest } from './schema';
import { recordStatusChange, type OrderActor } from './status-history';
import { orderForStatusChange } from './order-record';
import { decideStatusChange, type StatusChangeActor } from './transitions';

/** Only a POS and an ordering app have business with an order's status (403 for other partners). */
function partnerActor(caller: PartnerOrderCaller): OrderActor {
  if (caller.partnerType !== 'POS' && caller.partnerType !== 'ORDERING_APP') throw forbidden(`${caller.partnerType} partners may not update orders.`);
  return { type: caller.partnerType, partnerId: caller.partnerId };
}

/**
 * PATCH /orders/{id} (docs/contract.md#orders), and the merchant's moves on the board, which follow a POS's rules (docs/contract.md#merchant-moves).
 * The order row is locked for the decision, so two updates never both pass it. An order past its auto-reject
 * deadline is rejected first, in the same transaction, so a late ACCEPT gets 409. Errors are thrown after the
 * transaction so that auto-reject still commits when the update itself is refused.
 */
export async function changeOrderStatus(db: Executor, caller: OrderCaller, orderId: string, update: PatchOrderRequest): Promise<{ changed: boolean }> {
  const actor: OrderActor = 'merchantId' in caller ? { type: 'MERCHANT', userId: caller.userId } : partnerActor(caller);
  const actorType = actor.type as StatusChangeActor;
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select(orderColumnsWithDeadline)
      .from(orders)
      .where(and(eq(orders.id, orderId), visibleTo(tx, caller)))
      .for('update', { of: orders });
    if (!row) return { kind: 'not-found' } as const;
    const { overdue, ...locked } = row;
    const current = overdue ? ((await autoRejectOverdueOrders(tx, { orderId }))[0] ?? locked) : locked;
    const decision = decideStatusChange({ order: orderForStatusChange(current), next: update.status, actor: actorType });
    if (decision.kind !== 'change') return decision;
    const [changed] = await tx
      .update(orders)
      .set({ status: update.status, statusInfo: null, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
      .where(eq(orders.id, current.id))
      .returning();
    await recordStatusChange(tx, { order: changed!, fromStatus: current.status, reason: update.reason, actor });
    return decision;
  });
  switch (outcome.kind) {
    case 'not-found':
      throw notFound('Order');
    case 'forbidden':
      throw forbidden(`An ordering app may only set CANCELLED_BY_CUSTOMER or FULFILLED, not ${update.status}.`);
    case 'conflict':
      throw conflict(outcome.message, 'ORDER_STATUS_CONFLICT');
    case 'noop':
      return { changed: false };
    case 'change':
      return { changed: true };
  }
}
