import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { moneyPositiveAmountSchema, moneySchema } from '@/lib/money';
import { sampleOrderRequests } from './sample-orders.fixture';
import {
  createOrderRequestSchema,
  listOrdersQuerySchema,
  moneyWithItemisationSchema,
  orderItemSchema,
  orderResponseSchema,
  orderResponseSchemaV1_0,
  orderResponseSchemaV1_1,
  patchOrderRequestSchema,
  toOrderResponse,
} from './schema';

// Test payloads are edited freely, as a partner might send anything.
type Payload = Record<string, any>;

const sample = (): Payload => structuredClone(sampleOrderRequests.newOrder);
const edit = (change: (order: Payload) => void): Payload => {
  const order = sample();
  change(order);
  return order;
};
const minimalOrder = (): Payload => ({
  locationId: 'loc-1',
  origin: { orderId: 'app-order-1', orderReference: 'A1' },
  fulfilment: {},
  items: [{ id: 'i1', sku: 'sku-1', description: 'Flat white', quantity: 1, unitPrice: { amount: 450 } }],
  total: { amount: 450 },
});
const long = (length: number) => 'x'.repeat(length);

/** The sorted dotted paths of every issue, or [] when the input is valid. */
function issuePaths(result: { success: boolean; error?: z.ZodError }): string[] {
  return (result.error?.issues ?? []).map((issue) => issue.path.join('.')).sort();
}

describe('createOrderRequestSchema', () => {
  it.each(Object.entries(sampleOrderRequests))('accepts the sample partner payload %s as is', (_name, payload) => {
    expect(issuePaths(createOrderRequestSchema.safeParse(payload))).toEqual([]);
  });

  const cases: { name: string; input: unknown; errors: string[] }[] = [
    { name: 'minimal order with only required fields', input: minimalOrder(), errors: [] },
    { name: 'not an object', input: 'order', errors: [''] },
    { name: 'null', input: null, errors: [''] },
    { name: 'an array', input: [sample()], errors: [''] },

    ...['locationId', 'origin', 'fulfilment', 'items', 'total'].map((field) => ({
      name: `missing ${field}`,
      input: edit((o) => delete o[field]),
      errors: [field],
    })),
    ...['orderId', 'orderReference'].map((field) => ({
      name: `missing origin.${field}`,
      input: edit((o) => delete o.origin[field]),
      errors: [`origin.${field}`],
    })),
    ...['id', 'unitPrice', 'sku', 'description', 'quantity'].map((field) => ({
      name: `missing items[].${field}`,
      input: edit((o) => delete o.items[0][field]),
      errors: [`items.0.${field}`],
    })),
    ...['id', 'unitPrice', 'sku', 'description', 'quantity'].map((field) => ({
      name: `missing modifiers[].${field}`,
      input: edit((o) => delete o.items[0].modifiers[0][field]),
      errors: [`items.0.modifiers.0.${field}`],
    })),
    { name: 'missing total.amount', input: edit((o) => delete o.total.amount), errors: ['total.amount'] },
    { name: 'missing unitPrice.amount', input: edit((o) => delete o.items[0].unitPrice.amount), errors: ['items.0.unitPrice.amount'] },
    // The reference orders spec: table.id and customers[].firstName are optional.
    { name: 'missing table.id', input: edit((o) => delete o.table.id), errors: [] },
    { name: 'missing customers[].firstName', input: edit((o) => (o.customers = [{}])), errors: [] },
    { name: 'fulfilment without a type (docs/domain.md#order: type is optional)', input: edit((o) => (o.fulfilment = {})), errors: [] },
    { name: 'empty items list', input: edit((o) => (o.items = [])), errors: [] },

    { name: 'locationId of 50 chars', input: edit((o) => (o.locationId = long(50))), errors: [] },
    { name: 'locationId of 51 chars', input: edit((o) => (o.locationId = long(51))), errors: ['locationId'] },
    { name: 'empty locationId', input: edit((o) => (o.locationId = '')), errors: ['locationId'] },
    { name: 'origin.orderId of 50 chars', input: edit((o) => (o.origin.orderId = long(50))), errors: [] },
    { name: 'origin.orderId of 51 chars', input: edit((o) => (o.origin.orderId = long(51))), errors: ['origin.orderId'] },
    { name: 'empty origin.orderId', input: edit((o) => (o.origin.orderId = '')), errors: ['origin.orderId'] },
    { name: 'origin.orderReference of 10,000 chars', input: edit((o) => (o.origin.orderReference = long(10_000))), errors: [] },
    { name: 'origin.name of 10,000 chars (ignored)', input: edit((o) => (o.origin.name = long(10_000))), errors: [] },
    { name: 'origin.name that is not a string (ignored)', input: edit((o) => (o.origin.name = 42)), errors: [] },
    { name: 'customers[].firstName of 10,000 chars', input: edit((o) => (o.customers[0].firstName = long(10_000))), errors: [] },

    { name: 'quantity -1', input: edit((o) => (o.items[0].quantity = -1)), errors: ['items.0.quantity'] },
    { name: 'quantity 1.5', input: edit((o) => (o.items[0].quantity = 1.5)), errors: ['items.0.quantity'] },
    { name: 'quantity as a string', input: edit((o) => (o.items[0].quantity = '1')), errors: ['items.0.quantity'] },
    { name: 'quantity 0', input: edit((o) => (o.items[0].quantity = 0)), errors: [] },
    { name: 'unitPrice amount 20.5', input: edit((o) => (o.items[0].unitPrice.amount = 20.5)), errors: ['items.0.unitPrice.amount'] },
    { name: 'item discount amount 0.5', input: edit((o) => (o.items[0].discounts[0].amount = 0.5)), errors: ['items.0.discounts.0.amount'] },
    { name: 'item discount amount -1', input: edit((o) => (o.items[0].discounts[0].amount = -1)), errors: ['items.0.discounts.0.amount'] },
    { name: 'order discount amount 1.5', input: edit((o) => (o.discounts[0].amount = 1.5)), errors: ['discounts.0.amount'] },
    { name: 'surcharge amount 1.5', input: edit((o) => (o.surcharges[1].amount = 1.5)), errors: ['surcharges.1.amount'] },
    // The reference: order discounts and surcharges are money-positive-with-description (minimum 0).
    { name: 'order discount amount -1', input: edit((o) => (o.discounts[0].amount = -1)), errors: ['discounts.0.amount'] },
    { name: 'surcharge amount -200', input: edit((o) => (o.surcharges[0].amount = -200)), errors: ['surcharges.0.amount'] },
    { name: 'order discount amount 0', input: edit((o) => (o.discounts[0].amount = 0)), errors: [] },
    { name: 'total amount 1350.01', input: edit((o) => (o.total.amount = 1350.01)), errors: ['total.amount'] },
    { name: 'total amount beyond a safe integer', input: edit((o) => (o.total.amount = 2 ** 60)), errors: ['total.amount'] },
    { name: 'total -1', input: edit((o) => (o.total.amount = -1)), errors: ['total.amount'] },
    { name: 'total 0', input: edit((o) => (o.total.amount = 0)), errors: [] },
    { name: 'tip -1', input: edit((o) => (o.tip.amount = -1)), errors: ['tip.amount'] },
    { name: 'tip 2.5', input: edit((o) => (o.tip.amount = 2.5)), errors: ['tip.amount'] },
    { name: 'unknown currency JPY', input: edit((o) => (o.total.currency = 'JPY')), errors: ['total.currency'] },
    { name: 'lower-case currency', input: edit((o) => (o.items[0].unitPrice.currency = 'aud')), errors: ['items.0.unitPrice.currency'] },
    ...['EUR', 'NZD', 'GBP', 'USD'].map((currency) => ({
      name: `currency ${currency}`,
      input: edit((o) => (o.total.currency = currency)),
      errors: [],
    })),

    { name: 'paymentStatus OPEN with PICK_UP', input: edit((o) => (o.paymentStatus = 'OPEN')), errors: ['paymentStatus'] },
    {
      name: 'paymentStatus OPEN with DELIVERY',
      input: edit((o) => ((o.paymentStatus = 'OPEN'), (o.fulfilment.type = 'DELIVERY'))),
      errors: ['paymentStatus'],
    },
    {
      name: 'paymentStatus OPEN without a fulfilment type',
      input: edit((o) => ((o.paymentStatus = 'OPEN'), (o.fulfilment = {}))),
      errors: ['paymentStatus'],
    },
    {
      name: 'paymentStatus OPEN with DINE_IN',
      input: edit((o) => ((o.paymentStatus = 'OPEN'), (o.fulfilment.type = 'DINE_IN'))),
      errors: [],
    },
    { name: 'unknown paymentStatus', input: edit((o) => (o.paymentStatus = 'PAID')), errors: ['paymentStatus'] },
    { name: 'unknown fulfilment type', input: edit((o) => (o.fulfilment.type = 'DRIVE_THRU')), errors: ['fulfilment.type'] },

    { name: 'status ACCEPTED on create', input: edit((o) => (o.status = 'ACCEPTED')), errors: [] },
    ...['REJECTED', 'BEING_PREPARED', 'READY', 'OUT_FOR_DELIVERY', 'CANCELLED_BY_MERCHANT', 'CANCELLED_BY_CUSTOMER', 'FULFILLED'].map((status) => ({
      name: `status ${status} on create`,
      input: edit((o) => (o.status = status)),
      errors: ['status'],
    })),

    {
      name: 'error in a modifier of a modifier, reported with its full path',
      input: edit((o) => (o.items[0].modifiers[0].modifiers = [{ ...o.items[0].modifiers[0], quantity: -2 }])),
      errors: ['items.0.modifiers.0.modifiers.0.quantity'],
    },
    {
      name: 'two items with the same id',
      input: edit((o) => o.items.push({ ...o.items[0] })),
      errors: ['items.1.id'],
    },
    {
      name: 'two modifiers of one item with the same id',
      input: edit((o) => o.items[0].modifiers.push({ ...o.items[0].modifiers[0] })),
      errors: ['items.0.modifiers.1.id'],
    },
    {
      name: 'the same modifier id under different items (ids are compared among siblings)',
      input: edit((o) => o.items.push({ ...o.items[0], id: 'second-burger' })),
      errors: [],
    },
    {
      name: 'several violations, all reported at once',
      input: edit((o) => {
        delete o.locationId;
        o.origin.orderId = long(51);
        o.status = 'REJECTED';
        o.paymentStatus = 'OPEN';
        o.items[0].quantity = 1.5;
        o.items[0].modifiers[0].unitPrice = { amount: 10, currency: 'XYZ' };
        o.items.push({ ...o.items[0], quantity: 1 });
        o.tip.amount = -5;
        o.customers[1] = { firstName: 7 };
      }),
      errors: [
        'customers.1.firstName',
        'items.0.modifiers.0.unitPrice.currency',
        'items.0.quantity',
        'items.1.id',
        'items.1.modifiers.0.unitPrice.currency',
        'locationId',
        'origin.orderId',
        'paymentStatus',
        'status',
        'tip.amount',
      ],
    },
  ];

  it.each(cases)('$name', ({ input, errors }) => {
    expect(issuePaths(createOrderRequestSchema.safeParse(input))).toEqual([...errors].sort());
  });

  it('fills the defaults: status CREATED, paymentStatus CLOSED, currency AUD', () => {
    const order = createOrderRequestSchema.parse(minimalOrder());
    expect(order.status).toBe('CREATED');
    expect(order.paymentStatus).toBe('CLOSED');
    expect(order.total.currency).toBe('AUD');
    expect(order.items[0]!.unitPrice).toEqual({ amount: 450, currency: 'AUD' });
  });

  it('drops origin.name: the partner name is set by the service', () => {
    const order = createOrderRequestSchema.parse(edit((o) => (o.origin.name = 'Someone else')));
    expect(order.origin).toEqual({ orderId: sampleOrderRequests.newOrder.origin.orderId, orderReference: 'Order for Tom' });
  });

  it('keeps every field of the sample, with descriptions, allergens and table section', () => {
    const order = createOrderRequestSchema.parse(sampleOrderRequests.newOrder);
    expect(order.items[0]!.discounts).toEqual([{ amount: 1000, currency: 'AUD', description: 'Half price cheese burgers on the first of the month' }]);
    expect(order.items[0]!.allergens).toEqual([{ description: 'Fish' }, { description: 'Nuts' }]);
    expect(order.items[0]!.modifiers![0]!.unitPrice).toEqual({ amount: 0, currency: 'AUD' });
    expect(order.surcharges).toHaveLength(2);
    expect(order.table).toEqual({ id: 'B1', section: 'Bar' });
    expect(order.customers).toEqual([{ firstName: 'Daniel' }, { firstName: 'Elizabeth' }]);
  });
});

describe('patchOrderRequestSchema', () => {
  const cases: { name: string; input: unknown; errors: string[] }[] = [
    ...['ACCEPTED', 'BEING_PREPARED', 'READY', 'OUT_FOR_DELIVERY', 'FULFILLED'].map((status) => ({
      name: `${status} without a reason`,
      input: { status },
      errors: [],
    })),
    { name: 'ACCEPTED with an empty reason (only some statuses need one)', input: { status: 'ACCEPTED', reason: '' }, errors: [] },
    ...['REJECTED', 'CANCELLED_BY_MERCHANT', 'CANCELLED_BY_CUSTOMER'].flatMap((status) => [
      { name: `${status} with a reason`, input: { status, reason: 'Out of stock' }, errors: [] },
      { name: `${status} without a reason`, input: { status }, errors: ['reason'] },
      { name: `${status} with an empty reason`, input: { status, reason: '' }, errors: ['reason'] },
      { name: `${status} with a blank reason`, input: { status, reason: '   ' }, errors: ['reason'] },
      { name: `${status} with a reason that is not a string`, input: { status, reason: 3 }, errors: ['reason'] },
    ]),
    { name: 'CREATED cannot be set by PATCH', input: { status: 'CREATED' }, errors: ['status'] },
    { name: 'unknown status', input: { status: 'COOKED' }, errors: ['status'] },
    { name: 'missing status', input: { reason: 'why' }, errors: ['status'] },
    { name: 'empty body', input: {}, errors: ['status'] },
    { name: 'not an object', input: 'ACCEPTED', errors: [''] },
  ];

  it.each(cases)('$name', ({ input, errors }) => {
    expect(issuePaths(patchOrderRequestSchema.safeParse(input))).toEqual(errors);
  });
});

describe('order responses', () => {
  const storedOrder = {
    ...createOrderRequestSchema.parse(sampleOrderRequests.newOrder),
    id: 'ord_01J0000000000000000000000',
    origin: { orderId: 'o-1', orderReference: 'Order for Tom', name: "Charlie's Preorder App" },
    statusInfo: undefined,
    // internal columns that must never reach a partner
    partnerId: 'ptn_1',
    merchantId: 'mer_1',
    version: 3,
    createdAt: new Date(),
  };

  it('version 1.0 omits paymentStatus and every internal column', () => {
    const response = toOrderResponse(storedOrder, '1.0');
    expect(response).not.toHaveProperty('paymentStatus');
    for (const column of ['partnerId', 'merchantId', 'version', 'createdAt']) expect(response).not.toHaveProperty(column);
    expect(response.origin.name).toBe("Charlie's Preorder App");
    expect(response.items).toEqual(storedOrder.items);
  });

  it('version 1.1 adds paymentStatus, CLOSED when none was stored', () => {
    expect(toOrderResponse(storedOrder, '1.1').paymentStatus).toBe('CLOSED');
    const { paymentStatus: _omitted, ...withoutPaymentStatus } = storedOrder;
    expect(toOrderResponse(withoutPaymentStatus, '1.1').paymentStatus).toBe('CLOSED');
    expect(toOrderResponse({ ...storedOrder, paymentStatus: 'OPEN' }, '1.1').paymentStatus).toBe('OPEN');
  });

  it('returns statusInfo of an auto-rejected order', () => {
    const response = toOrderResponse({ ...storedOrder, status: 'REJECTED', statusInfo: 'AUTO_REJECTED_BY_TIMEOUT' }, '1.0');
    expect(response).toMatchObject({ status: 'REJECTED', statusInfo: 'AUTO_REJECTED_BY_TIMEOUT' });
  });

  it('still reads an order stored with a negative discount before such amounts were refused', () => {
    const legacy = { ...storedOrder, discounts: [{ amount: -200, currency: 'AUD' as const, description: 'Old data' }] };
    expect(toOrderResponse(legacy, '1.1').discounts).toEqual(legacy.discounts);
  });

  it('picks the schema of the version asked for', () => {
    expect(orderResponseSchema('1.0')).toBe(orderResponseSchemaV1_0);
    expect(orderResponseSchema('1.1')).toBe(orderResponseSchemaV1_1);
  });
});

describe('listOrdersQuerySchema', () => {
  const cases: { name: string; input: Record<string, unknown>; output?: Record<string, unknown>; errors?: string[] }[] = [
    { name: 'only locationId', input: { locationId: 'loc-1' }, output: { locationId: 'loc-1', limit: 50 } },
    { name: 'missing locationId', input: {}, errors: ['locationId'] },
    { name: 'locationId of 51 chars', input: { locationId: long(51) }, errors: ['locationId'] },
    { name: 'one status', input: { locationId: 'l', status: 'READY' }, output: { locationId: 'l', status: ['READY'], limit: 50 } },
    {
      name: 'comma separated statuses',
      input: { locationId: 'l', status: 'CREATED, ACCEPTED' },
      output: { locationId: 'l', status: ['CREATED', 'ACCEPTED'], limit: 50 },
    },
    {
      name: 'repeated statuses, one of them comma separated',
      input: { locationId: 'l', status: ['CREATED', 'READY,ACCEPTED', 'READY'] },
      output: { locationId: 'l', status: ['CREATED', 'READY', 'ACCEPTED'], limit: 50 },
    },
    { name: 'unknown status', input: { locationId: 'l', status: 'CREATED,COOKED' }, errors: ['status'] },
    {
      name: 'updatedSince in UTC',
      input: { locationId: 'l', updatedSince: '2026-11-22T01:02:03.456Z' },
      output: { locationId: 'l', updatedSince: '2026-11-22T01:02:03.456Z', limit: 50 },
    },
    {
      name: 'updatedSince with an offset',
      input: { locationId: 'l', updatedSince: '2026-11-22T11:02:03+10:00' },
      output: { locationId: 'l', updatedSince: '2026-11-22T11:02:03+10:00', limit: 50 },
    },
    { name: 'updatedSince as a date only', input: { locationId: 'l', updatedSince: '2026-11-22' }, errors: ['updatedSince'] },
    { name: 'updatedSince not a time', input: { locationId: 'l', updatedSince: 'yesterday' }, errors: ['updatedSince'] },
    { name: 'limit 1 from a query string', input: { locationId: 'l', limit: '1' }, output: { locationId: 'l', limit: 1 } },
    { name: 'limit 50', input: { locationId: 'l', limit: 50 }, output: { locationId: 'l', limit: 50 } },
    ...['0', '51', '-1', '1.5', 'ten', ''].map((limit) => ({ name: `limit "${limit}"`, input: { locationId: 'l', limit }, errors: ['limit'] })),
    { name: 'cursor', input: { locationId: 'l', cursor: 'b3JkXzAx' }, output: { locationId: 'l', cursor: 'b3JkXzAx', limit: 50 } },
    { name: 'empty cursor', input: { locationId: 'l', cursor: '' }, errors: ['cursor'] },
  ];

  it.each(cases)('$name', ({ input, output, errors }) => {
    const result = listOrdersQuerySchema.safeParse(input);
    expect(issuePaths(result)).toEqual(errors ?? []);
    if (output) expect(result.data).toEqual(output);
  });
});

describe('OpenAPI metadata', () => {
  it.each([
    ['Money', moneySchema],
    ['MoneyPositiveAmount', moneyPositiveAmountSchema],
    ['MoneyWithItemisation', moneyWithItemisationSchema],
    ['OrderItem', orderItemSchema],
    ['CreateOrderRequest', createOrderRequestSchema],
    ['UpdateOrderRequest', patchOrderRequestSchema],
    ['Order', orderResponseSchemaV1_1],
    ['OrderV1_0', orderResponseSchemaV1_0],
  ] as const)('names the %s component', (id, schema) => {
    expect(z.globalRegistry.get(schema)?.id).toBe(id);
  });

  it('generates an OpenAPI document with the recursive item, shared Money components and integer amounts', () => {
    const registry = new OpenAPIRegistry();
    const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });
    registry.registerPath({
      method: 'post',
      path: '/orders',
      request: { body: json(createOrderRequestSchema) },
      responses: { 201: { description: 'Created', ...json(orderResponseSchemaV1_1) } },
    });
    registry.registerPath({
      method: 'patch',
      path: '/orders/{id}',
      request: { body: json(patchOrderRequestSchema) },
      responses: { 204: { description: 'Updated' } },
    });
    const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
      openapi: '3.1.0',
      info: { title: 'Ordering', version: '1.1' },
    });
    const schemas = document.components!.schemas! as Record<string, any>;

    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(['CreateOrderRequest', 'UpdateOrderRequest', 'Order', 'OrderItem', 'Money', 'MoneyPositiveAmount']),
    );
    expect(schemas.OrderItem.properties.modifiers.items).toEqual({ $ref: '#/components/schemas/OrderItem' });
    expect(schemas.OrderItem.properties.unitPrice).toEqual({ $ref: '#/components/schemas/Money' });
    expect(schemas.OrderItem.properties.quantity).toMatchObject({ type: 'integer', minimum: 0 });
    expect(schemas.Money.properties.amount).toMatchObject({ type: 'integer' });
    expect(schemas.Money.properties.amount).not.toHaveProperty('minimum');
    expect(schemas.MoneyPositiveAmount.properties.amount).toMatchObject({ type: 'integer', minimum: 0 });
    expect(schemas.CreateOrderRequest.properties.total).toEqual({ $ref: '#/components/schemas/MoneyPositiveAmount' });
    expect(schemas.CreateOrderRequest.properties.origin.properties).not.toHaveProperty('name');
    expect(schemas.Order.properties.paymentStatus).toMatchObject({ enum: ['OPEN', 'CLOSED'], default: 'CLOSED' });
  });
});

describe('robustness (property-based)', () => {
  const schemas = { createOrderRequestSchema, patchOrderRequestSchema, listOrdersQuerySchema, orderItemSchema };

  /** safeParse must answer, never throw, and every issue must carry a path and a message. */
  function answers(schema: z.ZodType, input: unknown) {
    const result = schema.safeParse(input);
    if (!result.success) {
      expect(result.error.issues.length).toBeGreaterThan(0);
      for (const issue of result.error.issues) {
        expect(Array.isArray(issue.path)).toBe(true);
        expect(typeof issue.message).toBe('string');
      }
    }
  }

  it.each(Object.entries(schemas))('%s answers any JSON value', (_name, schema) => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => answers(schema, value)),
      { numRuns: 300 },
    );
  });

  it.each(Object.entries(schemas))('%s answers any JavaScript value', (_name, schema) => {
    fc.assert(
      fc.property(fc.anything(), (value) => answers(schema, value)),
      { numRuns: 300 },
    );
  });

  /** Every path into a payload, so a mutation can land anywhere, deep modifiers included. */
  function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
    if (Array.isArray(value)) return value.flatMap((entry, index) => [[...prefix, index], ...pathsOf(entry, [...prefix, index])]);
    if (value && typeof value === 'object') {
      return Object.entries(value).flatMap(([key, entry]) => [[...prefix, key], ...pathsOf(entry, [...prefix, key])]);
    }
    return [];
  }

  /** Sets or removes the value at `path`; a path whose parent an earlier mutation replaced is left alone. */
  function mutate(payload: Payload, path: (string | number)[], replacement: unknown, remove: boolean): Payload {
    const copy = structuredClone(payload);
    let parent: any = copy;
    for (const key of path.slice(0, -1)) parent = parent !== null && typeof parent === 'object' ? parent[key] : undefined;
    if (parent === null || typeof parent !== 'object') return payload;
    const key = path[path.length - 1]!;
    if (remove) delete parent[key];
    else parent[key] = replacement;
    return copy;
  }

  it.each(Object.entries(sampleOrderRequests))('answers random mutations of the sample %s', (_name, payload) => {
    const paths = pathsOf(payload);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...paths), fc.jsonValue({ maxDepth: 3 }), fc.boolean()), { minLength: 1, maxLength: 4 }), (mutations) => {
        const mutated = mutations.reduce<Payload>((order, [path, replacement, remove]) => mutate(order, path, replacement, remove), payload);
        answers(createOrderRequestSchema, mutated);
      }),
      { numRuns: 300 },
    );
  });
});
