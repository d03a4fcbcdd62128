import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { timedOperation } from './activity';
import { type AvailabilityGuard, availabilityGuard, DatabaseUnavailableError } from './availability';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema>;
/** Domain functions take either, so they can join a caller's transaction (STYLE.md habit 4). */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** How many connections the client may open (PGlite has one). */
  maxConnections: number;
  /** LISTEN on a channel; NOTIFY sent inside a transaction arrives only after it commits. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL; absent means embedded PGlite. */
  url?: string;
  /** PGlite data directory, or `memory://` for a throwaway in-memory database. */
  dataDir: string;
  /** Largest pool size for PostgreSQL. */
  maxConnections?: number;
  /**
   * Told when PostgreSQL stops answering (down, with the cause) and when it answers again; the server logs both. db/
   * imports nothing of lib/, so it does not log by itself.
   */
  onAvailabilityChange?: (down: boolean, cause?: unknown) => void;
  /**
   * PGlite in memory: a dump of a data directory (PGlite's `dumpDataDir`) to start from instead of a new cluster. The
   * tests start each file from one already migrated, which skips PGlite's initdb.
   */
  startFrom?: Blob;
}

const migrationsFolder = path.join(process.cwd(), 'db', 'migrations');
// Any constant works; it only has to be the same for every Counterpart instance.
const MIGRATION_LOCK_KEY = 727_001;

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options.maxConnections ?? 10, options.onAvailabilityChange) : openPglite(options.dataDir, options.startFrom);
}

// Pool timeouts (docs/contract.md#statuses: 503 within 2 s while the database is unreachable). The availability guard bounds how
// long a call waits for an unreachable database; these bound the rest. postgres.js's default reconnect backoff grows
// to 20 s after repeated failures, and a query handed to a closed connection waits that long before even trying, so it
// is capped at half a second. A statement stuck in the database (a lock never released) ends after 15 s.
const CONNECT_TIMEOUT_SECONDS = 5;
const RECONNECT_BACKOFF_CAP_SECONDS = 0.5;
const STATEMENT_TIMEOUT_MS = 15_000;

const poolOptions = {
  onnotice: () => {},
  connect_timeout: CONNECT_TIMEOUT_SECONDS,
  idle_timeout: 60,
  backoff: (attempt: number) => Math.min(0.05 * 2 ** attempt, RECONNECT_BACKOFF_CAP_SECONDS),
  // JIT compilation is for long analytical queries: it starts whenever a plan's estimated cost passes jit_above_cost,
  // which a page's correlated subqueries over a never-analysed small table do, and then compiling takes 400 ms for a
  // query that runs in 10 (bench/data.ts, the admin deliveries page). Every statement here is short, so it is off.
  connection: { statement_timeout: STATEMENT_TIMEOUT_MS, jit: 'off' },
};

async function openPostgres(url: string, max: number, onAvailabilityChange?: OpenOptions['onAvailabilityChange']): Promise<DatabaseHandle> {
  const pool = postgres(url, { ...poolOptions, max });
  // Two instances starting together must not both migrate: a session advisory lock on one dedicated connection.
  const migrator = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await migrator`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migratePostgres(drizzlePostgres({ client: migrator }), { migrationsFolder });
    await migrator`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
  } finally {
    await migrator.end();
  }
  let prober: postgres.Sql | undefined;
  const probe = async (timeoutMs: number) => {
    const client = (prober ??= postgres(url, { max: 1, onnotice: () => {}, connect_timeout: timeoutMs / 1000, idle_timeout: 30, fetch_types: false }));
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        client`select 1`,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('probe timed out')), timeoutMs);
        }),
      ]);
    } catch (error) {
      // A connection that failed or went silent is dropped; the next probe starts afresh (no inherited backoff).
      if (prober === client) prober = undefined;
      void client.end({ timeout: 0 });
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
  const guard = availabilityGuard(probe, onAvailabilityChange);
  const client = guardedClient(pool, guard);
  const db = drizzlePostgres({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    maxConnections: max,
    async listen(channel, onPayload) {
      const subscription = await pool.listen(channel, onPayload);
      return () => subscription.unlisten();
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      guard.close();
      await Promise.all([pool.end({ timeout: 5 }), prober?.end({ timeout: 0 })]);
    },
  };
}

type PendingQuery = PromiseLike<unknown> & { state: unknown; cancel(): unknown };
type UnsafeArgs = Parameters<postgres.Sql['unsafe']>;

// drizzle sends every statement it did not `.prepare()` unnamed, and postgres.js sends an unnamed statement with
// parameters in two round trips (Parse and Describe to learn the parameter types, then Bind and Execute) and
// PostgreSQL parses and plans it every time. Named, it is described once per connection, and every later call is one
// round trip that PostgreSQL neither parses nor (once it settles on a generic plan) plans again: PostgreSQL's CPU per
// order cycle halved (bench/orders.ts, 10.8 → 5.3 ms). A statement with many parameters is a bulk write whose text
// varies with its row count; it stays unnamed, so the statements each connection keeps stay few (postgres.js forgets
// them when it retires the connection, after 30 to 60 minutes).
const MAX_PREPARED_PARAMETERS = 64;

const namedWhenSmall = (args: UnsafeArgs): UnsafeArgs => {
  const [query, parameters = [], options] = args;
  return parameters.length > MAX_PREPARED_PARAMETERS ? args : [query, parameters, { ...options, prepare: true }];
};

/** A transaction's (or savepoint's) client whose statements are prepared like the pool's. */
function preparing<T extends postgres.TransactionSql>(client: T): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') return (...args: UnsafeArgs) => target.unsafe(...namedWhenSmall(args));
      if (property === 'savepoint') {
        return (...args: unknown[]) => {
          const work = args.pop() as (savepoint: postgres.TransactionSql) => unknown;
          return (target.savepoint as (...rest: unknown[]) => Promise<unknown>)(...args, (savepoint: postgres.TransactionSql) => work(preparing(savepoint)));
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

/**
 * The pool as drizzle sees it: every statement (`unsafe`) and transaction (`begin`) passes the availability guard,
 * and statements are prepared (`namedWhenSmall`).
 * postgres.js queries are lazy (they start when awaited), so a statement refused while the database is down never
 * reaches the pool, and one abandoned before it was sent is withdrawn. A transaction whose caller was already answered
 * 503 rolls back instead of committing behind its back.
 */
function guardedClient(pool: postgres.Sql, guard: AvailabilityGuard): postgres.Sql {
  return new Proxy(pool, {
    get(target, property, receiver) {
      if (property === 'unsafe') {
        return (...args: UnsafeArgs) => {
          const query = target.unsafe(...namedWhenSmall(args)) as unknown as PendingQuery;
          const then = query.then;
          let outcome: Promise<unknown> | undefined;
          query.then = ((onFulfilled, onRejected) => {
            outcome ??= timedOperation('statement', () =>
              guard.track((ticket) => {
                ticket.onAbandon = () => {
                  if (query.state === null) void query.cancel();
                };
                return then.call(query, (value) => value);
              }),
            );
            return outcome.then(onFulfilled, onRejected);
          }) as PendingQuery['then'];
          return query;
        };
      }
      if (property === 'begin') {
        return (...args: unknown[]) => {
          const work = args.pop() as (tx: postgres.TransactionSql) => unknown;
          return timedOperation('transaction', () =>
            guard.track((ticket) =>
              (target.begin as (...rest: unknown[]) => Promise<unknown>)(...args, async (tx: postgres.TransactionSql) => {
                if (ticket.abandoned) throw new DatabaseUnavailableError();
                const result = await work(preparing(tx));
                if (ticket.abandoned) throw new DatabaseUnavailableError();
                return result;
              }),
            ),
          );
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

async function openPglite(dataDir: string, startFrom?: Blob): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  if (startFrom && !inMemory) throw new Error('openDatabase: startFrom is for an in-memory PGlite database');
  const releaseLock = inMemory ? () => {} : lockDataDir(dataDir);
  try {
    const client = await PGlite.create({
      dataDir: inMemory ? undefined : path.join(dataDir, 'pgdata'),
      loadDataDir: startFrom,
      // PostgreSQL's default 128 MB of shared buffers would live in this process's memory; the data files stay in the
      // OS page cache anyway, so a small pool keeps the embedded default light (RSS under 400 MiB after start).
      postgresqlconf: 'shared_buffers = 32MB',
    });
    await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    timePgliteOperations(client);
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      maxConnections: 1,
      async listen(channel, onPayload) {
        const unlisten = await client.listen(channel, onPayload);
        return () => unlisten();
      },
      async ping() {
        await client.query('select 1');
      },
      async close() {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Times PGlite's statements and transactions as the PostgreSQL pool's are (db/activity.ts). */
function timePgliteOperations(client: PGlite) {
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) => timedOperation('statement', () => query(...args))) as PGlite['query'];
  client.transaction = ((work: Parameters<PGlite['transaction']>[0]) => timedOperation('transaction', () => transaction(work))) as PGlite['transaction'];
}

/** PGlite is single-process: a second process opening the same directory would corrupt it. */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'counterpart.lock');
  if (existsSync(lockFile)) {
    const holder = Number(readFileSync(lockFile, 'utf8'));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(`DATA_DIR ${dataDir} is in use by process ${holder}; the embedded database allows one process.`);
    }
    rmSync(lockFile, { force: true });
  }
  const fd = openSync(lockFile, 'wx');
  writeSync(fd, String(process.pid));
  closeSync(fd);
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const holder = globalThis as typeof globalThis & { __counterpartDatabase?: DatabaseHandle };

/** server.ts (or a test) installs the process's database; route handlers in Next's bundles share it via globalThis. */
export function installDatabase(handle: DatabaseHandle | undefined): void {
  holder.__counterpartDatabase = handle;
}

export function databaseHandle(): DatabaseHandle {
  const handle = holder.__counterpartDatabase;
  if (!handle) throw new Error('Database not initialised: start Counterpart through server.ts');
  return handle;
}

export const getDb = (): Database => databaseHandle().db;
