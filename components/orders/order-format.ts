import { decideStatusChange, UNFULFILLED_FINAL_STATUSES, type FulfilmentType, type OrderStatus } from '@/lib/orders/transitions';

export const DONE_STATUSES: readonly OrderStatus[] = ['FULFILLED', ...UNFULFILLED_FINAL_STATUSES];

/** A move on the pass: the status it sets and the button's words. */
export interface PassMove {
  status: Exclude<OrderStatus, 'CREATED'>;
  label: string;
  /** Asks for a reason first (docs/domain.md#status-rules: required for REJECTED and CANCELLED_BY_MERCHANT). */
  needsReason?: boolean;
}

/** The moves the board puts forward from each status, before the status rules pick those that apply. */
function candidateMoves(status: OrderStatus): PassMove[] {
  const cancel: PassMove = { status: 'CANCELLED_BY_MERCHANT', label: 'Cancel order', needsReason: true };
  const fulfil: PassMove = { status: 'FULFILLED', label: 'Mark fulfilled' };
  switch (status) {
    case 'CREATED':
      return [
        { status: 'ACCEPTED', label: 'Accept' },
        { status: 'REJECTED', label: 'Reject', needsReason: true },
      ];
    case 'ACCEPTED':
      return [{ status: 'BEING_PREPARED', label: 'Start preparing' }, cancel];
    case 'BEING_PREPARED':
      return [{ status: 'READY', label: 'Mark ready' }, cancel];
    case 'READY':
      return [{ status: 'OUT_FOR_DELIVERY', label: 'Out for delivery' }, fulfil, cancel];
    case 'OUT_FOR_DELIVERY':
      return [fulfil, cancel];
    default:
      return [];
  }
}

/**
 * The next moves the board offers for an order: accept or reject a new order, then preparing → ready → out for
 * delivery (a DELIVERY order) or fulfilled (one picked up or eaten in), or cancel. Only the moves the status
 * table allows for this order are offered, decided by the same rules as a POS PATCH (lib/orders/transitions).
 */
export function passMoves(status: OrderStatus, fulfilmentType: string | null): PassMove[] {
  const order = { status, fulfilmentType: (fulfilmentType ?? undefined) as FulfilmentType | undefined };
  return candidateMoves(status).filter((move) => {
    // Offered only where it is a step forward for this order: delivery is offered for DELIVERY orders alone.
    if (move.status === 'OUT_FOR_DELIVERY' && order.fulfilmentType !== 'DELIVERY') return false;
    return decideStatusChange({ order, next: move.status, actor: 'MERCHANT' }).kind === 'change';
  });
}

/**
 * Reasons a kitchen commonly gives when it turns an order down or cancels it, those that fit the order (no delivery
 * reason for a pick-up); "Other" takes the merchant's own words.
 */
export function rejectReasons(fulfilmentType: string | null): string[] {
  return [
    'Item unavailable',
    'Too busy',
    'Closing soon',
    ...(fulfilmentType === 'DELIVERY' ? ['Cannot deliver to this address', 'No driver available'] : []),
    ...(fulfilmentType === 'DINE_IN' ? ['Table not available'] : []),
  ];
}

export const STATUS_LABELS: Record<OrderStatus, string> = {
  CREATED: 'New',
  ACCEPTED: 'Accepted',
  REJECTED: 'Rejected',
  BEING_PREPARED: 'Preparing',
  READY: 'Ready',
  OUT_FOR_DELIVERY: 'Out for delivery',
  CANCELLED_BY_MERCHANT: 'Cancelled by merchant',
  CANCELLED_BY_CUSTOMER: 'Cancelled by customer',
  FULFILLED: 'Fulfilled',
};

export const FULFILMENT_LABELS: Record<string, string> = { PICK_UP: 'Pick up', DINE_IN: 'Dine in', DELIVERY: 'Delivery' };

/** Money is integer cents (docs/domain.md#money). */
export function formatMoney(money: { amount: number; currency?: string }): string {
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency: money.currency ?? 'AUD' }).format(money.amount / 100);
}
