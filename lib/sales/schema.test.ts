import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createSaleRequestSchema, listSalesQuerySchema, saleResponseSchema, toSaleResponse, updateSaleRequestSchema } from './schema';

/** The dotted path of every violation, in order. */
function violations(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

const aud = (amount: number) => ({ amount, currency: 'AUD' });

const item = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: 'Flat white',
  sku: `SKU-${id}`,
  unitPrice: aud(450),
  unitPriceTax: aud(41),
  quantity: 2,
  tax: aud(82),
  total: aud(900),
  ...extra,
});

const openSale = {
  locationId: 'loc-1',
  origin: { saleId: 'pos-sale-1' },
  status: 'OPEN',
  openedZonedDateTime: '2026-05-02T08:28:13+10:00',
  table: { number: '11', seats: 2 },
  staff: { id: '8675309' },
};

const closedSale = {
  ...openSale,
  status: 'CLOSED',
  closedZonedDateTime: '2026-05-02T09:40:00+10:00',
  items: [item('i1')],
  payments: [
    {
      acquirer: { name: 'TYRO', transactionReference: 'ref-1', terminalId: '57' },
      method: 'EFTPOS',
      type: 'SALE',
      goodsAndServicesAmount: aud(900),
      tipAmount: aud(100),
      items: [{ itemId: 'i1', total: aud(900) }],
    },
  ],
  tax: aud(82),
  total: aud(900),
  subtotal: aud(900),
};

describe('createSaleRequestSchema', () => {
  it('fills the defaults of a minimal open sale', () => {
    expect(createSaleRequestSchema.parse({ ...openSale, table: undefined, staff: undefined })).toEqual({
      locationId: 'loc-1',
      origin: { saleId: 'pos-sale-1' },
      status: 'OPEN',
      type: 'SALE',
      source: { type: 'POS' },
      openedZonedDateTime: '2026-05-02T08:28:13+10:00',
      items: [],
      payments: [],
    });
  });

  it('fills a missing currency with AUD', () => {
    const sale = createSaleRequestSchema.parse({ ...openSale, total: { amount: 5 } });
    expect(sale.total).toEqual({ amount: 5, currency: 'AUD' });
  });

  it.each([
    ['an open sale at a table', openSale],
    ['a closed, paid sale', closedSale],
    ['a sale linked to a booking', { ...openSale, bookingId: 'bk-1' }],
    ['the partner location in origin', { ...openSale, origin: { saleId: 's', locationId: 'POS-0000001' } }],
    ['a source of type OTHER with its name', { ...openSale, source: { type: 'OTHER', other: 'Kiosk' } }],
    ['a fractional quantity', { ...openSale, items: [item('i1', { quantity: 0.5 })] }],
    ['nested modifiers', { ...openSale, items: [item('i1', { modifiers: [item('m1', { modifiers: [item('m2')] })] })] }],
    [
      'a COMBINATION sale with sale types on its items',
      { ...openSale, type: 'COMBINATION', items: [item('i1', { sale: { type: 'SALE' } }), item('i2', { sale: { type: 'REFUND' } })] },
    ],
    ['a cash payment without acquirer', { ...openSale, payments: [{ method: 'CASH', goodsAndServicesAmount: aud(10) }] }],
    [
      'another single currency throughout',
      { ...closedSale, items: [], payments: [], tax: { amount: 1, currency: 'NZD' }, total: { amount: 2, currency: 'NZD' }, subtotal: undefined },
    ],
    ['times in different zones, closed after opened', { ...closedSale, closedZonedDateTime: '2026-05-01T23:40:00Z' }],
    ['a reopening of a closed sale', { ...openSale, status: 'REOPENED', parentSaleId: 'sale-0' }],
  ])('accepts %s', (_name, input) => {
    expect(violations(createSaleRequestSchema, input)).toEqual([]);
  });

  it.each([
    ['a missing locationId', { ...openSale, locationId: undefined }, ['locationId']],
    ['a missing origin.saleId', { ...openSale, origin: {} }, ['origin.saleId']],
    ['a 51-character origin.saleId', { ...openSale, origin: { saleId: 's'.repeat(51) } }, ['origin.saleId']],
    ['a missing openedZonedDateTime', { ...openSale, openedZonedDateTime: undefined }, ['openedZonedDateTime']],
    ['a time without offset', { ...openSale, openedZonedDateTime: '2026-05-02T08:28:13' }, ['openedZonedDateTime']],
    ['status REOPENED without the sale it reopens', { ...openSale, status: 'REOPENED' }, ['parentSaleId']],
    ['a parentSaleId on a sale that is not REOPENED', { ...openSale, parentSaleId: 'sale-0' }, ['status']],
    [
      'a REOPENED sale with a closedZonedDateTime',
      { ...openSale, status: 'REOPENED', parentSaleId: 'sale-0', closedZonedDateTime: '2026-05-02T09:00:00+10:00' },
      ['closedZonedDateTime'],
    ],
    ['an unknown type', { ...openSale, type: 'GIFT' }, ['type']],
    ['CLOSED without closedZonedDateTime', { ...closedSale, closedZonedDateTime: undefined }, ['closedZonedDateTime']],
    ['no status (CLOSED) without closedZonedDateTime', { ...openSale, status: undefined }, ['closedZonedDateTime']],
    ['OPEN with a closedZonedDateTime', { ...openSale, closedZonedDateTime: '2026-05-02T09:00:00+10:00' }, ['closedZonedDateTime']],
    ['closed before it was opened', { ...closedSale, closedZonedDateTime: '2026-05-02T08:00:00+10:00' }, ['closedZonedDateTime']],
    ['source OTHER without its name', { ...openSale, source: { type: 'OTHER' } }, ['source.other']],
    ['an unknown source type', { ...openSale, source: { type: 'FAX' } }, ['source.type']],
    ['an invalid table number', { ...openSale, table: { number: 'A,B' } }, ['table.number']],
    ['a table without number', { ...openSale, table: { seats: 2 } }, ['table.number']],
    ['zero seats', { ...openSale, table: { number: '11', seats: 0 } }, ['table.seats']],
    ['an empty staff id', { ...openSale, staff: { id: '' } }, ['staff.id']],
    ['an empty bookingId', { ...openSale, bookingId: '' }, ['bookingId']],
    ['an item without sku', { ...openSale, items: [item('i1', { sku: undefined })] }, ['items.0.sku']],
    ['an item of quantity 0', { ...openSale, items: [item('i1', { quantity: 0 })] }, ['items.0.quantity']],
    ['a negative unit price', { ...openSale, items: [item('i1', { unitPrice: aud(-1) })] }, ['items.0.unitPrice.amount']],
    ['a fractional amount of cents', { ...openSale, total: aud(1.5) }, ['total.amount']],
    ['an unknown currency', { ...openSale, total: { amount: 1, currency: 'JPY' } }, ['total.currency']],
    ['a sale type of SALE on a line', { ...openSale, items: [item('i1', { sale: {} })] }, ['items.0.sale.type']],
    ['an invalid modifier', { ...openSale, items: [item('i1', { modifiers: [item('m1', { name: '' })] })] }, ['items.0.modifiers.0.name']],
    ['two items with one id', { ...openSale, items: [item('i1'), item('i2'), item('i1')] }, ['items.2.id']],
    [
      'a COMBINATION item without sale type',
      { ...openSale, type: 'COMBINATION', items: [item('i1', { sale: { type: 'SALE' } }), item('i2')] },
      ['items.1.sale'],
    ],
    [
      'mixed currencies',
      { ...closedSale, tax: { amount: 82, currency: 'NZD' }, items: [item('i1', { total: { amount: 900, currency: 'USD' } })] },
      ['tax.currency', 'items.0.total.currency'],
    ],
    [
      'a payment for an unknown item',
      { ...closedSale, payments: [{ method: 'CASH', goodsAndServicesAmount: aud(900), items: [{ itemId: 'nope', total: aud(900) }] }] },
      ['payments.0.items.0.itemId'],
    ],
    [
      'an acquirer on a cash payment',
      { ...openSale, payments: [{ method: 'CASH', acquirer: { name: 'TYRO', transactionReference: 'r' }, goodsAndServicesAmount: aud(1) }] },
      ['payments.0.acquirer'],
    ],
    [
      'a lower-case acquirer name',
      { ...openSale, payments: [{ method: 'EFTPOS', acquirer: { name: 'tyro', transactionReference: 'r' }, goodsAndServicesAmount: aud(1) }] },
      ['payments.0.acquirer.name'],
    ],
    ['a payment without method and amount', { ...openSale, payments: [{}] }, ['payments.0.method', 'payments.0.goodsAndServicesAmount']],
    [
      'every violation at once',
      {
        locationId: '',
        origin: {},
        status: 'OPEN',
        closedZonedDateTime: '2026-05-02T09:00:00+10:00',
        openedZonedDateTime: 'yesterday',
        table: { number: '' },
        items: [item('i1', { quantity: -1 }), item('i1')],
        payments: [{ method: 'CASH', acquirer: { name: 'X', transactionReference: 'r' }, goodsAndServicesAmount: { amount: 1, currency: 'EUR' } }],
      },
      [
        'locationId',
        'origin.saleId',
        'openedZonedDateTime',
        'table.number',
        'items.0.quantity',
        'payments.0.acquirer',
        'closedZonedDateTime',
        'items.1.id',
        'payments.0.goodsAndServicesAmount.currency',
      ],
    ],
  ])('rejects %s', (_name, input, paths) => {
    expect(violations(createSaleRequestSchema, input)).toEqual(paths);
  });
});

describe('updateSaleRequestSchema', () => {
  it('leaves out what the update does not mention (no default status, items or payments)', () => {
    expect(updateSaleRequestSchema.parse({ version: 3 })).toEqual({ version: 3 });
  });

  it.each([
    ['closing the sale', { version: 2, status: 'CLOSED', closedZonedDateTime: '2026-05-02T09:40:00+10:00' }],
    ['new totals', { version: 2, discounts: [{ ...aud(100), description: 'Happy hour' }], surcharges: [], tax: aud(70), total: aud(800) }],
    [
      'payments for items not in the update',
      { version: 2, payments: [{ method: 'CASH', goodsAndServicesAmount: aud(1), items: [{ itemId: 'i9', total: aud(1) }] }] },
    ],
    ['moving to another table', { version: 2, table: { number: '12' } }],
    ['leaving its table', { version: 2, table: null }],
    ['linking a booking', { version: 2, bookingId: 'bk-1' }],
    ['unlinking its booking', { version: 2, bookingId: null }],
  ])('accepts %s', (_name, input) => {
    expect(violations(updateSaleRequestSchema, input)).toEqual([]);
  });

  it.each([
    ['a missing version', { status: 'OPEN' }, ['version']],
    ['version 0', { version: 0 }, ['version']],
    ['a fractional version', { version: 1.5 }, ['version']],
    ['a version as text', { version: '2' }, ['version']],
    ['status REOPENED', { version: 1, status: 'REOPENED' }, ['status']],
    ['CLOSED without closedZonedDateTime', { version: 1, status: 'CLOSED' }, ['closedZonedDateTime']],
    ['OPEN with a closedZonedDateTime', { version: 1, status: 'OPEN', closedZonedDateTime: '2026-05-02T09:40:00Z' }, ['closedZonedDateTime']],
    ['an invalid table', { version: 1, table: { number: '' } }, ['table.number']],
    [
      'a payment for an item missing from the items sent',
      { version: 1, items: [item('i1')], payments: [{ method: 'CASH', goodsAndServicesAmount: aud(1), items: [{ itemId: 'i2', total: aud(1) }] }] },
      ['payments.0.items.0.itemId'],
    ],
    ['mixed currencies', { version: 1, tax: aud(1), total: { amount: 1, currency: 'GBP' } }, ['total.currency']],
    [
      'every violation at once',
      { version: 0, status: 'CLOSED', total: aud(-5), items: [item('i1', { sku: '' })] },
      ['version', 'items.0.sku', 'total.amount', 'closedZonedDateTime'],
    ],
  ])('rejects %s', (_name, input, paths) => {
    expect(violations(updateSaleRequestSchema, input)).toEqual(paths);
  });
});

describe('saleResponseSchema', () => {
  const stored = {
    ...closedSale,
    id: 'sale-1',
    version: 3,
    type: 'SALE',
    source: { type: 'POS' },
    merchantId: 'm-1',
    tableId: 'tbl-1',
  };

  it('drops internal columns', () => {
    const sale = toSaleResponse(stored as Parameters<typeof toSaleResponse>[0]);
    expect(sale).not.toHaveProperty('merchantId');
    expect(sale).not.toHaveProperty('tableId');
    expect(sale).toMatchObject({ id: 'sale-1', version: 3, status: 'CLOSED', table: { number: '11', seats: 2 } });
  });

  it('shows a REOPENED sale', () => {
    expect(violations(saleResponseSchema, { ...stored, status: 'REOPENED', parentSaleId: 'sale-0' })).toEqual([]);
  });

  it.each([
    ['a missing id', { ...stored, id: undefined }, ['id']],
    ['a missing version', { ...stored, version: undefined }, ['version']],
    ['a missing source', { ...stored, source: undefined }, ['source']],
  ])('rejects %s', (_name, input, paths) => {
    expect(violations(saleResponseSchema, input)).toEqual(paths);
  });
});

describe('listSalesQuerySchema', () => {
  it('fills the defaults', () => {
    expect(listSalesQuerySchema.parse({ locationId: 'loc' })).toEqual({ locationId: 'loc', dateType: 'CREATED', limit: 50, page: 1 });
  });

  it.each([
    ['a single status', { saleStatus: 'OPEN' }, { saleStatus: ['OPEN'] }],
    ['repeated statuses', { saleStatus: ['OPEN', 'CLOSED'] }, { saleStatus: ['OPEN', 'CLOSED'] }],
    ['a comma list of types', { saleType: 'SALE, REFUND' }, { saleType: ['SALE', 'REFUND'] }],
    ['repeated and comma-listed types, once each', { saleType: ['SALE,VOID', 'SALE'] }, { saleType: ['SALE', 'VOID'] }],
    ['an empty filter as no filter', { saleStatus: '' }, {}],
    [
      'a date range',
      { fromDate: '2026-04-28', toDate: '2026-04-29', dateType: 'CLOSED' },
      { fromDate: '2026-04-28', toDate: '2026-04-29', dateType: 'CLOSED' },
    ],
    ['a one-day range', { fromDate: '2026-04-28', toDate: '2026-04-28' }, { fromDate: '2026-04-28', toDate: '2026-04-28' }],
    // The reference's own parameter examples: a range that ends before it starts, which matches nothing.
    ['a range ending before it starts', { fromDate: '2023-04-29', toDate: '2023-04-28' }, { fromDate: '2023-04-29', toDate: '2023-04-28' }],
    ['a booking', { bookingId: 'bk-1' }, { bookingId: 'bk-1' }],
    ['limit and page as text', { limit: '10', page: '3' }, { limit: 10, page: 3 }],
    ['the largest limit', { limit: '50' }, { limit: 50 }],
  ])('reads %s', (_name, query, expected) => {
    expect(listSalesQuerySchema.parse({ locationId: 'loc', ...query })).toEqual({
      locationId: 'loc',
      dateType: 'CREATED',
      limit: 50,
      page: 1,
      ...expected,
    });
  });

  it.each([
    ['a missing locationId', {}, ['locationId']],
    ['an unknown status in a list', { locationId: 'l', saleStatus: 'OPEN,PAID' }, ['saleStatus.1']],
    ['an unknown type', { locationId: 'l', saleType: 'GIFT' }, ['saleType.0']],
    ['a date-time as fromDate', { locationId: 'l', fromDate: '2026-04-28T00:00:00Z' }, ['fromDate']],
    ['an impossible date', { locationId: 'l', toDate: '2026-02-30' }, ['toDate']],
    ['an unknown dateType', { locationId: 'l', dateType: 'PAID' }, ['dateType']],
    ['limit 0', { locationId: 'l', limit: '0' }, ['limit']],
    ['limit 51', { locationId: 'l', limit: '51' }, ['limit']],
    ['a fractional limit', { locationId: 'l', limit: '1.5' }, ['limit']],
    ['a limit in words', { locationId: 'l', limit: 'ten' }, ['limit']],
    ['page 0', { locationId: 'l', page: '0' }, ['page']],
    [
      'every violation at once',
      { saleStatus: 'NOPE', toDate: '2026-02-30', limit: '99', page: '-1' },
      ['locationId', 'saleStatus.0', 'toDate', 'limit', 'page'],
    ],
  ])('rejects %s', (_name, query, paths) => {
    expect(violations(listSalesQuerySchema, query)).toEqual(paths);
  });
});
