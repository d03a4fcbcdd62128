import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from '@/db/client';
import { metrics } from '@/lib/ops/metrics';
import { merchantLocations } from '@/lib/tenancy/merchants';
import type { MerchantRole } from '@/lib/tenancy/roles';
import type { MerchantCaller } from '@/lib/tenancy/scope';
import { READY_EVENT, SIGNED_OUT_EVENT } from './dashboard-stream-frames';
import { eventBus, type CommittedEvent, type EventInterest } from './event-bus';

export type DashboardViewer = { role: 'ADMIN' } | { role: 'LOYALTY_PARTNER'; partnerId: string } | ({ role: MerchantRole } & MerchantCaller);

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
 * Which committed events a dashboard user may see: merchant members the locations they reach (a restricted member: its own), loyalty partner reviewers their
 * partner's, admins all. A merchant's stream makes the bus load only its own locations' events; a reviewer's
 * events are told apart by recipients, which only the loaded event names.
 */
export async function dashboardEventFilter(db: Executor, viewer: DashboardViewer): Promise<DashboardEventFilter> {
  if (viewer.role === 'ADMIN') return { include: () => true };
  if (viewer.role === 'LOYALTY_PARTNER') return { include: ({ recipients }) => recipients.includes(viewer.partnerId) };
  const locationIds = new Set((await merchantLocations(db, { merchantId: viewer.merchantId, locationIds: viewer.locationIds })).map((location) => location.id));
  return { include: ({ event }) => Boolean(event.locationId && locationIds.has(event.locationId)), wants: { locationIds } };
}

/**
 * Dashboard-only notices: changes that have no partner event of their own (docs/contract.md#events lists none for a loyalty
 * partner's onboarding decision) but that an open dashboard page shows, e.g. the merchant's loyalty page. Sent with
 * pg_notify inside the deciding transaction, so they arrive after commit on every instance.
 */
export const DASHBOARD_CHANNEL = 'counterpart_dashboard';

export interface DashboardNotice {
  type: 'LOYALTY_ONBOARDING_DECIDED';
  locationId: string;
  /** The partners concerned (a reviewer sees its own partner's notices). */
  partnerIds: string[];
  resourceId: string;
}

/** Queues a dashboard notice in `db`'s transaction (delivered on commit). */
export async function notifyDashboard(db: Executor, notice: DashboardNotice): Promise<void> {
  await db.execute(sql`select pg_notify(${DASHBOARD_CHANNEL}, ${JSON.stringify(notice)})`);
}

// Proxies close idle connections; a comment line every 25 s keeps the stream open.
const KEEP_ALIVE_MS = 25_000;
/**
 * What a dashboard may leave unread before its stream is dropped: some 800 events, far more than a healthy browser
 * ever lags behind. A stalled tab (or a proxy that stopped reading) would otherwise hold every event since in memory.
 * The dashboard page reopens a dropped stream and fetches what it missed (components/live/use-live-events.ts).
 */
export const SLOW_DASHBOARD_BUFFER_BYTES = 256 * 1024;

// Why a stream was ended: an `AbortError`, as for a client that went away, so the response is cut without a 500.
const slowDashboardError = () => new DOMException('The dashboard reads its event stream too slowly', 'AbortError');

/**
 * A Server-Sent Events stream of the committed events `filter` includes, ending when `signal` aborts, or with an
 * error once more than SLOW_DASHBOARD_BUFFER_BYTES wait unread; `onClose` runs once it ends, however it ends. When it
 * ends because `sessionEnded` aborted, its last frame is a `signed-out` event, so the page goes to sign-in rather than
 * reopening a stream it may no longer have.
 */
export function dashboardEventStream(
  handle: DatabaseHandle,
  filter: DashboardEventFilter,
  signal: AbortSignal,
  onClose: () => void = () => {},
  sessionEnded?: AbortSignal,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const write = (text: string) => {
          const chunk = encoder.encode(text);
          // With a high-water mark of 0, -desiredSize is the number of bytes enqueued and not yet read.
          if (-(controller.desiredSize ?? 0) + chunk.byteLength > SLOW_DASHBOARD_BUFFER_BYTES) {
            controller.error(slowDashboardError());
            cleanup();
            return;
          }
          try {
            controller.enqueue(chunk);
          } catch {
            cleanup();
          }
        };
        const unsubscribe = eventBus(handle).subscribe((committed) => {
          if (!filter.include(committed)) return;
          const live: LiveEvent = { type: committed.event.type, locationId: committed.event.locationId, data: committed.event.data };
          write(`id: ${committed.event.id}\ndata: ${JSON.stringify(live)}\n\n`);
        }, filter.wants);
        let unlistenNotices: (() => Promise<void>) | undefined;
        let closed = false;
        void handle
          .listen(DASHBOARD_CHANNEL, (payload) => {
            let notice: DashboardNotice;
            try {
              notice = JSON.parse(payload) as DashboardNotice;
            } catch {
              return;
            }
            const live: LiveEvent = {
              type: notice.type,
              locationId: notice.locationId,
              data: { id: notice.resourceId, uri: '', resource: 'onboarding-request', version: 0 },
            };
            const asCommitted = { event: { ...live, id: '', createdAt: new Date().toISOString() }, recipients: notice.partnerIds } as unknown as CommittedEvent;
            if (filter.include(asCommitted)) write(`data: ${JSON.stringify(live)}\n\n`);
          })
          .then((unlisten) => {
            if (closed) void unlisten();
            else unlistenNotices = unlisten;
          })
          .catch(() => undefined);
        const keepAlive = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
        const connections = metrics().sseConnections;
        connections.inc();
        cleanup = () => {
          if (!closed) {
            connections.dec();
            onClose();
          }
          closed = true;
          clearInterval(keepAlive);
          unsubscribe();
          void unlistenNotices?.().catch(() => undefined);
          try {
            controller.close();
          } catch {
            // Already closed by the client going away.
          }
        };
        write('retry: 3000\n\n');
        // The bus's LISTEN (set up by the first subscription of this instance) may still be on its way, on a freshly
        // started instance say: the page reloads on `ready` rather than on open, so an event committed in between is
        // in that reload.
        void eventBus(handle)
          .listening()
          .then(() => {
            if (!closed) write(`event: ${READY_EVENT}\ndata: {}\n\n`);
          });
        const end = () => {
          if (sessionEnded?.aborted && !closed) write(`event: ${SIGNED_OUT_EVENT}\ndata: {}\n\n`);
          cleanup();
        };
        if (signal.aborted) end();
        else signal.addEventListener('abort', end, { once: true });
      },
      cancel() {
        cleanup();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
  );
}
