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
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema>;
/** Domain functions take either, so they can join a caller's transaction (STYLE.md habit 4). */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
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
}

const migrationsFolder = path.join(process.cwd(), 'db', 'migrations');
// Any constant works; it only has to be the same for every Counterpart instance.
const MIGRATION_LOCK_KEY = 727_001;

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options.maxConnections ?? 10) : openPglite(options.dataDir);
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const client = postgres(url, { max, onnotice: () => {}, connect_timeout: 10, idle_timeout: 60 });
  const db = drizzlePostgres({ client, schema }) as unknown as Database;
  // Two instances starting together must not both migrate: a session advisory lock on one dedicated connection.
  const migrator = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await migrator`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migratePostgres(drizzlePostgres({ client: migrator }), { migrationsFolder });
    await migrator`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
  } finally {
    await migrator.end();
  }
  return {
    db,
    kind: 'postgres',
    async listen(channel, onPayload) {
      const subscription = await client.listen(channel, onPayload);
      return () => subscription.unlisten();
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => client.end({ timeout: 5 }),
  };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  const releaseLock = inMemory ? () => {} : lockDataDir(dataDir);
  try {
    const client = await PGlite.create({
      dataDir: inMemory ? undefined : path.join(dataDir, 'pgdata'),
      // PostgreSQL's default 128 MB of shared buffers would live in this process's memory; the data files stay in the
      // OS page cache anyway, so a small pool keeps the embedded default light (issue 2: RSS under 400 MiB).
      postgresqlconf: 'shared_buffers = 32MB',
    });
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    return {
      db,
      kind: 'pglite',
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
