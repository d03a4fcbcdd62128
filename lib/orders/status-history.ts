import type { Executor } from '@/db/client';
import { orderStatusChanges } from '@/db/schema';
import { emitEvent, type EmitEventInput } from '@/lib/events/outbox';
import { newPrefixedId } from '@/lib/ids';
import type { OrderRow } from './order-record';
import { orderEventType, type OrderStatus } from './transitions';

/** Who made a status change: a partner through the API, a merchant user on the board, or the service (auto-reject). */
export type OrderActor = { type: 'POS' | 'ORDERING_APP'; partnerId: string } | { type: 'MERCHANT'; userId: string } | { type: 'SYSTEM' };

export interface StatusChangeRecord {
  order: OrderRow;
  fromStatus: OrderStatus | null;
  reason?: string | undefined;
  actor: OrderActor;
}

/**
 * Records who moved the order, when and why, and emits its event in the caller's transaction (docs/contract.md#recipients), in
 * one statement. A new order is announced to the location's POS as ORDER_CREATED; a later change goes to the app that created the
 * order and to the POS, minus the partner that made it (emitEvent leaves the actor out; auto-reject has none).
 */
export async function recordStatusChange(tx: Executor, { order, fromStatus, reason, actor }: StatusChangeRecord): Promise<void> {
  // docs/contract.md#merchant-moves: the partner whose request caused the change is left out; the board's and the system's go to all.
  const actorPartnerId = actor.type === 'POS' || actor.type === 'ORDERING_APP' ? actor.partnerId : null;
  const history = tx.insert(orderStatusChanges).values({
    id: newPrefixedId('osc'),
    orderId: order.id,
    fromStatus,
    toStatus: order.status,
    statusInfo: order.statusInfo,
    reason: reason ?? null,
    actorType: actor.type,
    actorPartnerId,
    actorUserId: actor.type === 'MERCHANT' ? actor.userId : null,
    version: order.version,
    createdAt: order.updatedAt,
  });
  const event = {
    // docs/domain.md#status-rules: the new-order event is "a new order is created for the POS", whatever status the app created it in:
    // one change, one event, so an order created ACCEPTED is ORDER_CREATED (version 1), never also ORDER_ACCEPTED.
    type: fromStatus === null ? orderEventType('CREATED') : orderEventType(order.status),
    locationId: order.locationId,
    resource: 'order',
    resourceId: order.id,
    version: order.version,
    actorPartnerId,
    audience: fromStatus === null ? { connectedPartnerTypes: ['POS'] } : { partnerIds: [order.appPartnerId], connectedPartnerTypes: ['POS'] },
  } satisfies EmitEventInput;
  await emitEvent(tx, event, { alongside: history });
}
