import { beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '@/lib/config';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner } from '@/lib/testing/fixtures';
import { createdOrderId, getOrder, listOrders, orderingWorld, patchOrder } from '@/app/_testing/orders';

const database = useTestDatabase();
let world: Awaited<ReturnType<typeof orderingWorld>>;

beforeAll(async () => {
  resetConfig({ RATE_LIMIT_PER_MINUTE: '100000' });
  world = await orderingWorld(database.db());
});

describe('GET /connect/orders/{id} — versions (docs/contract.md#versions)', () => {
  it('omits paymentStatus in 1.0 (the default) and shows it in 1.1', async () => {
    const orderId = await createdOrderId(world.app, world.locationId, (o) => Object.assign(o, { paymentStatus: 'OPEN', fulfilment: { type: 'DINE_IN' } }));
    const byDefault = await getOrder(world.pos.token, orderId);
    expect(byDefault.headers.get('api-version')).toBe('1.0');
    expect(await byDefault.json()).not.toHaveProperty('paymentStatus');
    const v10 = await getOrder(world.pos.token, orderId, { headers: { accept: 'application/json; version=1.0' } });
    expect(await v10.json()).not.toHaveProperty('paymentStatus');
    const v11 = await getOrder(world.pos.token, orderId, { headers: { accept: 'application/vnd.connect+json;version=1.1' } });
    expect(v11.headers.get('api-version')).toBe('1.1');
    expect(await v11.json()).toMatchObject({ id: orderId, paymentStatus: 'OPEN', status: 'CREATED' });
  });

  it('answers an unknown version with 406', async () => {
    const orderId = await createdOrderId(world.app, world.locationId);
    const response = await getOrder(world.pos.token, orderId, { headers: { accept: 'application/json; version=2.0' } });
    expect(response.status).toBe(406);
    expect((await response.json()).error).toContain('1.0, 1.1');
  });

  it('returns no internal column', async () => {
    const orderId = await createdOrderId(world.app, world.locationId);
    const order = await (await getOrder(world.app.token, orderId)).json();
    for (const internal of ['appPartnerId', 'requestDigest', 'autoRejectAt', 'version', 'content', 'createdAt', 'updatedAt']) {
      expect(order).not.toHaveProperty(internal);
    }
    expect(order).not.toHaveProperty('statusInfo');
  });
});

describe('GET /connect/orders/{id} — isolation', () => {
  it('shows the order to the location’s POS and the creating app only', async () => {
    const orderId = await createdOrderId(world.app, world.locationId);
    expect((await getOrder(world.pos.token, orderId)).status).toBe(200);
    expect((await getOrder(world.app.token, orderId)).status).toBe(200);
    // otherApp is connected to the same location but did not create the order.
    expect((await getOrder(world.otherApp.token, orderId)).status).toBe(404);
    expect((await getOrder(world.otherPos.token, orderId)).status).toBe(404);
    expect((await getOrder(world.pos.token, 'ord_does_not_exist')).status).toBe(404);
  });

  it('refuses partner types that have no business with orders with 403', async () => {
    const orderId = await createdOrderId(world.app, world.locationId);
    const booking = await createConnectedPartner(database.db(), 'BOOKING_APP', [world.locationId]);
    expect((await getOrder(booking.token, orderId)).status).toBe(403);
  });
});

describe('GET /connect/orders — the POS list', () => {
  let listWorld: Awaited<ReturnType<typeof orderingWorld>>;
  let ids: string[];
  beforeAll(async () => {
    listWorld = await orderingWorld(database.db());
    ids = [];
    for (let i = 0; i < 5; i++) ids.push(await createdOrderId(listWorld.app, listWorld.locationId));
    await createdOrderId(listWorld.otherApp, listWorld.otherLocationId);
  });

  it('walks every order of the location once with the cursor, oldest change first', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await listOrders(listWorld.pos.token, `locationId=${listWorld.locationId}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.status).toBe(200);
      const page = await response.json();
      expect(page.pagination.limit).toBe(2);
      expect(page.results.length).toBeLessThanOrEqual(2);
      seen.push(...page.results.map((order: { id: string }) => order.id));
      cursor = page.pagination.nextCursor;
      pages++;
    } while (cursor);
    expect(seen).toEqual(ids);
    expect(pages).toBe(3);
  });

  it('filters by status and updatedSince', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    await patchOrder(listWorld.pos.token, ids[1]!, { status: 'ACCEPTED' });
    await patchOrder(listWorld.pos.token, ids[3]!, { status: 'READY' });
    const accepted = await (await listOrders(listWorld.pos.token, `locationId=${listWorld.locationId}&status=ACCEPTED,READY`)).json();
    expect(accepted.results.map((order: { id: string }) => order.id)).toEqual([ids[1], ids[3]]);
    const repeated = await (await listOrders(listWorld.pos.token, `locationId=${listWorld.locationId}&status=READY&status=ACCEPTED`)).json();
    expect(repeated.results).toHaveLength(2);
    const future = new Date(Date.now() + 60_000).toISOString();
    const none = await (await listOrders(listWorld.pos.token, `locationId=${listWorld.locationId}&updatedSince=${encodeURIComponent(future)}`)).json();
    expect(none).toEqual({ results: [], pagination: { limit: 50, nextCursor: null } });
    const recent = await (await listOrders(listWorld.pos.token, `locationId=${listWorld.locationId}&updatedSince=${encodeURIComponent(before)}`)).json();
    expect(recent.results.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses bad queries with 400 listing each problem', async () => {
    const response = await listOrders(listWorld.pos.token, `limit=0&status=EATEN&updatedSince=yesterday`);
    expect(response.status).toBe(400);
    const paths = (await response.json()).errors.map((error: { path: string }) => error.path).sort();
    expect(paths).toEqual(['limit', 'locationId', 'status', 'updatedSince']);
    const badCursor = await listOrders(listWorld.pos.token, `locationId=${listWorld.locationId}&cursor=not-a-cursor`);
    expect(badCursor.status).toBe(400);
    expect((await badCursor.json()).errors[0]).toMatchObject({ segment: 'query', path: 'cursor' });
  });

  it('refuses a POS of another location with 403 and an app with 403', async () => {
    expect((await listOrders(listWorld.otherPos.token, `locationId=${listWorld.locationId}`)).status).toBe(403);
    expect((await listOrders(listWorld.app.token, `locationId=${listWorld.locationId}`)).status).toBe(403);
  });
});
