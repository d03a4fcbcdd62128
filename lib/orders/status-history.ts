import { asc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { orderStatusChanges } from '@/db/schema';
import { emitEvent, type EmitEventInput } from '@/lib/events/outbox';
import { newPrefixedId } from '@/lib/ids';
import type { OrderRow } from './order-record';
import { orderEventType, type OrderStatus } from './transitions';

/** Who made a status change: a partner through the API, or the service itself (auto-reject). */
export type OrderActor =
  | { type: 'POS' | 'ORDERING_APP'; partnerId: string }
  | { type: 'SYSTEM' };

export interface StatusChangeRecord {
  order: OrderRow;
  fromStatus: OrderStatus | null;
  reason?: string | undefined;
  actor: OrderActor;
}

/**
 * Records who moved the order, when and why, and emits its event in the caller's transaction (CONTRACT §7), in
 * one statement. A new order is announced to the location's POS; a later change goes to the app that created the
 * order and to the POS, minus the partner that made it (emitEvent leaves the actor out; auto-reject has none).
 */
export async function recordStatusChange(tx: Executor, { order, fromStatus, reason, actor }: StatusChangeRecord): Promise<void> {
  const actorPartnerId = actor.type === 'SYSTEM' ? null : actor.partnerId;
  const history = tx.insert(orderStatusChanges).values({
    id: newPrefixedId('osc'),
    orderId: order.id,
    fromStatus,
    toStatus: order.status,
    statusInfo: order.statusInfo,
    reason: reason ?? null,
    actorType: actor.type,
    actorPartnerId,
    version: order.version,
    createdAt: order.updatedAt,
  });
  const event = {
    type: orderEventType(order.status),
    locationId: order.locationId,
    resource: 'order',
    resourceId: order.id,
    version: order.version,
    actorPartnerId,
    audience: fromStatus === null ? { connectedPartnerTypes: ['POS'] } : { partnerIds: [order.appPartnerId], connectedPartnerTypes: ['POS'] },
  } satisfies EmitEventInput;
  await emitEvent(tx, event, { alongside: history.getSQL() });
}

export type StatusHistoryEntry = typeof orderStatusChanges.$inferSelect;

/** An order's status changes, oldest first. */
export async function statusHistory(db: Executor, orderId: string): Promise<StatusHistoryEntry[]> {
  return db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, orderId)).orderBy(asc(orderStatusChanges.createdAt), asc(orderStatusChanges.version));
}
