import { describe, expect, it } from 'vitest';
import { sampleOrderRequests } from './sample-orders.fixture';
import { createOrderRequestSchema } from './schema';
import { expectedOrderTotal, itemTotal, totalMismatch, type TotalsItem, type TotalsOrder } from './totals';

const money = (amount: number) => ({ amount });
const item = (unitPrice: number, quantity: number, extra: Partial<TotalsItem> = {}): TotalsItem => ({
  unitPrice: money(unitPrice),
  quantity,
  ...extra,
});

describe('itemTotal', () => {
  it.each([
    { name: 'price times quantity', item: item(450, 3), total: 1350 },
    { name: 'quantity 0 costs nothing', item: item(450, 0, { modifiers: [item(100, 1)] }), total: 0 },
    { name: 'unit discounts apply to each unit', item: item(1000, 2, { discounts: [money(100), money(50)] }), total: 1700 },
    {
      name: 'modifiers apply to each unit and carry their own quantity',
      item: item(1000, 2, { modifiers: [item(150, 2), item(0, 1)] }),
      total: 2600,
    },
    {
      name: 'modifier discounts reduce the modifier',
      item: item(1500, 2, { modifiers: [item(200, 1, { discounts: [money(100)] })], discounts: [money(150)] }),
      total: 2900,
    },
    {
      name: 'modifiers of modifiers count recursively',
      item: item(1000, 2, { modifiers: [item(100, 1, { modifiers: [item(50, 2)] })] }),
      total: 2400,
    },
  ])('$name', ({ item, total }) => {
    expect(itemTotal(item)).toBe(total);
  });
});

describe('expectedOrderTotal', () => {
  it('adds items and surcharges, subtracts order discounts and adds the tip', () => {
    const order: TotalsOrder = {
      items: [item(1000, 1), item(250, 2)],
      surcharges: [money(300), money(20)],
      discounts: [money(100)],
      tip: money(150),
      total: money(0),
    };
    expect(expectedOrderTotal(order)).toBe(1000 + 500 + 320 - 100 + 150);
  });

  it('treats absent discounts, surcharges and tip as zero', () => {
    expect(expectedOrderTotal({ items: [item(700, 2)], total: money(1400) })).toBe(1400);
  });

  it('is zero for an order without items', () => {
    expect(expectedOrderTotal({ items: [], total: money(0) })).toBe(0);
  });
});

describe('totalMismatch', () => {
  it.each(Object.entries(sampleOrderRequests))('finds no mismatch in the sample payload %s', (_name, payload) => {
    expect(totalMismatch(createOrderRequestSchema.parse(payload))).toBeNull();
  });

  it('reports the expected and the provided total when they differ', () => {
    const order = createOrderRequestSchema.parse({ ...sampleOrderRequests.newOrder, total: { amount: 1300 } });
    expect(totalMismatch(order)).toEqual({ expected: 1350, provided: 1300 });
  });

  it('spots a total that ignored modifier quantities', () => {
    // Extra patty x2 on each of two burgers: 2 * (1000 + 2 * 150) = 2600, not 2 * (1000 + 150).
    expect(totalMismatch({ items: [item(1000, 2, { modifiers: [item(150, 2)] })], total: money(2300) })).toEqual({
      expected: 2600,
      provided: 2300,
    });
  });
});
