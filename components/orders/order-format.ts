import type { OrderStatus } from '@/lib/orders/transitions';

/** Board columns, left to right in the order an order moves; finished orders share the last two. */
export const BOARD_COLUMNS: { title: string; statuses: readonly OrderStatus[] }[] = [
  { title: 'New', statuses: ['CREATED'] },
  { title: 'Accepted', statuses: ['ACCEPTED'] },
  { title: 'Preparing', statuses: ['BEING_PREPARED'] },
  { title: 'Ready', statuses: ['READY'] },
  { title: 'Out for delivery', statuses: ['OUT_FOR_DELIVERY'] },
  { title: 'Fulfilled', statuses: ['FULFILLED'] },
  { title: 'Rejected or cancelled', statuses: ['REJECTED', 'CANCELLED_BY_MERCHANT', 'CANCELLED_BY_CUSTOMER'] },
];

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

/** Money is integer cents (SPEC.md "Money"). */
export function formatMoney(money: { amount: number; currency?: string }): string {
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency: money.currency ?? 'AUD' }).format(money.amount / 100);
}

export function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-AU', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}
