import { auth } from '@/auth';
import { databaseHandle } from '@/db/client';
import { dashboardEventFilter, dashboardEventStream } from '@/lib/events/dashboard-stream';

export const dynamic = 'force-dynamic';

/** Live updates for the dashboard (orders, tables, bookings pages): committed events in the user's scope, as SSE. */
export async function GET(request: Request) {
  const session = await auth();
  if (!session?.user?.id) return new Response('Sign in to follow live updates.', { status: 401 });
  const handle = databaseHandle();
  const filter = await dashboardEventFilter(handle.db, session.user);
  return new Response(dashboardEventStream(handle, filter, request.signal), {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    },
  });
}
