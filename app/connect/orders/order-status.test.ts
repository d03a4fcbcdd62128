import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderStatusChanges } from '@/db/schema';
import { resetConfig } from '@/lib/config';
import { FINAL_ORDER_STATUSES, ORDER_STATUSES, PATCH_ORDER_STATUSES, type OrderStatus } from '@/lib/orders/transitions';
import { useTestDatabase } from '@/lib/testing/database';
import { createdOrderId, getOrder, orderEvents, orderingWorld, patchOrder } from '@/app/_testing/orders';

const database = useTestDatabase();
let world: Awaited<ReturnType<typeof orderingWorld>>;

beforeAll(async () => {
  resetConfig({ RATE_LIMIT_PER_MINUTE: '100000' });
  world = await orderingWorld(database.db());
});

const needsReason = (status: string) => ['REJECTED', 'CANCELLED_BY_MERCHANT', 'CANCELLED_BY_CUSTOMER'].includes(status);
const update = (status: string) => (needsReason(status) ? { status, reason: `Because ${status}` } : { status });

type FulfilmentType = 'PICK_UP' | 'DINE_IN' | 'DELIVERY';

/** A new order of the world's app (PICK_UP unless said), moved by the POS to `status`. */
async function orderIn(status: OrderStatus, fulfilmentType: FulfilmentType = 'PICK_UP'): Promise<string> {
  const orderId = await createdOrderId(world.app, world.locationId, (order) => (order.fulfilment = { type: fulfilmentType }));
  if (status !== 'CREATED') {
    const response = await patchOrder(world.pos.token, orderId, update(status));
    if (response.status !== 204) throw new Error(`setup PATCH ${status} → ${response.status}`);
  }
  return orderId;
}

// docs/contract.md#orders and the status table (docs/domain.md#order-status), spelled out independently of decideStatusChange: an app may set only
// CANCELLED_BY_CUSTOMER and FULFILLED (403 otherwise); the same status again is a no-op; final orders take nothing
// else (409); a DELIVERY order, dispatched for delivery, is never FULFILLED (409). Moves to or from OUT_FOR_DELIVERY
// are tried on a DELIVERY order (the only kind it applies to; a FULFILLED one cannot exist), the others on a PICK_UP order.
function expectedOutcome(actor: 'POS' | 'ORDERING_APP', from: OrderStatus, to: string, fulfilmentType: FulfilmentType): 'change' | 'noop' | 403 | 409 {
  if (actor === 'ORDERING_APP' && to !== 'CANCELLED_BY_CUSTOMER' && to !== 'FULFILLED') return 403;
  if (from === to) return 'noop';
  if ((FINAL_ORDER_STATUSES as readonly string[]).includes(from)) return 409;
  if (to === 'FULFILLED' && fulfilmentType === 'DELIVERY') return 409;
  return 'change';
}

const moves = (['POS', 'ORDERING_APP'] as const).flatMap((actor) =>
  ORDER_STATUSES.flatMap((from) =>
    PATCH_ORDER_STATUSES.map((to) => {
      const delivered = (from === 'OUT_FOR_DELIVERY' || to === 'OUT_FOR_DELIVERY') && from !== 'FULFILLED';
      const fulfilmentType: FulfilmentType = delivered ? 'DELIVERY' : 'PICK_UP';
      return { actor, from, to, fulfilmentType, outcome: expectedOutcome(actor, from, to, fulfilmentType) };
    }),
  ),
);

describe('PATCH /connect/orders/{id} — every status move', () => {
  it.each(moves)('$actor: $from → $to ($fulfilmentType) is $outcome', async ({ actor, from, to, fulfilmentType, outcome }) => {
    const orderId = await orderIn(from, fulfilmentType);
    const caller = actor === 'POS' ? world.pos : world.app;
    const receiver = actor === 'POS' ? world.app : world.pos;
    const eventsBefore = await orderEvents(database.db(), orderId);
    const response = await patchOrder(caller.token, orderId, update(to));
    const after = await (await getOrder(world.pos.token, orderId)).json();
    const newEvents = (await orderEvents(database.db(), orderId)).slice(eventsBefore.length);
    if (outcome === 'change') {
      expect(response.status).toBe(204);
      expect(after.status).toBe(to);
      // The partner that made the change is left out; the other side hears about it (docs/contract.md#recipients).
      expect(newEvents).toEqual([{ type: `ORDER_${to}`, version: eventsBefore.length + 1, recipients: [receiver.partnerId] }]);
      return;
    }
    expect(after.status).toBe(from);
    expect(newEvents).toEqual([]);
    if (outcome === 'noop') {
      expect(response.status).toBe(204);
    } else {
      expect(response.status).toBe(outcome);
      const problem = await response.json();
      if (outcome === 409) {
        expect(problem.code).toBe('ORDER_STATUS_CONFLICT');
        expect(problem.error).toMatch(new RegExp(`^Order status conflict\\. Order status ${from} cannot be updated to ${to}[.:]`));
      }
    }
  });
});

describe('PATCH /connect/orders/{id} — statuses that do not apply to the order (docs/domain.md#order-status)', () => {
  it.each([
    { fulfilmentType: 'PICK_UP', from: 'READY', actor: 'POS', to: 'OUT_FOR_DELIVERY', why: 'a PICK_UP order is not delivered' },
    { fulfilmentType: 'DINE_IN', from: 'ACCEPTED', actor: 'POS', to: 'OUT_FOR_DELIVERY', why: 'a DINE_IN order is not delivered' },
    { fulfilmentType: 'DELIVERY', from: 'READY', actor: 'POS', to: 'FULFILLED', why: 'a DELIVERY order is dispatched for delivery, not picked up' },
    {
      fulfilmentType: 'DELIVERY',
      from: 'OUT_FOR_DELIVERY',
      actor: 'ORDERING_APP',
      to: 'FULFILLED',
      why: 'a DELIVERY order is dispatched for delivery, not picked up',
    },
  ] as const)('$fulfilmentType order, $actor: $from → $to is 409', async ({ fulfilmentType, from, actor, to, why }) => {
    const orderId = await orderIn(from, fulfilmentType);
    const response = await patchOrder((actor === 'POS' ? world.pos : world.app).token, orderId, update(to));
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      code: 'ORDER_STATUS_CONFLICT',
      error: `Order status conflict. Order status ${from} cannot be updated to ${to}: ${why}.`,
    });
    expect((await (await getOrder(world.pos.token, orderId)).json()).status).toBe(from);
  });

  it('fulfils an order picked up or eaten in, and takes a DELIVERY order out for delivery', async () => {
    for (const fulfilmentType of ['PICK_UP', 'DINE_IN'] as const) {
      expect((await patchOrder(world.pos.token, await orderIn('READY', fulfilmentType), update('FULFILLED'))).status).toBe(204);
    }
    expect((await patchOrder(world.pos.token, await orderIn('READY', 'DELIVERY'), update('OUT_FOR_DELIVERY'))).status).toBe(204);
  });
});

describe('PATCH /connect/orders/{id} — reasons', () => {
  it.each([
    { name: 'REJECTED without reason', body: { status: 'REJECTED' } },
    { name: 'REJECTED with an empty reason', body: { status: 'REJECTED', reason: '' } },
    { name: 'CANCELLED_BY_MERCHANT with a blank reason', body: { status: 'CANCELLED_BY_MERCHANT', reason: '   ' } },
    { name: 'CANCELLED_BY_CUSTOMER without reason', body: { status: 'CANCELLED_BY_CUSTOMER' } },
    { name: 'a reason that is not a string', body: { status: 'REJECTED', reason: 42 } },
    { name: 'CREATED, which no PATCH may set', body: { status: 'CREATED' } },
    { name: 'no status', body: { reason: 'Out of stock' } },
  ])('refuses $name with 400 naming the field', async ({ body }) => {
    const orderId = await orderIn('CREATED');
    const response = await patchOrder(world.pos.token, orderId, body);
    expect(response.status).toBe(400);
    const problem = await response.json();
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors.every((error: { segment: string }) => error.segment === 'body')).toBe(true);
    expect((await (await getOrder(world.pos.token, orderId)).json()).status).toBe('CREATED');
  });

  it('stores who changed the status, when and why', async () => {
    const orderId = await orderIn('CREATED');
    await patchOrder(world.pos.token, orderId, { status: 'ACCEPTED' });
    await patchOrder(world.app.token, orderId, { status: 'CANCELLED_BY_CUSTOMER', reason: 'Customer changed their mind.' });
    const history = await database.db().select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, orderId)).orderBy(orderStatusChanges.version);
    expect(history).toMatchObject([
      { fromStatus: null, toStatus: 'CREATED', actorType: 'ORDERING_APP', actorPartnerId: world.app.partnerId, version: 1 },
      { fromStatus: 'CREATED', toStatus: 'ACCEPTED', actorType: 'POS', actorPartnerId: world.pos.partnerId, reason: null, version: 2 },
      {
        fromStatus: 'ACCEPTED',
        toStatus: 'CANCELLED_BY_CUSTOMER',
        actorType: 'ORDERING_APP',
        actorPartnerId: world.app.partnerId,
        reason: 'Customer changed their mind.',
        version: 3,
      },
    ]);
    expect(history.every((entry) => entry.createdAt instanceof Date)).toBe(true);
  });

  it('accepts a plain application/json body as well as merge-patch', async () => {
    const orderId = await orderIn('CREATED');
    const response = await patchOrder(world.pos.token, orderId, { status: 'ACCEPTED' }, { headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(204);
    const wrongType = await patchOrder(world.pos.token, orderId, { status: 'READY' }, { headers: { 'content-type': 'text/plain' } });
    expect(wrongType.status).toBe(415);
  });
});

describe('PATCH /connect/orders/{id} — concurrency and isolation', () => {
  it('lets exactly one of two racing final updates win', async () => {
    const orderId = await orderIn('ACCEPTED');
    const responses = await Promise.all([
      patchOrder(world.pos.token, orderId, { status: 'REJECTED', reason: 'Kitchen closed' }),
      patchOrder(world.pos.token, orderId, { status: 'CANCELLED_BY_MERCHANT', reason: 'Out of stock' }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([204, 409]);
    expect((await orderEvents(database.db(), orderId)).map((event) => event.version)).toEqual([1, 2, 3]);
  });

  it('answers another location’s POS and another app with 404', async () => {
    const orderId = await orderIn('CREATED');
    expect((await patchOrder(world.otherPos.token, orderId, { status: 'ACCEPTED' })).status).toBe(404);
    expect((await patchOrder(world.otherApp.token, orderId, { status: 'FULFILLED' })).status).toBe(404);
    expect((await patchOrder(world.pos.token, 'ord_unknown', { status: 'ACCEPTED' })).status).toBe(404);
  });
});
