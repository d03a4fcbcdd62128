import { describe, expect, it } from 'vitest';
import { type OpenSalesChange, type SaleTablePlacement, joinOpenSales, leaveOpenSales, planSaleTableMove } from './linkage';

const open = (tableNumber: string | null): SaleTablePlacement => ({ status: 'OPEN', tableNumber });
const closed = (tableNumber: string | null): SaleTablePlacement => ({ status: 'CLOSED', tableNumber });
const reopened = (tableNumber: string | null): SaleTablePlacement => ({ status: 'REOPENED', tableNumber });

describe('planSaleTableMove', () => {
  it.each([
    ['created OPEN at a table', null, open('11'), { leave: null, join: '11' }],
    ['created OPEN without a table', null, open(null), { leave: null, join: null }],
    ['created CLOSED at a table', null, closed('11'), { leave: null, join: null }],
    ['created REOPENED at a table', null, reopened('11'), { leave: null, join: '11' }],
    ['closed at its table', open('11'), closed('11'), { leave: '11', join: null }],
    ['closed without a table', open(null), closed(null), { leave: null, join: null }],
    ['moved to another table', open('11'), open('12'), { leave: '11', join: '12' }],
    ['moved and closed in one change', open('11'), closed('12'), { leave: '11', join: null }],
    ['given a table while open', open(null), open('12'), { leave: null, join: '12' }],
    ['taken off its table while open', open('11'), open(null), { leave: '11', join: null }],
    ['changed without touching table or status', open('11'), open('11'), { leave: null, join: null }],
    ['moved after it was closed', closed('11'), closed('12'), { leave: null, join: null }],
    ['closed again', closed('11'), closed('11'), { leave: null, join: null }],
  ])('a sale %s', (_name, before, after, move) => {
    expect(planSaleTableMove(before, after)).toEqual(move);
  });
});

describe('joinOpenSales', () => {
  it.each([
    ['the first open sale opens the table', [], ['s1'], 'TABLE_OPENED'],
    ['a further open sale updates the table', ['s0'], ['s0', 's1'], 'TABLE_UPDATED'],
    ['a sale already there changes nothing', ['s0', 's1'], ['s0', 's1'], null],
  ] as const)('%s', (_name, before, after, event) => {
    expect(joinOpenSales(before, 's1')).toEqual({ openSales: after, event });
  });

  it('leaves the given list as it was', () => {
    const openSales = ['s0'];
    joinOpenSales(openSales, 's1');
    expect(openSales).toEqual(['s0']);
  });
});

describe('leaveOpenSales', () => {
  it.each([
    ['the last sale leaving closes the table', ['s1'], [], 'TABLE_CLOSED'],
    ['a sale leaving others behind updates the table', ['s0', 's1', 's2'], ['s0', 's2'], 'TABLE_UPDATED'],
    ['a sale not there changes nothing', ['s0'], ['s0'], null],
    ['a sale leaving an empty table changes nothing', [], [], null],
  ] as const)('%s', (_name, before, after, event) => {
    expect(leaveOpenSales(before, 's1')).toEqual({ openSales: after, event });
  });

  it('leaves the given list as it was', () => {
    const openSales = ['s1'];
    leaveOpenSales(openSales, 's1');
    expect(openSales).toEqual(['s1']);
  });
});

describe('a service night at two tables', () => {
  it('emits TABLE_OPENED for the first sale and TABLE_CLOSED when the last leaves', () => {
    const tables: Record<string, string[]> = { '11': [], '12': [] };
    const events: string[] = [];
    const record = (table: string, change: OpenSalesChange) => {
      tables[table] = change.openSales;
      if (change.event) events.push(`${change.event} ${table}`);
    };
    const apply = (saleId: string, before: SaleTablePlacement | null, after: SaleTablePlacement) => {
      const { leave, join } = planSaleTableMove(before, after);
      if (leave) record(leave, leaveOpenSales(tables[leave]!, saleId));
      if (join) record(join, joinOpenSales(tables[join]!, saleId));
    };

    apply('a', null, open('11'));
    apply('b', null, open('11'));
    apply('a', open('11'), closed('11'));
    apply('b', open('11'), open('12'));
    apply('b', open('12'), closed('12'));

    expect(events).toEqual(['TABLE_OPENED 11', 'TABLE_UPDATED 11', 'TABLE_UPDATED 11', 'TABLE_CLOSED 11', 'TABLE_OPENED 12', 'TABLE_CLOSED 12']);
    expect(tables).toEqual({ '11': [], '12': [] });
  });
});
