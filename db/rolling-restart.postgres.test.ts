import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { freshPresence } from '@/lib/events/pos-presence';
import { sampleOrderRequests } from '@/lib/orders/sample-orders.fixture';
import { type Balancer, roundRobinBalancer } from '@/lib/testing/balancer';
import { ensureBuild, freePort, type ServerProcess, startServer } from '@/lib/testing/server-process';
import { connectedPartner, deviceTokens, managementApi } from '@/lib/testing/server-world';
import { type ThrowawayDatabase, throwawayDatabase } from '@/lib/testing/throwaway-database';
import { createCounterpartClient, PosNotifications, type CounterpartClient } from '../sdk/src/index';

// A rolling restart of two instances of the built server behind a balancer that checks /readyz, under order traffic,
// with 200 POS sockets held by the SDK's PosNotifications (README "Rolling restarts"): each instance in turn gets
// SIGTERM, drains and is started again. No partner call may fail (the SDK re-sends once after a 503 or a refused
// connection), every event addressed to the POS reaches every socket of its location, and no location turns RED.

const SOCKETS = 200;
const LOCATIONS = 40;
const CYCLES_PER_SECOND = 10;
const ADMIN_API_KEY = `rolling-${randomBytes(12).toString('hex')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

let database: ThrowawayDatabase;
let handle: DatabaseHandle;
let balancer: Balancer;
const ports: number[] = [];
const instances: ServerProcess[] = [];
let sharedEnv: Record<string, string>;
let world: { locations: string[]; posPartnerId: string; posToken: string; appToken: string };

async function start(index: number) {
  instances[index] = await startServer(ports[index]!, { ...sharedEnv, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'counterpart-rolling-')) });
}

beforeAll(async () => {
  ensureBuild();
  database = await throwawayDatabase(process.env.DATABASE_URL!);
  ports.push(await freePort(), await freePort());
  balancer = await roundRobinBalancer(
    ports.map((port) => ({ host: '127.0.0.1', port })),
    { readiness: { path: '/readyz', intervalMs: 200 } },
  );
  sharedEnv = {
    DATABASE_URL: database.url,
    COUNTERPART_SECRET_KEY: randomBytes(32).toString('base64'),
    PUBLIC_URL: balancer.origin,
    ADMIN_API_KEY,
    SEED_DEMO: 'false',
    RATE_LIMIT_PER_MINUTE: '1000000',
    TOKEN_RATE_LIMIT_PER_MINUTE: '1000000',
    MAX_CONNECTIONS_PER_ADDRESS: '0',
    DRAIN_DELAY_MS: '5000',
    LOG_LEVEL: 'warn',
  };
  await Promise.all([start(0), start(1)]);
  handle = await openDatabase({ url: database.url, dataDir: 'memory://', maxConnections: 2 });
  const origin = instances[0]!.origin;
  const manage = managementApi(() => origin, ADMIN_API_KEY);
  const merchant = await manage('/merchants', { name: 'Rolling Diner' });
  const locations: string[] = [];
  for (let index = 0; index < LOCATIONS; index++) {
    locations.push((await manage<{ locationId: string }>(`/merchants/${merchant.id}/locations`, { name: `Rolling Diner ${index}` })).locationId);
  }
  const email = `owner-${randomBytes(4).toString('hex')}@rolling.test`;
  const user = await manage('/users', { email, password: randomBytes(12).toString('base64url'), role: 'MERCHANT', merchantId: merchant.id });
  const pos = await connectedPartner(origin, manage, { name: 'Rolling POS', type: 'POS', locationIds: locations });
  const app = await connectedPartner(origin, manage, { name: 'Rolling App', type: 'ORDERING_APP', locationIds: locations });
  const tokens = await deviceTokens(origin, handle.db, { clientId: pos.clientId, merchant: { id: merchant.id!, userId: user.id! }, locationIds: locations });
  world = { locations, posPartnerId: pos.partnerId, posToken: tokens.accessToken, appToken: app.token! };
}, 240_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance?.stop()));
  await balancer?.close();
  await handle?.close();
  await database?.drop();
});

/** Locations of `locationIds` with no fresh presence row: RED to every reader. */
async function redLocations(locationIds: string[]): Promise<number> {
  const [row] = rowsOf<{ red: number }>(
    await handle.db.execute(sql`
      select count(*)::int as red from unnest(${sql.param(locationIds)}::text[]) as l(id)
      where not exists (select 1 from pos_presence p where p.location_id = l.id and ${freshPresence(sql`p.heartbeat_at`)})`),
  );
  return row!.red;
}

describe('a rolling restart of two instances behind a balancer that checks /readyz', () => {
  it('fails no call, loses no event and turns no location RED; every POS is back within 10 s', async () => {
    const client = (token: string): CounterpartClient =>
      createCounterpartClient({ baseUrl: balancer.origin, auth: token, retry: { retries: 1, baseDelayMs: 100 } });
    const app = client(world.appToken);
    const pos = client(world.posToken);

    // The POS terminals: five per location, each with its own socket, recording what arrives and when it was away.
    const received = Array.from({ length: SOCKETS }, () => new Set<string>());
    const closeCodes: number[] = [];
    const errors: string[] = [];
    const lastState: string[] = [];
    const answers: string[] = [];
    const awaySince: (number | undefined)[] = [];
    const open: boolean[] = [];
    let longestAwayMs = 0;
    let trafficOn = true;
    let sampling = true;
    const terminals = Array.from({ length: SOCKETS }, (_, index) =>
      new PosNotifications({
        client: createCounterpartClient({
          baseUrl: balancer.origin,
          auth: world.posToken,
          fetch: async (request) => {
            const sentAt = Date.now();
            const response = await fetch(request);
            if (response.status !== 200 || Date.now() - sentAt > 2000)
              answers.push(`${index} ${response.status} ${Date.now() - sentAt} ms ${response.headers.get('retry-after')}`);
            return response;
          },
        }),
        locationId: world.locations[index % LOCATIONS]!,
        onEvent: (event) => void received[index]!.add(event.id),
        onError: (error) => void (errors.length < 20 && errors.push(`${index}: ${String(error)}`)),
        onState: (state) => {
          lastState[index] = JSON.stringify(state);
          if (state.state === 'closed') {
            open[index] = false;
            awaySince[index] ??= Date.now();
            closeCodes.push(state.code);
          }
          if (state.state === 'open') {
            open[index] = true;
            if (awaySince[index] !== undefined) longestAwayMs = Math.max(longestAwayMs, Date.now() - awaySince[index]);
            awaySince[index] = undefined;
          }
        },
      }).start(),
    );
    try {
      await waitFor('every POS socket open', () => open.filter(Boolean).length === SOCKETS);
      await waitFor('every location GREEN', async () => (await redLocations(world.locations)) === 0);

      // Order cycles at CYCLES_PER_SECOND: the app places an order, the POS accepts it.
      const failures: string[] = [];
      let cycles = 0;
      const cycle = async (index: number) => {
        const order = structuredClone(sampleOrderRequests.newOrder) as Record<string, any>;
        order.locationId = world.locations[index % LOCATIONS];
        order.origin.orderId = `rolling-${index}`;
        try {
          const { data } = await app.POST('/orders', { body: order as never });
          await pos.PATCH('/orders/{orderId}', {
            params: { path: { orderId: (data as { id: string }).id } },
            body: { status: 'ACCEPTED' } as never,
            headers: { 'content-type': 'application/merge-patch+json' },
          });
        } catch (error) {
          failures.push(`cycle ${index}: ${String(error)}`);
        }
      };
      const inFlight = new Set<Promise<void>>();
      const traffic = (async () => {
        while (trafficOn) {
          const running = cycle(cycles++).finally(() => inFlight.delete(running));
          inFlight.add(running);
          await sleep(1000 / CYCLES_PER_SECOND);
        }
      })();
      let redSamples = 0;
      const sampler = (async () => {
        while (sampling) {
          redSamples += await redLocations(world.locations);
          await sleep(250);
        }
      })();

      await sleep(2000);
      for (const index of [0, 1]) {
        const drained = instances[index]!.stop();
        await waitFor(`balancer taking instance ${index} out`, () => !balancer.routable(index), 5000);
        await drained;
        await start(index);
        await waitFor(`balancer taking instance ${index} back`, () => balancer.routable(index), 5000);
        await waitFor('every POS socket open again', () => open.filter(Boolean).length === SOCKETS, 20_000).catch((error: unknown) => {
          const stuck = open.flatMap((isOpen, terminal) =>
            isOpen
              ? []
              : [`${terminal}: ${lastState[terminal]} ws ${(terminals[terminal] as unknown as { socket?: { readyState: number } }).socket?.readyState}`],
          );
          throw new Error(
            `${String(error)}; ${stuck.length} not open, e.g. ${stuck.slice(0, 5).join(' | ')}; errors: ${errors.slice(0, 10).join(' | ')}; ` +
              `failures: ${failures.slice(0, 5).join(' | ')}; answers: ${answers.slice(0, 10).join(' | ')}; instance output: ${instances.map((instance) => instance.output().slice(-3000)).join('\n----\n')}`,
          );
        });
      }
      await sleep(2000);
      trafficOn = false;
      await traffic;
      await Promise.all(inFlight);
      sampling = false;
      await sampler;

      // Every event addressed to the POS at one of these locations reaches each of its location's sockets (at least once).
      const addressed = rowsOf<{ id: string; location_id: string }>(
        await handle.db.execute(sql`
          select e.id, e.location_id from events e join event_recipients r on r.event_id = e.id
          where r.partner_id = ${world.posPartnerId} and e.location_id = any(${sql.param(world.locations)}::text[])`),
      );
      const missing = () =>
        addressed.flatMap(({ id, location_id }) =>
          received.flatMap((ids, index) => (world.locations[index % LOCATIONS] === location_id && !ids.has(id) ? [`${id}@${index}`] : [])),
        );
      await waitFor('every event on every socket of its location', () => missing().length === 0, 20_000).catch(() => undefined);

      expect(failures).toEqual([]);
      expect(cycles).toBeGreaterThan(CYCLES_PER_SECOND * 10);
      expect(addressed.length).toBeGreaterThanOrEqual(cycles);
      expect(missing()).toEqual([]);
      expect(redSamples).toBe(0);
      // Each socket was closed by its restarting instance with 1012 "service restart", once per restart it lived through.
      expect(new Set(closeCodes)).toEqual(new Set([1012]));
      expect(closeCodes.length).toBeGreaterThanOrEqual(SOCKETS);
      expect(longestAwayMs).toBeLessThan(10_000);
    } finally {
      trafficOn = false;
      sampling = false;
      await Promise.all(terminals.map((terminal) => terminal.stop()));
    }
  }, 240_000);
});
