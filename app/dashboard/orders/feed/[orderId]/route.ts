import { notFound } from '@/lib/http/errors';
import { orderDocket } from '@/lib/orders/board-view';
import { MERCHANT_ROLES } from '@/lib/tenancy/roles';
import { dashboardRoute } from '../../../_lib/route';

export const dynamic = 'force-dynamic';

/** One order's docket and status history, for the board's detail panel. */
export const GET = dashboardRoute({ roles: MERCHANT_ROLES, permission: 'board.view' }, async ({ db, user, params }) => {
  const docket = await orderDocket(db, user, params.orderId ?? '');
  if (!docket) throw notFound('Order');
  return Response.json(docket);
});
