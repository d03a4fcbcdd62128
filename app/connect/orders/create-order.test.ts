import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, orderStatusChanges } from '@/db/schema';
import { resetConfig } from '@/lib/config';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner } from '@/lib/testing/fixtures';
import { orderEvents, orderRequest, orderingWorld, patchOrder, postOrder } from '@/app/_testing/orders';

const database = useTestDatabase();
let world: Awaited<ReturnType<typeof orderingWorld>>;

beforeAll(async () => {
  // The property test sends hundreds of requests from one client.
  resetConfig({ RATE_LIMIT_PER_MINUTE: '100000' });
  world = await orderingWorld(database.db());
});

type Problem = { code: string; errors?: { segment: string; path: string }[] };
const bodyErrorPaths = (problem: Problem) =>
  (problem.errors ?? [])
    .filter((e) => e.segment === 'body')
    .map((e) => e.path)
    .sort();

describe('POST /connect/orders — validation through the route', () => {
  const cases: { name: string; change: (order: Record<string, any>) => void; errors: string[] }[] = [
    { name: 'locationId is required', change: (o) => delete o.locationId, errors: ['locationId'] },
    { name: 'locationId is at most 50 characters', change: (o) => (o.locationId = 'l'.repeat(51)), errors: ['locationId'] },
    { name: 'origin is required', change: (o) => delete o.origin, errors: ['origin'] },
    { name: 'origin.orderId is required', change: (o) => delete o.origin.orderId, errors: ['origin.orderId'] },
    { name: 'origin.orderId is at most 50 characters', change: (o) => (o.origin.orderId = 'o'.repeat(51)), errors: ['origin.orderId'] },
    { name: 'origin.orderReference is required', change: (o) => delete o.origin.orderReference, errors: ['origin.orderReference'] },
    { name: 'fulfilment is required', change: (o) => delete o.fulfilment, errors: ['fulfilment'] },
    { name: 'fulfilment.type is one of PICK_UP, DINE_IN, DELIVERY', change: (o) => (o.fulfilment.type = 'DRIVE_THRU'), errors: ['fulfilment.type'] },
    { name: 'items is required', change: (o) => delete o.items, errors: ['items'] },
    { name: 'item sku is required', change: (o) => delete o.items[0].sku, errors: ['items.0.sku'] },
    { name: 'item description is required', change: (o) => delete o.items[0].description, errors: ['items.0.description'] },
    { name: 'item quantity is an integer', change: (o) => (o.items[0].quantity = 1.5), errors: ['items.0.quantity'] },
    { name: 'item quantity is >= 0', change: (o) => (o.items[0].quantity = -1), errors: ['items.0.quantity'] },
    { name: 'item ids are unique within the list', change: (o) => o.items.push(structuredClone(o.items[0])), errors: ['items.1.id'] },
    { name: 'modifier unitPrice is required', change: (o) => delete o.items[0].modifiers[0].unitPrice, errors: ['items.0.modifiers.0.unitPrice'] },
    { name: 'money amounts are integer cents', change: (o) => (o.items[0].unitPrice.amount = 20.5), errors: ['items.0.unitPrice.amount'] },
    { name: 'currency is one of AUD, EUR, NZD, GBP, USD', change: (o) => (o.total.currency = 'JPY'), errors: ['total.currency'] },
    { name: 'total is required', change: (o) => delete o.total, errors: ['total'] },
    { name: 'total.amount is >= 0', change: (o) => (o.total.amount = -1), errors: ['total.amount'] },
    { name: 'tip.amount is >= 0', change: (o) => (o.tip.amount = -5), errors: ['tip.amount'] },
    { name: 'a discount amount is >= 0', change: (o) => (o.discounts[0].amount = -200), errors: ['discounts.0.amount'] },
    { name: 'a surcharge amount is >= 0', change: (o) => (o.surcharges[1].amount = -1), errors: ['surcharges.1.amount'] },
    { name: 'a customer firstName is a string', change: (o) => (o.customers = [{ firstName: 7 }]), errors: ['customers.0.firstName'] },
    { name: 'table.id is a string', change: (o) => (o.table.id = 12), errors: ['table.id'] },
    { name: 'status is CREATED or ACCEPTED', change: (o) => (o.status = 'READY'), errors: ['status'] },
    { name: 'paymentStatus OPEN only for DINE_IN', change: (o) => (o.paymentStatus = 'OPEN'), errors: ['paymentStatus'] },
    {
      name: 'every violation is reported at once',
      change: (o) => {
        delete o.items[0].sku;
        o.total.amount = -1;
        o.status = 'READY';
      },
      errors: ['items.0.sku', 'status', 'total.amount'],
    },
  ];

  it.each(cases)('$name', async ({ change, errors }) => {
    const response = await postOrder(world.app.token, orderRequest(world.locationId, change));
    expect(response.status).toBe(400);
    const problem = (await response.json()) as Problem;
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(bodyErrorPaths(problem)).toEqual(errors);
  });

  it('accepts customers without a firstName and a table without an id (the reference: both optional)', async () => {
    const response = await postOrder(
      world.app.token,
      orderRequest(world.locationId, (o) => Object.assign(o, { customers: [{}, { firstName: 'Ada' }], table: { section: 'Terrace' } })),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ customers: [{}, { firstName: 'Ada' }], table: { section: 'Terrace' } });
  });

  it('accepts paymentStatus OPEN on a DINE_IN order', async () => {
    const response = await postOrder(
      world.app.token,
      orderRequest(world.locationId, (o) => Object.assign(o, { paymentStatus: 'OPEN', fulfilment: { type: 'DINE_IN' } })),
    );
    expect(response.status).toBe(201);
  });

  it('answers malformed JSON with 400 and a wrong content type with 415', async () => {
    expect((await postOrder(world.app.token, '{"locationId":')).status).toBe(400);
    const response = await postOrder(world.app.token, orderRequest(world.locationId), { headers: { 'content-type': 'text/plain' } });
    expect(response.status).toBe(415);
  });

  it('never answers a random malformed order with a 5xx', async () => {
    const paths = [
      'locationId',
      'origin',
      'origin.orderId',
      'origin.orderReference',
      'items',
      'items.0',
      'items.0.quantity',
      'items.0.unitPrice',
      'items.0.modifiers',
      'items.0.modifiers.0.id',
      'total',
      'total.amount',
      'tip',
      'discounts',
      'customers',
      'table',
      'status',
      'paymentStatus',
      'fulfilment',
    ];
    const setPath = (order: Record<string, any>, path: string, value: unknown) => {
      const keys = path.split('.');
      let target: any = order;
      for (const key of keys.slice(0, -1)) {
        if (target === null || typeof target !== 'object') return;
        target = target[key];
      }
      if (target !== null && typeof target === 'object') target[keys.at(-1)!] = value;
    };
    const mutatedOrder = fc
      .array(fc.tuple(fc.constantFrom(...paths), fc.jsonValue({ maxDepth: 3 })), { minLength: 1, maxLength: 4 })
      .map((edits) => orderRequest(world.locationId, (o) => edits.forEach(([path, value]) => setPath(o, path, value))));
    await fc.assert(
      fc.asyncProperty(fc.oneof(mutatedOrder, fc.jsonValue()), async (body) => {
        const response = await postOrder(world.app.token, JSON.stringify(body));
        expect(response.status, await response.text()).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});

describe('POST /connect/orders — creation', () => {
  it('creates a CREATED order with a service id and origin.name from the partner, and tells the POS', async () => {
    const request = orderRequest(world.locationId, (o) => (o.origin.name = 'Spoofed name'));
    const response = await postOrder(world.app.token, request);
    expect(response.status).toBe(201);
    const order = await response.json();
    expect(order.id.length).toBeLessThanOrEqual(50);
    expect(order.origin).toEqual({ orderId: request.origin.orderId, orderReference: 'Order for Tom', name: world.app.name });
    expect(order.status).toBe('CREATED');
    expect(order).not.toHaveProperty('paymentStatus');
    expect(await orderEvents(database.db(), order.id)).toEqual([{ type: 'ORDER_CREATED', version: 1, recipients: [world.pos.partnerId] }]);
    const history = await database.db().select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, order.id));
    expect(history).toMatchObject([{ fromStatus: null, toStatus: 'CREATED', actorType: 'ORDERING_APP', actorPartnerId: world.app.partnerId }]);
  });

  it('creates an ACCEPTED order and announces it as every new order, ORDER_CREATED version 1, and nothing else', async () => {
    const response = await postOrder(
      world.app.token,
      orderRequest(world.locationId, (o) => (o.status = 'ACCEPTED')),
    );
    const order = await response.json();
    expect(order.status).toBe('ACCEPTED');
    expect(await orderEvents(database.db(), order.id)).toEqual([{ type: 'ORDER_CREATED', version: 1, recipients: [world.pos.partnerId] }]);
    const history = await database.db().select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, order.id));
    expect(history).toMatchObject([{ fromStatus: null, toStatus: 'ACCEPTED', version: 1 }]);
    // The next change is version 2, and its event says what it is.
    expect((await patchOrder(world.pos.token, order.id, { status: 'BEING_PREPARED' })).status).toBe(204);
    expect((await orderEvents(database.db(), order.id)).map((event) => [event.type, event.version])).toEqual([
      ['ORDER_CREATED', 1],
      ['ORDER_BEING_PREPARED', 2],
    ]);
  });

  it('answers the same origin.orderId with the same content with the first order, and no second event', async () => {
    const request = orderRequest(world.locationId);
    const first = await (await postOrder(world.app.token, request)).json();
    const again = await postOrder(world.app.token, structuredClone(request));
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(first);
    expect(await orderEvents(database.db(), first.id)).toHaveLength(1);
  });

  it('refuses the same origin.orderId with different content with 409 ORDER_ID_CONFLICT', async () => {
    const request = orderRequest(world.locationId);
    await postOrder(world.app.token, request);
    const response = await postOrder(world.app.token, { ...request, notes: 'Extra napkins' });
    expect(response.status).toBe(409);
    expect((await response.json()).code).toBe('ORDER_ID_CONFLICT');
  });

  it('keeps origin.orderId separate per app and per location', async () => {
    const request = orderRequest(world.locationId);
    const mine = await (await postOrder(world.app.token, request)).json();
    const theirs = await postOrder(world.otherApp.token, request);
    expect(theirs.status).toBe(201);
    expect((await theirs.json()).id).not.toBe(mine.id);
    const elsewhere = await postOrder(world.otherApp.token, { ...request, locationId: world.otherLocationId });
    expect(elsewhere.status).toBe(201);
    const count = await database.db().select().from(orders).where(eq(orders.originOrderId, request.origin.orderId));
    expect(count).toHaveLength(3);
  });

  it('creates two identical requests sent at once as one order', async () => {
    const request = orderRequest(world.locationId);
    const responses = await Promise.all([postOrder(world.app.token, request), postOrder(world.app.token, structuredClone(request))]);
    const bodies = await Promise.all(responses.map((response) => response.json()));
    expect(responses.map((response) => response.status)).toEqual([201, 201]);
    expect(bodies[0].id).toBe(bodies[1].id);
    expect(await orderEvents(database.db(), bodies[0].id)).toHaveLength(1);
  });
});

describe('POST /connect/orders — auth', () => {
  it('refuses an app not connected to the location with 403', async () => {
    const response = await postOrder(world.app.token, orderRequest(world.otherLocationId));
    expect(response.status).toBe(403);
  });

  it('refuses a POS with 403 and a missing token with 401', async () => {
    expect((await postOrder(world.pos.token, orderRequest(world.locationId))).status).toBe(403);
    expect((await postOrder('', orderRequest(world.locationId))).status).toBe(401);
  });

  it('refuses a booking app with 403', async () => {
    const booking = await createConnectedPartner(database.db(), 'BOOKING_APP', [world.locationId]);
    expect((await postOrder(booking.token, orderRequest(world.locationId))).status).toBe(403);
  });
});
