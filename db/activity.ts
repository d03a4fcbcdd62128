// How busy the database client is, for the Prometheus metrics (docs/contract.md#operations): each statement and transaction is timed
// from the moment it is handed to the client (a wait for a free pool connection included, which is what a caller
// feels), and the operations under way are counted. The metrics module subscribes; the client knows nothing of it.

export type OperationKind = 'statement' | 'transaction';
export type OperationObserver = (kind: OperationKind, seconds: number, failed: boolean) => void;

interface Activity {
  inFlight: number;
  observers: Set<OperationObserver>;
}

// On globalThis: server.ts and Next's route bundles may each load this module, and they share one database client.
const holder = globalThis as typeof globalThis & { __counterpartDatabaseActivity?: Activity };
const activity = (): Activity => (holder.__counterpartDatabaseActivity ??= { inFlight: 0, observers: new Set() });

/** Statements and transactions handed to the database client and not yet settled. */
export const operationsInFlight = (): number => activity().inFlight;

/** Calls `observer` as each operation settles; returns the unsubscribe. */
export function observeOperations(observer: OperationObserver): () => void {
  activity().observers.add(observer);
  return () => activity().observers.delete(observer);
}

/** Runs one database operation, counting it while under way and reporting its duration when it settles. */
export function timedOperation<T>(kind: OperationKind, run: () => PromiseLike<T>): Promise<T> {
  const state = activity();
  const startedAt = performance.now();
  state.inFlight++;
  const settle = (failed: boolean) => {
    state.inFlight--;
    const seconds = (performance.now() - startedAt) / 1000;
    for (const observer of state.observers) observer(kind, seconds, failed);
  };
  let pending: PromiseLike<T>;
  try {
    pending = run();
  } catch (error) {
    settle(true);
    return Promise.reject(error as Error);
  }
  return Promise.resolve(pending).then(
    (value) => {
      settle(false);
      return value;
    },
    (error: unknown) => {
      settle(true);
      throw error;
    },
  );
}
