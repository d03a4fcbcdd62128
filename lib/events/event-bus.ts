import { inArray } from 'drizzle-orm';
import type { DatabaseHandle } from '@/db/client';
import { eventRecipients, events } from '@/db/schema';
import { logger } from '@/lib/log';
import { publicEvent } from './event-json';
import { EVENTS_CHANNEL, parseEventNotice, type PublicEvent } from './outbox';

/** An event after its transaction committed, with the partners it is addressed to (CONTRACT §7 routing). */
export interface CommittedEvent {
  event: PublicEvent;
  recipients: string[];
}

export type CommittedEventListener = (committed: CommittedEvent) => void;

/**
 * Which events a listener wants, judged from the NOTIFY alone (before the event is loaded): the bus reads an event
 * from the database only when some listener wants it.
 */
export type EventInterest = (notice: { locationId: string | null }) => boolean;

export interface EventBus {
  /**
   * Calls `listener` with every event committed by any instance that `wants` (default: every event), in commit
   * order; returns the unsubscribe.
   */
  subscribe(listener: CommittedEventListener, wants?: EventInterest): () => void;
}

// One bus per database handle, shared by server.ts (WebSocket) and Next's route bundles (dashboard stream).
const buses = ((globalThis as typeof globalThis & { __counterpartEventBuses?: WeakMap<DatabaseHandle, EventBus> }).__counterpartEventBuses ??= new WeakMap());

const LOAD_BATCH = 500;
const everyEvent: EventInterest = () => true;

/**
 * Cross-instance fan-out: NOTIFY on `counterpart_events` arrives after commit on every instance (PostgreSQL and
 * PGlite alike); the bus loads those events in arrival order and hands them to local sockets and streams.
 */
export function eventBus(handle: DatabaseHandle): EventBus {
  const existing = buses.get(handle);
  if (existing) return existing;
  const log = logger().child({ component: 'event-bus' });
  const listeners = new Map<CommittedEventListener, EventInterest>();
  const queue: string[] = [];
  let draining = false;
  let listening: Promise<unknown> | undefined;

  const drain = async () => {
    if (draining) return;
    draining = true;
    try {
      while (queue.length) {
        const ids = queue.splice(0, LOAD_BATCH);
        if (!listeners.size) continue;
        for (const committed of await loadCommitted(handle, ids)) {
          for (const listener of listeners.keys()) {
            try {
              listener(committed);
            } catch (error) {
              log.error({ err: error }, 'event listener failed');
            }
          }
        }
      }
    } catch (error) {
      log.error({ err: error }, 'loading committed events failed');
    } finally {
      draining = false;
    }
  };

  const wanted = (notice: { locationId: string | null }) => {
    for (const wants of listeners.values()) if (wants(notice)) return true;
    return false;
  };

  const onNotify = (payload: string) => {
    const notice = parseEventNotice(payload);
    if (!notice.eventId || !wanted(notice)) return;
    queue.push(notice.eventId);
    void drain();
  };

  const bus: EventBus = {
    subscribe(listener, wants = everyEvent) {
      listening ??= handle.listen(EVENTS_CHANNEL, onNotify).catch((error: unknown) => {
        listening = undefined;
        log.error({ err: error }, 'cannot LISTEN for events');
      });
      listeners.set(listener, wants);
      return () => listeners.delete(listener);
    },
  };
  buses.set(handle, bus);
  return bus;
}

async function loadCommitted(handle: DatabaseHandle, ids: string[]): Promise<CommittedEvent[]> {
  const rows = await handle.db.select({ id: events.id, payload: events.payload }).from(events).where(inArray(events.id, ids));
  const recipientRows = await handle.db
    .select({ eventId: eventRecipients.eventId, partnerId: eventRecipients.partnerId })
    .from(eventRecipients)
    .where(inArray(eventRecipients.eventId, ids));
  const byId = new Map(rows.map((row) => [row.id, row.payload]));
  const recipients = new Map<string, string[]>();
  for (const row of recipientRows) recipients.set(row.eventId, [...(recipients.get(row.eventId) ?? []), row.partnerId]);
  return ids.flatMap((id) => (byId.has(id) ? [{ event: publicEvent(byId.get(id)), recipients: recipients.get(id) ?? [] }] : []));
}
