import { and, eq, exists, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { connections, orders } from '@/db/schema';
import type { PartnerPrincipal } from '@/lib/auth/access-tokens';
import { notFound } from '@/lib/http/errors';
import { autoRejectOverdueOrders, isOverdue } from './auto-reject';
import type { OrderRow } from './order-record';

export type OrderCaller = Pick<PartnerPrincipal, 'partnerId' | 'partnerType'>;

/**
 * Who sees an order (CONTRACT §3, §6): the POS of its location and the app that created it. Everyone else is
 * answered as if the order did not exist.
 */
export function visibleTo(db: Executor, caller: OrderCaller): SQL {
  if (caller.partnerType === 'ORDERING_APP') return eq(orders.appPartnerId, caller.partnerId);
  if (caller.partnerType === 'POS') {
    const connected = db
      .select({ one: sql`1` })
      .from(connections)
      .where(and(eq(connections.partnerId, caller.partnerId), eq(connections.locationId, orders.locationId)));
    return exists(connected);
  }
  return sql`false`;
}

export const orderColumnsWithDeadline = { ...getTableColumns(orders), overdue: isOverdue };

/** The order as `caller` may see it, never a stale CREATED: an order past its deadline is rejected first. */
export async function findVisibleOrder(db: Executor, caller: OrderCaller, orderId: string): Promise<OrderRow> {
  const select = () =>
    db
      .select(orderColumnsWithDeadline)
      .from(orders)
      .where(and(eq(orders.id, orderId), visibleTo(db, caller)))
      .then(([row]) => row);
  const row = await select();
  if (!row) throw notFound('Order');
  const { overdue, ...order } = row;
  if (!overdue) return order;
  const [rejected] = await autoRejectOverdueOrders(db, { orderId });
  if (rejected) return rejected;
  // Another instance rejected it meanwhile: read its result.
  const { overdue: _settled, ...settled } = (await select())!;
  return settled;
}
