import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusChanges } from '@/db/schema';
import { resetConfig } from '@/lib/config';
import { autoRejectLoop } from '@/lib/orders/auto-reject';
import { useTestDatabase } from '@/lib/testing/database';
import { createdOrderId, getOrder, listOrders, orderEvents, orderingWorld, orderRequest, patchOrder, postOrder } from '@/app/_testing/orders';

const database = useTestDatabase();
let world: Awaited<ReturnType<typeof orderingWorld>>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pastDeadline = () => sleep(1200);

beforeAll(async () => {
  resetConfig({ ORDER_AUTO_REJECT_SECONDS: '1', RATE_LIMIT_PER_MINUTE: '100000' });
  world = await orderingWorld(database.db());
});
afterAll(() => {
  resetConfig();
});

// No background loop runs in these tests unless a test runs it: every rejection seen is the inline rule's or the
// test's own sweep.
describe('auto-reject of orders left CREATED (docs/domain.md#auto-reject, ORDER_AUTO_REJECT_SECONDS=1)', () => {
  it('rejects once, tells both the POS and the app, even when sweeps race each other and a reader', async () => {
    const orderId = await createdOrderId(world.app, world.locationId);
    await pastDeadline();
    const loop = autoRejectLoop(database.handle());
    const [read] = await Promise.all([getOrder(world.pos.token, orderId), loop.run(), loop.run(), getOrder(world.app.token, orderId)]);
    await loop.run();
    const order = await read.json();
    expect(order).toMatchObject({ status: 'REJECTED', statusInfo: 'AUTO_REJECTED_BY_TIMEOUT' });
    const rejections = (await orderEvents(database.db(), orderId)).filter((event) => event.type === 'ORDER_REJECTED');
    expect(rejections).toEqual([{ type: 'ORDER_REJECTED', version: 2, recipients: [world.app.partnerId, world.pos.partnerId].sort() }]);
    const history = await database.db().select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, orderId));
    expect(history.filter((entry) => entry.actorType === 'SYSTEM')).toMatchObject([
      { fromStatus: 'CREATED', toStatus: 'REJECTED', statusInfo: 'AUTO_REJECTED_BY_TIMEOUT', actorPartnerId: null },
    ]);
  });

  it('shows a reader REJECTED after the deadline with no sweep running', async () => {
    const orderId = await createdOrderId(world.app, world.locationId);
    expect((await (await getOrder(world.pos.token, orderId)).json()).status).toBe('CREATED');
    await pastDeadline();
    for (const version of ['1.0', '1.1']) {
      const response = await getOrder(world.pos.token, orderId, { headers: { accept: `application/json; version=${version}` } });
      expect(await response.json()).toMatchObject({ status: 'REJECTED', statusInfo: 'AUTO_REJECTED_BY_TIMEOUT' });
    }
    expect((await orderEvents(database.db(), orderId)).map((event) => event.type)).toEqual(['ORDER_CREATED', 'ORDER_REJECTED']);
  });

  it('answers a late ACCEPT with 409 and keeps the rejection', async () => {
    const orderId = await createdOrderId(world.app, world.locationId);
    await pastDeadline();
    const response = await patchOrder(world.pos.token, orderId, { status: 'ACCEPTED' });
    expect(response.status).toBe(409);
    const problem = await response.json();
    expect(problem.code).toBe('ORDER_STATUS_CONFLICT');
    expect(problem.error).toBe(
      'Order status conflict. Order status REJECTED cannot be updated to ACCEPTED: the order was rejected automatically (AUTO_REJECTED_BY_TIMEOUT) and accepts no further update.',
    );
    expect(await orderEvents(database.db(), orderId)).toEqual([
      { type: 'ORDER_CREATED', version: 1, recipients: [world.pos.partnerId] },
      { type: 'ORDER_REJECTED', version: 2, recipients: [world.app.partnerId, world.pos.partnerId].sort() },
    ]);
  });

  it('answers a late REJECTED with 409 naming the auto-rejection, so the POS knows its rejection came too late', async () => {
    const orderId = await createdOrderId(world.app, world.locationId);
    await pastDeadline();
    const response = await patchOrder(world.pos.token, orderId, { status: 'REJECTED', reason: 'Out of stock' });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      code: 'ORDER_STATUS_CONFLICT',
      error: expect.stringContaining('rejected automatically (AUTO_REJECTED_BY_TIMEOUT)'),
    });
    const history = await database.db().select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, orderId));
    expect(history.map((entry) => [entry.toStatus, entry.actorType, entry.reason])).toEqual([
      ['CREATED', 'ORDERING_APP', null],
      ['REJECTED', 'SYSTEM', null],
    ]);
    // A POS rejecting in time may still repeat itself: that REJECTED is a no-op.
    const rejectedInTime = await createdOrderId(world.app, world.locationId);
    expect((await patchOrder(world.pos.token, rejectedInTime, { status: 'REJECTED', reason: 'Closed' })).status).toBe(204);
    await pastDeadline();
    expect((await patchOrder(world.pos.token, rejectedInTime, { status: 'REJECTED', reason: 'Closed' })).status).toBe(204);
  });

  it('keeps an order accepted in time', async () => {
    const orderId = await createdOrderId(world.app, world.locationId);
    expect((await patchOrder(world.pos.token, orderId, { status: 'ACCEPTED' })).status).toBe(204);
    await pastDeadline();
    await autoRejectLoop(database.handle()).run();
    expect((await (await getOrder(world.pos.token, orderId)).json()).status).toBe('ACCEPTED');
  });

  it('never rejects an order created as ACCEPTED', async () => {
    const orderId = await createdOrderId(world.app, world.locationId, (o) => (o.status = 'ACCEPTED'));
    await pastDeadline();
    await autoRejectLoop(database.handle()).run();
    expect((await (await getOrder(world.app.token, orderId)).json()).status).toBe('ACCEPTED');
  });

  it('shows REJECTED in the list and to an app re-sending the order after the deadline', async () => {
    const request = orderRequest(world.locationId);
    const first = await (await postOrder(world.app.token, request)).json();
    await pastDeadline();
    const resent = await (await postOrder(world.app.token, request)).json();
    expect(resent).toMatchObject({ id: first.id, status: 'REJECTED', statusInfo: 'AUTO_REJECTED_BY_TIMEOUT' });
    const listed = await (await listOrders(world.pos.token, `locationId=${world.locationId}&status=CREATED`)).json();
    expect(listed.results.map((order: { id: string }) => order.id)).not.toContain(first.id);
    expect((await orderEvents(database.db(), first.id)).filter((event) => event.type === 'ORDER_REJECTED')).toHaveLength(1);
  });
});
