import type { DatabaseHandle } from '@/db/client';
import { ACCESS_CHANNEL, parseAccessNotice, type AccessNotice } from '@/lib/tenancy/access-notices';
import { logger } from '@/lib/log';
import { dashboardSessionDeadlines } from './users';

/** A dashboard session as a long-lived request holds it: the key the database stores it under, and its user. */
export interface WatchedSession {
  key: string;
  userId: string;
}

export interface SessionWatch {
  /**
   * Aborts once the session ends: signed out, ended with every session of its user (disabled, password or role
   * changed), or expired (its idle expiry or absolute lifetime passed without it being used again).
   */
  ended: AbortSignal;
  /** Stops watching, for a request that ended for another reason. */
  stop(): void;
}

export interface SessionWatcher {
  /** Watches a session from now on; undefined when it has already ended. */
  watch(session: WatchedSession): Promise<SessionWatch | undefined>;
}

export interface SessionWatcherOptions {
  /** How often every watched session is checked in the database, for an end whose notice was missed. */
  sweepIntervalMs?: number;
}

// An end is heard by its notice within moments; the sweep is for a notice lost while the LISTEN connection was
// re-established, as the POS sockets' sweep is.
const SWEEP_INTERVAL_MS = 20_000;
// A session is read again this long before its deadline, for a later one should it have been used meanwhile; if not,
// its stream ends at the deadline itself, with nothing to wait for then.
const LOOK_AHEAD_MS = 2000;
// setTimeout takes at most 2^31 - 1 ms; a later deadline is re-armed when that fires.
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Watch {
  session: WatchedSession;
  controller: AbortController;
  timer?: NodeJS.Timeout;
}

// One watcher per database handle, shared by every route bundle that holds streams open (as the event bus is).
const watchers = ((
  globalThis as typeof globalThis & { __counterpartSessionWatchers?: WeakMap<DatabaseHandle, SessionWatcher> }
).__counterpartSessionWatchers ??= new WeakMap());

/**
 * The dashboard sessions behind this instance's open live streams, each ended when its session ends, on every
 * instance: the session's end is announced on the access channel (as a POS token's revocation is, docs/contract.md#access-tokens), its
 * expiry is timed here, and a sweep catches a notice that was missed.
 */
export function sessionWatcher(handle: DatabaseHandle): SessionWatcher {
  const existing = watchers.get(handle);
  if (existing) return existing;
  const watcher = createSessionWatcher(handle);
  watchers.set(handle, watcher);
  return watcher;
}

/** A watcher of its own (tests: a short sweep); the server uses the shared `sessionWatcher(handle)`. */
export function createSessionWatcher(handle: DatabaseHandle, options: SessionWatcherOptions = {}): SessionWatcher {
  const log = logger().child({ component: 'session-watch' });
  const watches = new Set<Watch>();
  let listening: Promise<unknown> | undefined;
  let sweeper: NodeJS.Timeout | undefined;

  const forget = (watch: Watch) => {
    clearTimeout(watch.timer);
    watches.delete(watch);
    if (!watches.size) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  };
  const end = (watch: Watch) => {
    forget(watch);
    watch.controller.abort();
  };
  const endWhere = (matches: (session: WatchedSession) => boolean) => {
    for (const watch of watches) if (matches(watch.session)) end(watch);
  };

  /** Times a live session's end: read again shortly before `deadline` (used meanwhile, it lives on), else ended then. */
  const arm = (watch: Watch, deadline: Date, now = Date.now()) => {
    clearTimeout(watch.timer);
    const remaining = deadline.getTime() - now;
    if (remaining <= 0) return end(watch);
    watch.timer =
      remaining <= LOOK_AHEAD_MS
        ? setTimeout(() => end(watch), remaining)
        : setTimeout(
            () =>
              check([watch]).catch((error: unknown) => {
                log.warn({ err: error }, 'reading an expiring session failed; its stream ends at its deadline');
                arm(watch, deadline);
              }),
            Math.min(remaining - LOOK_AHEAD_MS, MAX_TIMER_MS),
          );
    watch.timer.unref();
  };

  /** Reads the sessions' deadlines: an ended session's watch ends, a live one's is timed for its deadline. */
  const check = async (checked: Watch[], now = new Date()) => {
    const deadlines = await dashboardSessionDeadlines(handle.db, [...new Set(checked.map((watch) => watch.session.key))], now);
    for (const watch of checked) {
      if (!watches.has(watch)) continue;
      const deadline = deadlines.get(watch.session.key);
      if (deadline) arm(watch, deadline, now.getTime());
      else end(watch);
    }
  };

  const onNotice = (notice: AccessNotice) => {
    if (notice.kind === 'DASHBOARD_SESSION_ENDED') endWhere((session) => session.key === notice.sessionKey);
    if (notice.kind === 'USER_SESSIONS_ENDED') endWhere((session) => session.userId === notice.userId);
  };

  const sweep = () => {
    if (!watches.size) return;
    check([...watches]).catch((error: unknown) => log.error({ err: error }, 'checking the sessions of open streams failed'));
  };

  return {
    async watch(session) {
      listening ??= handle
        .listen(ACCESS_CHANNEL, (payload) => {
          const notice = parseAccessNotice(payload);
          if (notice) onNotice(notice);
        })
        .catch((error: unknown) => {
          listening = undefined;
          log.error({ err: error }, 'cannot LISTEN for ended sessions');
        });
      // Listening first, then reading the session: an end committed in between is either read or heard.
      await listening;
      const watch: Watch = { session, controller: new AbortController() };
      watches.add(watch);
      sweeper ??= setInterval(sweep, options.sweepIntervalMs ?? SWEEP_INTERVAL_MS).unref();
      try {
        await check([watch]);
      } catch (error) {
        forget(watch);
        throw error;
      }
      if (watch.controller.signal.aborted) return undefined;
      return { ended: watch.controller.signal, stop: () => forget(watch) };
    },
  };
}
