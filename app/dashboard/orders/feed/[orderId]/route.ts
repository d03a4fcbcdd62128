import { notFound } from '@/lib/http/errors';
import { orderDocket } from '@/lib/orders/board-view';
import { dashboardRoute } from '../../../_lib/route';

export const dynamic = 'force-dynamic';

/** One order's docket and status history, for the board's detail panel. */
export const GET = dashboardRoute({ roles: ['MERCHANT'] }, async ({ db, user, params }) => {
  const docket = await orderDocket(db, user.merchantId, params.orderId ?? '');
  if (!docket) throw notFound('Order');
  return Response.json(docket);
});
