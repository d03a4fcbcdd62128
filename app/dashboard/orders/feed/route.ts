import { z } from 'zod';
import { boardOrders, merchantLocations, posOnlineLocations } from '@/lib/orders/board-view';
import { ORDER_STATUSES } from '@/lib/orders/transitions';
import { MERCHANT_ROLES } from '@/lib/tenancy/roles';
import { dashboardRoute } from '../../_lib/route';

export const dynamic = 'force-dynamic';

const filtersSchema = z.object({
  locationId: z.string().min(1).max(50).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  date: z.iso.date().optional(),
});

/** The live board's data, refetched by the page whenever an order event arrives on the dashboard stream. */
export const GET = dashboardRoute(
  { roles: MERCHANT_ROLES, permission: 'board.view', query: filtersSchema },
  async ({ db, user, query: { locationId, status, date } }) => {
    const board = await boardOrders(db, user, { locationId, statuses: status ? [status] : undefined, day: date });
    const posOnline = await posOnlineLocations(
      db,
      (await merchantLocations(db, user)).map((location) => location.id),
    );
    return Response.json({ ...board, posOnline });
  },
);
