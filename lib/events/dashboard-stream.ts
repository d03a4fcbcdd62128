import type { DatabaseHandle, Executor } from '@/db/client';
import { merchantLocations } from '@/lib/tenancy/merchants';
import type { UserRole } from '@/lib/tenancy/users';
import { eventBus, type CommittedEvent } from './event-bus';

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

/**
 * Which committed events a dashboard user may see: merchants their own locations', loyalty partner reviewers their
 * partner's, admins all.
 */
export async function dashboardEventFilter(db: Executor, viewer: DashboardViewer): Promise<(committed: CommittedEvent) => boolean> {
  if (viewer.role === 'ADMIN') return () => true;
  if (viewer.role === 'LOYALTY_PARTNER') return ({ recipients }) => Boolean(viewer.partnerId && recipients.includes(viewer.partnerId));
  const locationIds = new Set(viewer.merchantId ? (await merchantLocations(db, viewer.merchantId)).map((location) => location.id) : []);
  return ({ event }) => Boolean(event.locationId && locationIds.has(event.locationId));
}

// Proxies close idle connections; a comment line every 25 s keeps the stream open.
const KEEP_ALIVE_MS = 25_000;

/** A Server-Sent Events stream of the committed events `include` accepts, ending when `signal` aborts. */
export function dashboardEventStream(handle: DatabaseHandle, include: (committed: CommittedEvent) => boolean, signal: AbortSignal): ReadableStream<Uint8Array> {
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
        if (!include(committed)) return;
        const live: LiveEvent = { type: committed.event.type, locationId: committed.event.locationId, data: committed.event.data };
        write(`id: ${committed.event.id}\ndata: ${JSON.stringify(live)}\n\n`);
      });
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
