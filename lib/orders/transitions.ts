/** The nine order statuses of SPEC.md "Order", in the order an order usually moves through them. */
export const ORDER_STATUSES = [
  'CREATED',
  'ACCEPTED',
  'REJECTED',
  'BEING_PREPARED',
  'READY',
  'OUT_FOR_DELIVERY',
  'CANCELLED_BY_MERCHANT',
  'CANCELLED_BY_CUSTOMER',
  'FULFILLED',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** CREATED is only ever set by creating the order: SPEC.md's PATCH enum leaves it out. */
export type PatchOrderStatus = Exclude<OrderStatus, 'CREATED'>;

export const PATCH_ORDER_STATUSES = ORDER_STATUSES.filter((status): status is PatchOrderStatus => status !== 'CREATED');

/** Statuses that end an order without its being fulfilled; each needs a reason (SPEC.md "Order status"). */
export const UNFULFILLED_FINAL_STATUSES = ['REJECTED', 'CANCELLED_BY_MERCHANT', 'CANCELLED_BY_CUSTOMER'] as const satisfies readonly OrderStatus[];

/** CONTRACT §6: an order in one of these statuses accepts no other status. */
export const FINAL_ORDER_STATUSES = [...UNFULFILLED_FINAL_STATUSES, 'FULFILLED'] as const satisfies readonly OrderStatus[];

/** CONTRACT §6: the only statuses an ordering app may set on its own orders. */
export const APP_SETTABLE_ORDER_STATUSES = ['CANCELLED_BY_CUSTOMER', 'FULFILLED'] as const satisfies readonly PatchOrderStatus[];

/** Who moves an order: its location's POS, the app that created it, or a merchant user on the board (as a POS). */
export type StatusChangeActor = 'POS' | 'ORDERING_APP' | 'MERCHANT';

export type StatusChangeDecision = { kind: 'noop' } | { kind: 'change' } | { kind: 'forbidden' } | { kind: 'conflict'; message: string };

export function isFinalOrderStatus(status: OrderStatus): boolean {
  return (FINAL_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

/**
 * Decides what a PATCH of an order's status does (CONTRACT §6). The actor's permission is checked
 * first: an app asking for a status it may never set is 403 whatever state the order is in, so the
 * answer does not depend on (or reveal) the order's state.
 */
export function decideStatusChange({ current, next, actor }: { current: OrderStatus; next: PatchOrderStatus; actor: StatusChangeActor }): StatusChangeDecision {
  if (actor === 'ORDERING_APP' && !(APP_SETTABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(next)) {
    return { kind: 'forbidden' };
  }
  // Setting the status an order already has is a no-op 204, even on a final order.
  if (current === next) return { kind: 'noop' };
  if (isFinalOrderStatus(current)) {
    return { kind: 'conflict', message: `Order status conflict. Order status ${current} cannot be updated to ${next}.` };
  }
  return { kind: 'change' };
}

export type OrderEventType = `ORDER_${OrderStatus}`;

/** CONTRACT §7 names each order event after the status it reports. */
export function orderEventType(status: OrderStatus): OrderEventType {
  return `ORDER_${status}`;
}
