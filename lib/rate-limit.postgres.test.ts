import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDatabase, openDatabase, type DatabaseHandle } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { authenticateClientFrom } from '@/lib/auth/client-authentication';
import { OAuthError } from '@/lib/auth/oauth-errors';
import { throwawayDatabase, type ThrowawayDatabase } from '@/lib/testing/throwaway-database';
import { createClient, createPartner } from '@/lib/tenancy/partners';
import { ApiError } from '@/lib/errors';
import { consumeRateLimit, leaseSize, type RateLimitState } from './rate-limit';

// With DATABASE_URL, every instance counts against one published limit (rate-limit.ts): the counters live in
// PostgreSQL, not in each process.
let database: ThrowawayDatabase;
const handles: DatabaseHandle[] = [];

beforeAll(async () => {
  database = await throwawayDatabase(process.env.DATABASE_URL!);
  handles.push(
    await openDatabase({ url: database.url, dataDir: 'unused', maxConnections: 2 }),
    await openDatabase({ url: database.url, dataDir: 'unused', maxConnections: 2 }),
  );
});

afterAll(async () => {
  installDatabase(undefined);
  await Promise.all(handles.map((handle) => handle.close()));
  await database.drop();
});

/** Runs `work` as the instance that owns `handle` (each handle has its own pool, limiters and in-memory blocks). */
async function on<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  installDatabase(handle);
  return work();
}

const status = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 200,
    (error: unknown) => (error instanceof ApiError || error instanceof OAuthError ? error.status : 500),
  );

describe('rate limits on PostgreSQL', () => {
  it('two instances share one budget', async () => {
    const [first, second] = handles as [DatabaseHandle, DatabaseHandle];
    const key = `client:${Math.random()}`;
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push(await on(first, () => status(consumeRateLimit('shared', key, 5))));
    for (let i = 0; i < 3; i++) outcomes.push(await on(second, () => status(consumeRateLimit('shared', key, 5))));
    outcomes.push(await on(first, () => status(consumeRateLimit('shared', key, 5))));
    expect(outcomes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const [row] = rowsOf<{ points: number }>(await first.db.execute(sql`select points from rate_limits where key = ${`shared:5:${key}`}`));
    expect(Number(row?.points)).toBeGreaterThanOrEqual(5);
  });

  it('leases of a large budget never let two instances together exceed it', async () => {
    const [first, second] = handles as [DatabaseHandle, DatabaseHandle];
    const key = `client:${Math.random()}`;
    const budget = 100;
    expect(leaseSize(budget)).toBe(5);
    let admitted = 0;
    const remaining: number[] = [];
    for (let i = 0; i < 160; i++) {
      const state = await on(i % 3 ? first : second, () => consumeRateLimit('leased', key, budget).catch((error: unknown) => error));
      if (state instanceof ApiError) expect(state.status).toBe(429);
      else {
        admitted += 1;
        remaining.push((state as RateLimitState).remaining);
      }
    }
    // Each instance may hold back at most one lease's unused rest.
    expect(admitted).toBeLessThanOrEqual(budget);
    expect(admitted).toBeGreaterThanOrEqual(budget - 2 * (leaseSize(budget) - 1));
    expect(remaining[0]).toBe(budget - 1);
    expect(Math.min(...remaining)).toBe(0);
  });

  it('a burst of concurrent requests of one client shares one lease instead of each taking one', async () => {
    const key = `client:${Math.random()}`;
    const outcomes = await on(handles[0]!, () => Promise.all(Array.from({ length: 24 }, () => status(consumeRateLimit('burst', key, 600)))));
    expect(outcomes).toEqual(Array(24).fill(200));
    const [row] = rowsOf<{ points: number }>(await handles[0]!.db.execute(sql`select points from rate_limits where key = ${`burst:600:${key}`}`));
    expect(Number(row?.points)).toBe(leaseSize(600));
  });

  it('a process of its own counts against the same budget', async () => {
    const key = `client:${Math.random()}`;
    const here = [];
    for (let i = 0; i < 2; i++) here.push(await on(handles[0]!, () => status(consumeRateLimit('shared-process', key, 4))));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'lib/testing/consume-in-child.ts', database.url, 'shared-process', key, '3', '4'],
      {
        cwd: process.cwd(),
      },
    );
    expect(here).toEqual([200, 200]);
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual([200, 200, 429]);
  });

  it('a lockout earned on one instance holds on the other', async () => {
    const [first, second] = handles as [DatabaseHandle, DatabaseHandle];
    const app = await createClient(first.db, (await createPartner(first.db, { name: 'Shared lockout app', type: 'ORDERING_APP' })).id);
    const attempt = (handle: DatabaseHandle, secret: string, address: string) =>
      on(handle, () => status(authenticateClientFrom(handle.db, { clientId: app.client_id, clientSecret: secret, method: 'client_secret_post' }, address)));
    const outcomes = [];
    for (let i = 0; i < 10; i++) outcomes.push(await attempt(i % 2 ? first : second, 'cs_wrong', '198.51.100.5'));
    expect(outcomes).toEqual(Array(10).fill(401));
    expect(await attempt(first, app.client_secret!, '198.51.100.5')).toBe(429);
    expect(await attempt(second, app.client_secret!, '198.51.100.5')).toBe(429);
    expect(await attempt(second, app.client_secret!, '203.0.113.5')).toBe(200);
  });

  it('stores keys of any length or content (client ids are caller-chosen)', async () => {
    const awkward = [`client:${'x'.repeat(5000)}`, 'client:\u0000nul', 'client:émoji 🚀'];
    for (const key of awkward) expect(await on(handles[0]!, () => status(consumeRateLimit('awkward', key, 5)))).toBe(200);
  });
});
