import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookings, events, locations, orders, partners, sandboxes } from '@/db/schema';
import * as sandboxRoute from '@/app/manage/partners/[partnerId]/sandbox/route';
import * as resetRoute from '@/app/manage/partners/[partnerId]/sandbox/reset/route';
import * as devicesRoute from '@/app/manage/partners/[partnerId]/sandbox/devices/route';
import { startPartnerApiServer } from '@/app/_testing/partner-api-server';
import { startLoops } from '@/lib/background/runner';
import { resetConfig } from '@/lib/config';
import { logger } from '@/lib/log';
import { boardOrders } from '@/lib/orders/board-view';
import { sampleOrderRequest } from '@/lib/orders/sample-order';
import { consoleCounts, overviewSeries } from '@/lib/ops/overview';
import { partnerOptions } from '@/lib/ops/partners-view';
import { pageMerchants, searchLocations } from '@/lib/ops/tenants-view';
import { SYSTEM_ACTOR } from '@/lib/ops/audit';
import { createSandboxRunner, type SandboxRunner } from '@/lib/sandbox/runner';
import { createSandbox, getSandbox } from '@/lib/sandbox/sandboxes';
import { sleep } from '@/lib/testing/event-fixtures';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { useTestDatabase } from '@/lib/testing/database';
import { callRoute } from '@/lib/testing/http';
import type { RouteServer } from '@/lib/testing/route-server';
import { createClient, createPartner } from '@/lib/tenancy/partners';
import {
  clientCredentials,
  createCounterpartClient,
  CounterpartProblem,
  MemoryTokenStore,
  pollDeviceAuthorization,
  refreshingTokens,
  startDeviceAuthorization,
  type CounterpartClient,
} from '../../sdk/src/index';

const ADMIN_API_KEY = 'sandbox-test-admin-key-0123456789';
const database = useTestDatabase();
let server: RouteServer;
let runner: SandboxRunner;
const config = { ADMIN_API_KEY, RATE_LIMIT_PER_MINUTE: '100000', TOKEN_RATE_LIMIT_PER_MINUTE: '100000' };

beforeAll(async () => {
  server = await startPartnerApiServer(database.handle(), config);
  runner = createSandboxRunner(database.handle(), { origin: server.origin });
});
afterEach(async () => {
  await runner.stop();
  resetConfig({ ...config, PUBLIC_URL: server.origin });
});
afterAll(async () => {
  await runner.stop();
  await server.close();
  resetConfig();
});

const manage = (handler: typeof sandboxRoute.POST, method: string, partnerId: string, path = '') =>
  callRoute(handler, method, `/manage/partners/${partnerId}/sandbox${path}`, { params: { partnerId }, token: ADMIN_API_KEY });

/** A partner of `type` with a client (and, for an app, its secret), as an operator makes one. */
async function partnerWithClient(type: 'ORDERING_APP' | 'BOOKING_APP' | 'POS' | 'LOYALTY', name = `${type} ${Math.random().toString(36).slice(2, 8)}`) {
  const partner = await createPartner(database.db(), { name, type });
  const client = await createClient(database.db(), partner.id);
  return { partnerId: partner.id, clientId: client.client_id, clientSecret: client.client_secret };
}

/** The partner's own code: @counterpart/client with its client credentials, against the server. */
const appApi = (app: { clientId: string; clientSecret?: string }): CounterpartClient =>
  createCounterpartClient({
    baseUrl: server.origin,
    auth: clientCredentials({ baseUrl: server.origin, clientId: app.clientId, clientSecret: app.clientSecret! }),
  });

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('not reached in time');
    await sleep(50);
  }
}

const statusOf = async (orderId: string) => (await database.db().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;

describe('a sandbox for an ordering app', () => {
  it('takes an order to READY through its simulated POS, and measures create sandbox → first order READY', async () => {
    const app = await partnerWithClient('ORDERING_APP');
    const loops = startLoops([runner.loop], logger());
    try {
      const startedAt = performance.now();
      const response = await manage(sandboxRoute.POST, 'POST', app.partnerId);
      expect(response.status, await response.clone().text()).toBe(201);
      const sandbox = (await response.json()) as { locationId: string; sandbox: boolean; counterparts: { type: string }[] };
      expect(sandbox).toMatchObject({ sandbox: true, counterparts: [{ type: 'POS' }] });

      const api = appApi(app);
      const { data: order } = await api.POST('/orders', { body: sampleOrderRequest(sandbox.locationId) });
      expect(order!.status).toBe('CREATED');
      await until(async () => ((await statusOf(order!.id)) === 'READY' ? true : undefined), 50_000);
      const elapsedMs = performance.now() - startedAt;
      console.log(`sandbox: create sandbox → first order READY in ${(elapsedMs / 1000).toFixed(2)} s`);
      expect(runner.running()).toEqual([app.partnerId]);

      // The journey the app sees, through its own API: the POS's changes, in order.
      const history = await database.db().select({ type: events.type }).from(events).where(eq(events.resourceId, order!.id)).orderBy(events.seq);
      expect(history.map((event) => event.type)).toEqual(['ORDER_CREATED', 'ORDER_ACCEPTED', 'ORDER_BEING_PREPARED', 'ORDER_READY']);

      // Asking again answers the same sandbox (200), marked in use.
      const again = await manage(sandboxRoute.POST, 'POST', app.partnerId);
      expect(again.status).toBe(200);
      expect(((await again.json()) as { locationId: string }).locationId).toBe(sandbox.locationId);
    } finally {
      await loops.stop();
    }
  }, 60_000);

  it('runs in one instance only: a second runner on the same database leaves a held lease alone', async () => {
    const app = await partnerWithClient('ORDERING_APP');
    await createSandbox(database.db(), { partnerId: app.partnerId, actor: SYSTEM_ACTOR });
    const other = createSandboxRunner(database.handle(), { origin: server.origin });
    try {
      await runner.tick();
      await other.tick();
      expect(runner.running()).toContain(app.partnerId);
      expect(other.running()).not.toContain(app.partnerId);
      // The holder stops renewing (a crash): once its lease has run out, the other instance takes the sandbox over.
      await database
        .db()
        .update(sandboxes)
        .set({ leaseUntil: new Date(Date.now() - 1000) })
        .where(eq(sandboxes.partnerId, app.partnerId));
      await other.tick();
      expect(other.running()).toContain(app.partnerId);
      await runner.tick();
      expect(runner.running()).not.toContain(app.partnerId);
    } finally {
      await other.stop();
    }
  });
});

describe('idle stop and restart', () => {
  it('stops a sandbox unused for SANDBOX_IDLE_MINUTES, and starts it again for the partner’s next order', async () => {
    resetConfig({ ...config, PUBLIC_URL: server.origin, SANDBOX_IDLE_MINUTES: '60' });
    const app = await partnerWithClient('ORDERING_APP');
    const { sandbox } = await createSandbox(database.db(), { partnerId: app.partnerId, actor: SYSTEM_ACTOR });
    await runner.tick();
    expect(runner.running()).toContain(app.partnerId);

    // An hour and a minute without use.
    await database
      .db()
      .update(sandboxes)
      .set({ activeAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(sandboxes.partnerId, app.partnerId));
    await runner.tick();
    expect(runner.running()).not.toContain(app.partnerId);
    const [released] = await database.db().select({ runner: sandboxes.runner }).from(sandboxes).where(eq(sandboxes.partnerId, app.partnerId));
    expect(released!.runner).toBeNull();

    // The sandbox still takes the order while its POS sleeps, and the order wakes it.
    const { data: order } = await appApi(app).POST('/orders', { body: sampleOrderRequest(sandbox.locationId) });
    await runner.tick();
    expect(runner.running()).toContain(app.partnerId);
    await until(async () => ((await statusOf(order!.id)) === 'READY' ? true : undefined));
  });
});

describe('reset and delete', () => {
  it('reset deletes the sandbox’s orders and events and keeps the location; delete removes it all', async () => {
    const app = await partnerWithClient('ORDERING_APP');
    const { sandbox } = await createSandbox(database.db(), { partnerId: app.partnerId, actor: SYSTEM_ACTOR });
    const { data: order } = await appApi(app).POST('/orders', { body: sampleOrderRequest(sandbox.locationId) });
    expect(await statusOf(order!.id)).toBe('CREATED');

    const reset = await manage(resetRoute.POST, 'POST', app.partnerId, '/reset');
    expect(reset.status, await reset.clone().text()).toBe(200);
    expect(await statusOf(order!.id)).toBeUndefined();
    const [left] = await database.db().select({ n: count() }).from(events).where(eq(events.locationId, sandbox.locationId));
    expect(Number(left!.n)).toBe(0);
    expect((await getSandbox(database.db(), { partnerId: app.partnerId })).locationId).toBe(sandbox.locationId);

    const deleted = await manage(sandboxRoute.DELETE, 'DELETE', app.partnerId);
    expect(deleted.status, await deleted.clone().text()).toBe(204);
    expect((await manage(sandboxRoute.GET, 'GET', app.partnerId)).status).toBe(404);
    expect(await database.db().select().from(locations).where(eq(locations.id, sandbox.locationId))).toEqual([]);
    const counterparts = await database.db().select({ disabledAt: partners.disabledAt }).from(partners).where(eq(partners.sandboxPartnerId, app.partnerId));
    expect(counterparts.length).toBe(1);
    expect(counterparts.every((partner) => partner.disabledAt !== null)).toBe(true);
    // A new one can be made afterwards.
    expect((await manage(sandboxRoute.POST, 'POST', app.partnerId)).status).toBe(201);
  });

  it('answers 404 for an unknown partner and 422 for a partner type without a sandbox', async () => {
    expect((await manage(sandboxRoute.POST, 'POST', 'no-such-partner')).status).toBe(404);
    const loyalty = await partnerWithClient('LOYALTY');
    const refused = await manage(sandboxRoute.POST, 'POST', loyalty.partnerId);
    expect(refused.status).toBe(422);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
  });
});

describe('a sandbox for a POS', () => {
  it('gets orders and bookings from its simulated ordering app and booking app', async () => {
    const pos = await partnerWithClient('POS');
    const { sandbox } = await createSandbox(database.db(), { partnerId: pos.partnerId, actor: SYSTEM_ACTOR });
    expect(sandbox.counterparts.map((counterpart) => counterpart.type).sort()).toEqual(['BOOKING_APP', 'ORDERING_APP']);
    await runner.tick();
    const placed = await until(async () => {
      const [row] = await database.db().select({ n: count() }).from(orders).where(eq(orders.locationId, sandbox.locationId));
      const [booked] = await database.db().select({ n: count() }).from(bookings).where(eq(bookings.locationId, sandbox.locationId));
      return Number(row!.n) > 0 && Number(booked!.n) > 0 ? { orders: Number(row!.n), bookings: Number(booked!.n) } : undefined;
    });
    expect(placed.orders).toBeGreaterThan(0);
  });

  it('lets the POS sign in to its sandbox location with the device flow, approved through the sandbox', async () => {
    const pos = await partnerWithClient('POS');
    const other = await partnerWithClient('POS');
    const { sandbox } = await createSandbox(database.db(), { partnerId: pos.partnerId, actor: SYSTEM_ACTOR });
    await createSandbox(database.db(), { partnerId: other.partnerId, actor: SYSTEM_ACTOR });
    const device = await startDeviceAuthorization({ baseUrl: server.origin, clientId: pos.clientId });
    const approve = (partnerId: string, userCode: string) =>
      callRoute(devicesRoute.POST, 'POST', `/manage/partners/${partnerId}/sandbox/devices`, {
        params: { partnerId },
        token: ADMIN_API_KEY,
        body: { userCode },
      });

    // Another partner's sandbox cannot take this partner's device.
    const refused = await approve(other.partnerId, device.userCode);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: { path: string }[] }).errors[0]!.path).toBe('userCode');

    expect((await approve(pos.partnerId, device.userCode)).status).toBe(200);
    const tokens = await pollDeviceAuthorization({ baseUrl: server.origin, clientId: pos.clientId, device });
    const api = createCounterpartClient({
      baseUrl: server.origin,
      auth: refreshingTokens({ baseUrl: server.origin, clientId: pos.clientId, store: new MemoryTokenStore(tokens) }),
    });
    const { data } = await api.GET('/orders', { params: { query: { locationId: sandbox.locationId } } });
    expect(data?.results).toEqual([]);
  });
});

describe('isolation', () => {
  it('never shows sandbox data to a real merchant, nor in the operator’s counts and lists', async () => {
    const { merchant, locationIds } = await createMerchantWithLocations(database.db(), 1);
    const realApp = await createConnectedPartner(database.db(), 'ORDERING_APP', locationIds);
    const app = await partnerWithClient('ORDERING_APP');
    const before = await consoleCounts(database.db());

    const { sandbox } = await createSandbox(database.db(), { partnerId: app.partnerId, actor: SYSTEM_ACTOR });
    const { data: order } = await appApi(app).POST('/orders', { body: sampleOrderRequest(sandbox.locationId) });

    // The real merchant's board and locations: its own only.
    const board = await boardOrders(database.db(), merchant.id);
    expect(board.cards.map((card) => card.id)).not.toContain(order!.id);
    expect(await boardOrders(database.db(), merchant.id, { locationId: sandbox.locationId })).toMatchObject({ cards: [] });

    // The operator's counts and lists leave the sandbox out (and count it apart).
    const after = await consoleCounts(database.db());
    expect(after).toEqual({ ...before, sandboxes: before.sandboxes + 1 });
    expect((await pageMerchants(database.db(), {}, { limit: 200 })).rows.map((entry) => entry.id)).not.toContain(sandbox.merchantId);
    expect(await searchLocations(database.db(), sandbox.locationId)).toEqual([]);
    const counterpartIds = sandbox.counterparts.map((counterpart) => counterpart.partnerId);
    expect((await partnerOptions(database.db())).map((partner) => partner.id)).not.toEqual(expect.arrayContaining(counterpartIds));
    const ordersInSeries = (await overviewSeries(database.db())).orders.reduce(
      (sum, hour) => sum + Object.entries(hour).reduce((n, [key, value]) => (key === 'hour' ? n : n + Number(value)), 0),
      0,
    );
    const [sandboxOrders] = await database.db().select({ n: count() }).from(orders).innerJoin(sandboxes, eq(sandboxes.locationId, orders.locationId));
    const [allOrders] = await database.db().select({ n: count() }).from(orders);
    expect(Number(sandboxOrders!.n)).toBeGreaterThan(0);
    expect(ordersInSeries).toBe(Number(allOrders!.n) - Number(sandboxOrders!.n));

    // A real app connected elsewhere does not reach the sandbox location.
    const refused = await createCounterpartClient({ baseUrl: server.origin, auth: realApp.token })
      .POST('/orders', { body: sampleOrderRequest(sandbox.locationId) })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(CounterpartProblem);
    expect((refused as CounterpartProblem).status).toBe(403);
  });

  it('keeps two partners’ sandboxes apart', async () => {
    const first = await partnerWithClient('ORDERING_APP');
    const second = await partnerWithClient('ORDERING_APP');
    const mine = (await createSandbox(database.db(), { partnerId: first.partnerId, actor: SYSTEM_ACTOR })).sandbox;
    const theirs = (await createSandbox(database.db(), { partnerId: second.partnerId, actor: SYSTEM_ACTOR })).sandbox;
    expect(mine.locationId).not.toBe(theirs.locationId);
    expect((await getSandbox(database.db(), { partnerId: first.partnerId })).locationId).toBe(mine.locationId);

    // The second partner's app reaches its own sandbox, and the first one's not at all.
    const api = appApi(second);
    const { data: own } = await api.POST('/orders', { body: sampleOrderRequest(theirs.locationId) });
    expect(own!.locationId).toBe(theirs.locationId);
    const intrusion = await api.POST('/orders', { body: sampleOrderRequest(mine.locationId) }).then(
      () => undefined,
      (error: unknown) => error as CounterpartProblem,
    );
    expect(intrusion?.status).toBe(403);
    const { data: firstOrder } = await appApi(first).POST('/orders', { body: sampleOrderRequest(mine.locationId) });
    const peek = await api.GET('/orders/{orderId}', { params: { path: { orderId: firstOrder!.id } } }).then(
      () => undefined,
      (error: unknown) => error as CounterpartProblem,
    );
    expect(peek?.status).toBe(404);

    // Resetting one leaves the other's orders alone.
    await callRoute(resetRoute.POST, 'POST', `/manage/partners/${first.partnerId}/sandbox/reset`, {
      params: { partnerId: first.partnerId },
      token: ADMIN_API_KEY,
    });
    expect(await statusOf(firstOrder!.id)).toBeUndefined();
    expect(await statusOf(own!.id)).toBe('CREATED');
  });
});
