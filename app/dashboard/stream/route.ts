import { databaseHandle } from '@/db/client';
import { dashboardEventFilter, dashboardEventStream } from '@/lib/events/dashboard-stream';
import { dashboardRoute } from '../_lib/route';

export const dynamic = 'force-dynamic';

/** Live updates for the dashboard (orders, tables, bookings pages): committed events in the user's scope, as SSE. */
export const GET = dashboardRoute({ roles: ['MERCHANT', 'LOYALTY_PARTNER', 'ADMIN'] }, async ({ request, user }) => {
  const handle = databaseHandle();
  const filter = await dashboardEventFilter(handle.db, user);
  return new Response(dashboardEventStream(handle, filter, request.signal), {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    },
  });
});
