import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { orders } from '@/db/schema';
import type { PartnerPrincipal } from '@/lib/auth/access-tokens';
import { notFound } from '@/lib/errors';
import { inScope, type MerchantCaller } from '@/lib/tenancy/scope';
import { autoRejectOverdueOrders, isOverdue } from './auto-reject';
import type { OrderRow } from './order-record';

export type PartnerOrderCaller = Pick<PartnerPrincipal, 'partnerId' | 'partnerType' | 'scope'>;

/** A partner through the API, or a merchant user on the board. */
export type OrderCaller = PartnerOrderCaller | (MerchantCaller & { userId: string });

/**
 * Who sees an order (docs/contract.md#scope, docs/contract.md#orders): a POS whose token reaches its location, the app that created it, and the
 * merchant owning the location. Everyone else is answered as if the order did not exist.
 */
export function visibleTo(db: Executor, caller: OrderCaller): SQL {
  if ('merchantId' in caller) return inScope(db, { merchantId: caller.merchantId, locationIds: caller.locationIds }, orders.locationId);
  if (caller.partnerType === 'ORDERING_APP') return eq(orders.appPartnerId, caller.partnerId);
  if (caller.partnerType === 'POS') return inScope(db, caller, orders.locationId);
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
