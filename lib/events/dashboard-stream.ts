import type { DatabaseHandle, Executor } from '@/db/client';
import { merchantLocations } from '@/lib/tenancy/merchants';
import type { UserRole } from '@/lib/tenancy/users';
import { eventBus, type CommittedEvent, type EventInterest } from './event-bus';

export interface DashboardViewer {
  role: UserRole;
  merchantId: string | null;
  partnerId: string | null;
}

/** What the dashboard's live views receive for each committed event. */
export interface LiveEvent {
  type: string;
  locationId: string | null;
  data: CommittedEvent['event']['data'];
}

/** Which committed events a dashboard user sees (`include`), and which are worth loading at all (`wants`: all if unset). */
export interface DashboardEventFilter {
  include: (committed: CommittedEvent) => boolean;
  wants?: EventInterest;
}

/**
 * Which committed events a dashboard user may see: merchants their own locations', loyalty partner reviewers their
 * partner's, admins all. A merchant's stream makes the bus load only its own locations' events; a reviewer's
 * events are told apart by recipients, which only the loaded event names.
 */
export async function dashboardEventFilter(db: Executor, viewer: DashboardViewer): Promise<DashboardEventFilter> {
  if (viewer.role === 'ADMIN') return { include: () => true };
  if (viewer.role === 'LOYALTY_PARTNER') return { include: ({ recipients }) => Boolean(viewer.partnerId && recipients.includes(viewer.partnerId)) };
  const locationIds = new Set(viewer.merchantId ? (await merchantLocations(db, viewer.merchantId)).map((location) => location.id) : []);
  const ownLocation = (locationId: string | null) => Boolean(locationId && locationIds.has(locationId));
  return { include: ({ event }) => ownLocation(event.locationId), wants: ({ locationId }) => ownLocation(locationId) };
}

// Proxies close idle connections; a comment line every 25 s keeps the stream open.
const KEEP_ALIVE_MS = 25_000;

/** A Server-Sent Events stream of the committed events `filter` includes, ending when `signal` aborts. */
export function dashboardEventStream(handle: DatabaseHandle, filter: DashboardEventFilter, signal: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const unsubscribe = eventBus(handle).subscribe((committed) => {
        if (!filter.include(committed)) return;
        const live: LiveEvent = { type: committed.event.type, locationId: committed.event.locationId, data: committed.event.data };
        write(`id: ${committed.event.id}\ndata: ${JSON.stringify(live)}\n\n`);
      }, filter.wants);
      const keepAlive = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      cleanup = () => {
        clearInterval(keepAlive);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // Already closed by the client going away.
        }
      };
      write('retry: 3000\n\n');
      signal.addEventListener('abort', () => cleanup(), { once: true });
    },
    cancel() {
      cleanup();
    },
  });
}
