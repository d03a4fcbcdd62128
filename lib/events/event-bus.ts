import { inArray, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@/db/client';
import { eventRecipients, events } from '@/db/schema';
import { logger } from '@/lib/log';
import { publicEvent } from './event-json';
import { EVENTS_CHANNEL, parseEventNotice, type PublicEvent } from './outbox';

/** An event after its transaction committed, with the partners it is addressed to (docs/contract.md#recipients routing). */
export interface CommittedEvent {
  event: PublicEvent;
  recipients: string[];
}

export type CommittedEventListener = (committed: CommittedEvent) => void;

/**
 * Which events a listener wants, judged from the NOTIFY alone (before the event is loaded): the bus reads an event
 * from the database only when some listener wants it. A predicate sees every loaded event; a set of locations only
 * those locations' events, found by lookup, so thousands of such listeners (dashboards) cost nothing per event
 * addressed elsewhere.
 */
export type EventInterest = ((notice: { locationId: string | null }) => boolean) | { locationIds: ReadonlySet<string> };

export interface EventBus {
  /**
   * Calls `listener` with the events committed by any instance that `wants` (default: every event; with a predicate,
   * every event another listener made the bus load too), in commit order; returns the unsubscribe.
   */
  subscribe(listener: CommittedEventListener, wants?: EventInterest): () => void;
  /**
   * Settles once this instance's LISTEN, started by the first subscription, is in place: an event committed before
   * then reaches no subscriber live (a dashboard reloads its data; a POS reads the catch-up feed).
   */
  listening(): Promise<void>;
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
  const general = new Map<CommittedEventListener, (notice: { locationId: string | null }) => boolean>();
  const byLocation = new Map<string, Set<CommittedEventListener>>();
  const queue: string[] = [];
  let draining = false;
  let listening: Promise<unknown> | undefined;

  const drain = async () => {
    if (draining) return;
    draining = true;
    try {
      while (queue.length) {
        const ids = queue.splice(0, LOAD_BATCH);
        if (!general.size && !byLocation.size) continue;
        for (const committed of await loadCommitted(handle, ids)) {
          const { locationId } = committed.event;
          for (const listener of general.keys()) call(listener, committed);
          for (const listener of (locationId && byLocation.get(locationId)) || []) call(listener, committed);
        }
      }
    } catch (error) {
      log.error({ err: error }, 'loading committed events failed');
    } finally {
      draining = false;
    }
  };

  const call = (listener: CommittedEventListener, committed: CommittedEvent) => {
    try {
      listener(committed);
    } catch (error) {
      log.error({ err: error }, 'event listener failed');
    }
  };

  const wanted = (notice: { locationId: string | null }) => {
    if (notice.locationId && byLocation.has(notice.locationId)) return true;
    for (const wants of general.values()) if (wants(notice)) return true;
    return false;
  };

  const onNotify = (payload: string) => {
    const notice = parseEventNotice(payload);
    if (!notice.eventId || !wanted(notice)) return;
    queue.push(notice.eventId);
    void drain();
  };

  const bus: EventBus = {
    async listening() {
      await listening;
    },
    subscribe(listener, wants = everyEvent) {
      listening ??= handle.listen(EVENTS_CHANNEL, onNotify).catch((error: unknown) => {
        listening = undefined;
        log.error({ err: error }, 'cannot LISTEN for events');
      });
      if (typeof wants === 'function') {
        general.set(listener, wants);
        return () => void general.delete(listener);
      }
      for (const locationId of wants.locationIds) {
        const set = byLocation.get(locationId) ?? new Set();
        set.add(listener);
        byLocation.set(locationId, set);
      }
      return () => {
        for (const locationId of wants.locationIds) {
          const set = byLocation.get(locationId);
          set?.delete(listener);
          if (!set?.size) byLocation.delete(locationId);
        }
      };
    },
  };
  buses.set(handle, bus);
  return bus;
}

const recipientsOf = sql<string[]>`coalesce(
  (select json_agg(${eventRecipients.partnerId}) from ${eventRecipients} where ${eventRecipients.eventId} = ${events.id}), '[]'::json)`;

/** The events `ids` with their recipients, in the order of `ids`, in one statement (one round trip per batch). */
async function loadCommitted(handle: DatabaseHandle, ids: string[]): Promise<CommittedEvent[]> {
  const rows = await handle.db
    .select({
      id: events.id,
      payload: events.payload,
      recipients: recipientsOf,
    })
    .from(events)
    .where(inArray(events.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ event: publicEvent(row.payload), recipients: row.recipients }] : [];
  });
}
