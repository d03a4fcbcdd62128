import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '@/db/errors';
import { type TcpProxy, tcpProxy } from '@/lib/testing/tcp-proxy';
import { type ThrowawayDatabase, throwawayDatabase } from '@/lib/testing/throwaway-database';
import { type DatabaseHandle, openDatabase } from './client';

// docs/contract.md#statuses: while the database is unreachable every call fails as "unavailable" within 2 s, and the pool recovers
// by itself. The database sits behind a TCP proxy the test cuts: `refuse` resets connections as a stopped server does,
// `silent` accepts them and never answers, as a network that drops packets (what made calls block for up to 11 s).

let database: ThrowawayDatabase;
let proxy: TcpProxy;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await throwawayDatabase(process.env.DATABASE_URL!);
  const target = new URL(database.url);
  proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  handle = await openDatabase({ url: proxy.route(database.url), dataDir: 'unused', maxConnections: 4 });
  await handle.db.execute(sql`create table outage_rows (id int primary key)`);
});

afterAll(async () => {
  await handle?.close();
  await proxy?.close();
  await database?.drop();
});

/** One statement and one transaction per call, as a request does. */
let nextId = 0;
const call = (id = ++nextId) =>
  Promise.all([
    handle.db.execute(sql`select count(*) from outage_rows`),
    handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into outage_rows (id) values (${id})`);
    }),
  ]);

async function timedFailures(calls: number): Promise<number[]> {
  return Promise.all(
    Array.from({ length: calls }, async () => {
      const started = performance.now();
      const error = await call().then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(isDatabaseUnavailable(error), `expected an "unavailable" error, got ${String(error)}`).toBe(true);
      return performance.now() - started;
    }),
  );
}

async function recovers(withinMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const ok = await call().then(
      () => true,
      () => false,
    );
    if (ok) return performance.now() - started;
    if (performance.now() - started > withinMs) throw new Error(`not recovered within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('PostgreSQL outage', () => {
  it.each(['refuse', 'silent'] as const)('fails calls within 2 s while the link is cut (%s), then recovers by itself', { timeout: 30_000 }, async (mode) => {
    await call();
    await call();

    proxy.cut(mode);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the pool has noticed its connections are gone
    const first = await timedFailures(12); // calls that meet the outage first: in flight, queued, connecting
    const later = await timedFailures(12); // calls once the outage is known
    expect(Math.max(...first)).toBeLessThan(2000);
    expect(Math.max(...later)).toBeLessThan(2000);
    expect(
      await handle.ping().then(
        () => 'up',
        (error: unknown) => (isDatabaseUnavailable(error) ? 'down' : String(error)),
      ),
    ).toBe('down');

    proxy.restore();
    const recovery = await recovers(5000);
    expect(recovery).toBeLessThan(5000);
    await handle.ping();
    console.info(
      `${mode}: first calls failed within ${Math.round(Math.max(...first))} ms, later ones within ${Math.round(Math.max(...later))} ms; recovered after ${Math.round(recovery)} ms`,
    );
  });

  it('rolls back, rather than commits, a transaction whose caller was already answered "unavailable"', { timeout: 30_000 }, async () => {
    await call();
    const id = ++nextId;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into outage_rows (id) values (${id})`);
      await held; // the transaction is open when another call finds the database gone
    });
    const settled = transaction.then(
      () => 'committed',
      (error: unknown) => (isDatabaseUnavailable(error) ? 'unavailable' : String(error)),
    );
    // Another connection of the pool is terminated by the server: that is taken as an outage (57P01).
    const sleeper = handle.db.execute(sql`select pg_sleep(10)`).catch((error: unknown) => error);
    const admin = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      for (let terminated = 0; !terminated; await new Promise((resolve) => setTimeout(resolve, 50))) {
        const rows = await admin`select pg_terminate_backend(pid) as done from pg_stat_activity where query like '%pg_sleep(10)%' and pid <> pg_backend_pid()`;
        terminated = rows.filter((row) => row.done).length;
      }
    } finally {
      await admin.end();
    }
    expect(isDatabaseUnavailable(await sleeper)).toBe(true);
    expect(await settled).toBe('unavailable');
    await recovers(5000);
    release();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rows = await handle.db.execute<{ id: number }>(sql`select id from outage_rows where id = ${id}`);
    expect(rows).toHaveLength(0);
    expect(
      await handle.db.execute(sql`select count(*)::int as open from pg_stat_activity where state like 'idle in transaction%' and datname = current_database()`),
    ).toEqual([{ open: 0 }]);
  });
});
