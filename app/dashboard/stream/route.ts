import { databaseHandle } from '@/db/client';
import { dashboardEventFilter, dashboardEventStream } from '@/lib/events/dashboard-stream';
import { sessionWatcher } from '@/lib/tenancy/session-watch';
import { dashboardRoute, signInRequired } from '../_lib/route';

export const dynamic = 'force-dynamic';

/**
 * Live updates for the dashboard (orders, tables, bookings pages): committed events in the user's scope, as SSE, for
 * as long as the session lasts (it ends with a sign-out, the user's sessions ending or its expiry, on any instance).
 */
export const GET = dashboardRoute({ roles: ['OWNER', 'MANAGER', 'STAFF', 'LOYALTY_PARTNER', 'ADMIN'] }, async ({ request, user, sessionKey }) => {
  const handle = databaseHandle();
  const filter = await dashboardEventFilter(handle.db, user);
  const session = await sessionWatcher(handle).watch({ key: sessionKey, userId: user.id });
  if (!session) throw signInRequired();
  const stream = dashboardEventStream(handle, filter, AbortSignal.any([request.signal, session.ended]), session.stop, session.ended);
  return new Response(stream, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    },
  });
});
