import { isDatabaseUnavailable } from './errors';

// docs/contract.md#statuses: while the database is unreachable, calls answer 503 with Retry-After within 2 s, and Counterpart
// recovers by itself when the database returns. postgres.js alone does not bound that wait: a query can sit behind a
// connection attempt (connect_timeout), behind the reconnect backoff, or on a socket whose packets vanish. This guard
// does, for every statement and transaction of the pool:
//  - the first failure that means "unreachable" marks the database down and fails every pending operation at once;
//  - while it is down, new operations fail immediately without touching the pool, and a probe on its own connection
//    runs every PROBE_INTERVAL_MS until the database answers again;
//  - an operation pending longer than SUSPECT_AFTER_MS triggers a probe; a probe that does not answer within
//    PROBE_TIMEOUT_MS marks the database down too (a silent network, where no error ever arrives) — unless some other
//    statement was answered meanwhile: a database that answers is reachable, only busy (a loaded machine).

const SUSPECT_AFTER_MS = 300;
const PROBE_TIMEOUT_MS = 1000;
const PROBE_INTERVAL_MS = 250;
const WATCH_EVERY_MS = 100;

/** What an operation fails with while the database is known to be unreachable (answered 503 with Retry-After). */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
  constructor(cause?: unknown) {
    super('The database is unreachable.', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** Handed to a tracked operation: set once its caller has been answered "unavailable" and no longer waits for it. */
export interface Ticket {
  abandoned: boolean;
  /** Called when the operation is abandoned, to withdraw work not yet sent to the database. */
  onAbandon?: () => void;
}

export interface AvailabilityGuard {
  /** Runs `operation` (started only when the database is not known to be down), failing it as soon as it goes down. */
  track<T>(operation: (ticket: Ticket) => PromiseLike<T>): Promise<T>;
  /** True while the database is known to be unreachable. */
  readonly down: boolean;
  close(): void;
}

interface Pending {
  startedAt: number;
  ticket: Ticket;
  fail(error: Error): void;
}

/**
 * `probe(timeoutMs)` does one round trip on a connection of its own and rejects when that takes longer than
 * `timeoutMs` (it is raced against the same limit here as well).
 */
export function availabilityGuard(probe: (timeoutMs: number) => Promise<void>, onChange?: (down: boolean, cause?: unknown) => void): AvailabilityGuard {
  let downSince: DatabaseUnavailableError | undefined;
  let probing = false;
  let lastProbeAt = 0;
  // When the database last answered anything (a result or an SQL error), on any connection of the pool.
  let lastAnswerAt = 0;
  let recovery: NodeJS.Timeout | undefined;
  let watchdog: NodeJS.Timeout | undefined;
  let closed = false;
  const pending = new Set<Pending>();

  const probeOnce = async (): Promise<boolean> => {
    probing = true;
    lastProbeAt = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        probe(PROBE_TIMEOUT_MS),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
        }),
      ]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      probing = false;
    }
  };

  const markDown = (cause: unknown) => {
    if (!downSince) {
      downSince = new DatabaseUnavailableError(cause);
      onChange?.(true, cause);
      scheduleRecovery(0);
    }
    const abandoned = [...pending];
    pending.clear();
    for (const entry of abandoned) {
      entry.ticket.abandoned = true;
      entry.fail(downSince);
      entry.ticket.onAbandon?.();
    }
  };

  const scheduleRecovery = (delay: number) => {
    if (closed) return;
    recovery = setTimeout(async () => {
      if (await probeOnce()) {
        downSince = undefined;
        onChange?.(false);
      } else scheduleRecovery(PROBE_INTERVAL_MS);
    }, delay);
    recovery.unref();
  };

  const watch = () => {
    if (!pending.size || downSince || closed) {
      clearInterval(watchdog);
      watchdog = undefined;
      return;
    }
    const now = performance.now();
    if (probing || now - lastProbeAt < SUSPECT_AFTER_MS) return;
    let oldest = now;
    for (const entry of pending) oldest = Math.min(oldest, entry.startedAt);
    if (now - oldest < SUSPECT_AFTER_MS) return;
    const probedAt = performance.now();
    void probeOnce().then((answered) => {
      if (!answered && !downSince && lastAnswerAt < probedAt) markDown(new Error('the database did not answer a probe'));
    });
  };

  return {
    get down() {
      return downSince !== undefined;
    },
    track<T>(operation: (ticket: Ticket) => PromiseLike<T>): Promise<T> {
      if (downSince) return Promise.reject(downSince);
      return new Promise<T>((resolve, reject) => {
        const entry: Pending = { startedAt: performance.now(), ticket: { abandoned: false }, fail: reject };
        pending.add(entry);
        if (!watchdog) {
          watchdog = setInterval(watch, WATCH_EVERY_MS);
          watchdog.unref();
        }
        // An operation abandoned when the database went down was answered already; its late outcome is ignored.
        const settle = (error: unknown) => {
          if (!pending.delete(entry)) return;
          if (isDatabaseUnavailable(error)) markDown(error);
          else lastAnswerAt = performance.now();
          reject(error);
        };
        try {
          operation(entry.ticket).then((value) => {
            lastAnswerAt = performance.now();
            if (pending.delete(entry)) resolve(value);
          }, settle);
        } catch (error) {
          settle(error);
        }
      });
    },
    close() {
      closed = true;
      clearTimeout(recovery);
      clearInterval(watchdog);
    },
  };
}
