import { ORDER_STATUSES } from '@/db/statuses';

export { ORDER_STATUSES };

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** CREATED is only ever set by creating the order: the PATCH status list (docs/domain.md#order-status) leaves it out. */
export type PatchOrderStatus = Exclude<OrderStatus, 'CREATED'>;

export const PATCH_ORDER_STATUSES = ORDER_STATUSES.filter((status): status is PatchOrderStatus => status !== 'CREATED');

/** Statuses that end an order without its being fulfilled; each needs a reason (docs/domain.md#order-status). */
export const UNFULFILLED_FINAL_STATUSES = ['REJECTED', 'CANCELLED_BY_MERCHANT', 'CANCELLED_BY_CUSTOMER'] as const satisfies readonly OrderStatus[];

/** docs/contract.md#orders: an order in one of these statuses accepts no other status. */
export const FINAL_ORDER_STATUSES = [...UNFULFILLED_FINAL_STATUSES, 'FULFILLED'] as const satisfies readonly OrderStatus[];

/** docs/contract.md#orders: the only statuses an ordering app may set on its own orders. */
export const APP_SETTABLE_ORDER_STATUSES = ['CANCELLED_BY_CUSTOMER', 'FULFILLED'] as const satisfies readonly PatchOrderStatus[];

/** Who moves an order: its location's POS, the app that created it, or a merchant user on the board (as a POS). */
export type StatusChangeActor = 'POS' | 'ORDERING_APP' | 'MERCHANT';

/** docs/domain.md#order: how the customer receives the order; optional, so a rule that depends on it may not know it. */
export type FulfilmentType = 'PICK_UP' | 'DINE_IN' | 'DELIVERY';

export type StatusChangeDecision = { kind: 'noop' } | { kind: 'change' } | { kind: 'forbidden' } | { kind: 'conflict'; message: string };

/** The order as the decision needs it: its status, how it is fulfilled, and whether the service rejected it. */
export interface OrderForStatusChange {
  status: OrderStatus;
  fulfilmentType?: FulfilmentType | undefined;
  /** statusInfo AUTO_REJECTED_BY_TIMEOUT. */
  autoRejected?: boolean;
}

export function isFinalOrderStatus(status: OrderStatus): boolean {
  return (FINAL_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

/**
 * docs/domain.md#order-status: OUT_FOR_DELIVERY applies "where applicable", so not to an order picked up or eaten in;
 * FULFILLED means "picked up by the customer; not applicable if dispatched for delivery", so not to a DELIVERY order
 * nor to one already out for delivery. Why `next` does not apply to the order, or null when it does.
 */
function inapplicable(order: OrderForStatusChange, next: PatchOrderStatus): string | null {
  if (next === 'OUT_FOR_DELIVERY' && (order.fulfilmentType === 'PICK_UP' || order.fulfilmentType === 'DINE_IN')) {
    return `a ${order.fulfilmentType} order is not delivered`;
  }
  if (next === 'FULFILLED' && order.fulfilmentType === 'DELIVERY') return 'a DELIVERY order is dispatched for delivery, not picked up';
  if (next === 'FULFILLED' && order.status === 'OUT_FOR_DELIVERY') return 'the order was dispatched for delivery, not picked up';
  return null;
}

const conflictWith = (current: OrderStatus, next: PatchOrderStatus, why?: string) => ({
  kind: 'conflict' as const,
  message: `Order status conflict. Order status ${current} cannot be updated to ${next}${why ? `: ${why}` : ''}.`,
});

/**
 * Decides what a PATCH of an order's status does (docs/contract.md#orders, docs/domain.md#order-status), for the POS, the app and
 * the merchant's board alike. The actor's permission is checked first: an app asking for a status it may never set
 * is 403 whatever state the order is in, so the answer does not depend on (or reveal) the order's state.
 */
export function decideStatusChange({
  order,
  next,
  actor,
}: {
  order: OrderForStatusChange;
  next: PatchOrderStatus;
  actor: StatusChangeActor;
}): StatusChangeDecision {
  const current = order.status;
  if (actor === 'ORDERING_APP' && !(APP_SETTABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(next)) {
    return { kind: 'forbidden' };
  }
  // docs/domain.md#auto-reject: an order auto-rejected after two minutes in CREATED accepts no further update, not even the
  // REJECTED a POS sends too late, so the POS learns its own rejection did not count.
  if (order.autoRejected) {
    return conflictWith(current, next, 'the order was rejected automatically (AUTO_REJECTED_BY_TIMEOUT) and accepts no further update');
  }
  // Setting the status an order already has is a no-op 204, even on a final order.
  if (current === next) return { kind: 'noop' };
  if (isFinalOrderStatus(current)) return conflictWith(current, next);
  const why = inapplicable(order, next);
  return why ? conflictWith(current, next, why) : { kind: 'change' };
}

export type OrderEventType = `ORDER_${OrderStatus}`;

/** docs/contract.md#events names each order event after the status it reports. */
export function orderEventType(status: OrderStatus): OrderEventType {
  return `ORDER_${status}`;
}
