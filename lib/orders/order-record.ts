import type { orders } from '@/db/schema';
import type { CreateOrderRequest, OrderResponseInput } from './schema';
import type { OrderForStatusChange, OrderStatus } from './transitions';

export type OrderRow = typeof orders.$inferSelect;

/** docs/domain.md#order statusInfo: the only value, set when the service rejected an order nobody accepted in time. */
export const AUTO_REJECTED_BY_TIMEOUT = 'AUTO_REJECTED_BY_TIMEOUT';

/** The validated create request as stored in `orders.content`; the resource is rebuilt from it on every read. */
export type OrderContent = CreateOrderRequest;

/**
 * The Order resource of a stored order, before it is parsed through the public schema of the asked version
 * (toOrderResponse), which drops what that version does not show.
 */
export function orderResource(row: OrderRow): OrderResponseInput {
  const content = row.content as OrderContent;
  return {
    ...content,
    id: row.id,
    locationId: row.locationId,
    origin: { orderId: row.originOrderId, orderReference: content.origin.orderReference, name: row.originName },
    status: row.status as OrderStatus,
    ...(row.statusInfo ? { statusInfo: row.statusInfo as typeof AUTO_REJECTED_BY_TIMEOUT } : {}),
  };
}

/** What the status rules (./transitions) read of a stored order. */
export function orderForStatusChange(row: Pick<OrderRow, 'status' | 'statusInfo' | 'content'>): OrderForStatusChange {
  return {
    status: row.status as OrderStatus,
    fulfilmentType: (row.content as OrderContent).fulfilment.type,
    autoRejected: row.statusInfo === AUTO_REJECTED_BY_TIMEOUT,
  };
}
