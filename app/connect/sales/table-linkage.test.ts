import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/lib/testing/database';
import {
  closeSale,
  createdSale,
  createdTable,
  eventsAbout,
  eventTypesAbout,
  expectStatus,
  floorWorld,
  openSaleRequest,
  salesApi,
  tablesApi,
} from '@/app/_testing/tables';

const database = useTestDatabase();
let world: Awaited<ReturnType<typeof floorWorld>>;

beforeAll(async () => {
  world = await floorWorld(database.db());
});

const openSalesOf = async (tableId: string): Promise<string[]> => (await expectStatus(await tablesApi.get(world.pos.token, tableId), 200)).openSales;

describe('docs/domain.md#table-and-open-sales', () => {
  it('adds open sales to their table oldest first and removes each when it is closed fully paid', async () => {
    const table = await createdTable(world.pos.token, { locationId: world.locationId, number: '11' });
    const first = await createdSale(world.pos.token, openSaleRequest(world.locationId, '11'));
    const second = await createdSale(world.pos.token, openSaleRequest(world.locationId, '11'));
    expect(await openSalesOf(table.id)).toEqual([first.id, second.id]);

    await expectStatus(await salesApi.patch(world.pos.token, first.id, closeSale(1)), 200);
    expect(await openSalesOf(table.id)).toEqual([second.id]);
    await expectStatus(await salesApi.patch(world.pos.token, second.id, closeSale(1)), 200);
    expect(await openSalesOf(table.id)).toEqual([]);

    const apps = [world.orderingApp.partnerId, world.bookingApp.partnerId, world.loyalty.partnerId].sort();
    expect(await eventsAbout(database.db(), table.id)).toEqual([
      { type: 'NEW_TABLE', version: 1, recipients: apps },
      { type: 'TABLE_OPENED', version: 2, recipients: apps },
      { type: 'TABLE_UPDATED', version: 3, recipients: apps },
      { type: 'TABLE_UPDATED', version: 4, recipients: apps },
      { type: 'TABLE_CLOSED', version: 5, recipients: apps },
    ]);
  });

  it('leaves a table alone for a sale recorded CLOSED or without a table', async () => {
    const table = await createdTable(world.pos.token, { locationId: world.locationId, number: '12' });
    await createdSale(world.pos.token, { ...openSaleRequest(world.locationId, '12'), ...closeSale(1), version: undefined });
    await createdSale(world.pos.token, openSaleRequest(world.locationId, null));
    expect(await openSalesOf(table.id)).toEqual([]);
    expect(await eventTypesAbout(database.db(), table.id)).toEqual(['NEW_TABLE']);
  });

  it('links a sale recorded for a table number that does not exist yet when that table is created', async () => {
    const sale = await createdSale(world.pos.token, openSaleRequest(world.locationId, 'LATER-1'));
    const table = await createdTable(world.orderingApp.token, { locationId: world.locationId, number: 'LATER-1' });
    expect(table.openSales).toEqual([sale.id]);
    expect(await eventTypesAbout(database.db(), table.id)).toEqual(['NEW_TABLE', 'TABLE_OPENED']);
  });

  it('opens a table renamed to a number that has open sales', async () => {
    const sale = await createdSale(world.pos.token, openSaleRequest(world.locationId, 'RENAMED-TO'));
    const table = await createdTable(world.pos.token, { locationId: world.locationId, number: 'RENAMED-FROM' });
    await expectStatus(await tablesApi.patch(world.pos.token, table.id, { number: 'RENAMED-TO' }), 204);
    expect(await openSalesOf(table.id)).toEqual([sale.id]);
    expect(await eventTypesAbout(database.db(), table.id)).toEqual(['NEW_TABLE', 'TABLE_UPDATED', 'TABLE_OPENED']);
  });

  it('moves an open sale to another table: the first closes, the second opens', async () => {
    const from = await createdTable(world.pos.token, { locationId: world.locationId, number: 'MOVE-A' });
    const to = await createdTable(world.pos.token, { locationId: world.locationId, number: 'MOVE-B' });
    const sale = await createdSale(world.pos.token, openSaleRequest(world.locationId, 'MOVE-A'));
    await expectStatus(await salesApi.patch(world.pos.token, sale.id, { version: 1, table: { number: 'MOVE-B' } }), 200);
    expect(await openSalesOf(from.id)).toEqual([]);
    expect(await openSalesOf(to.id)).toEqual([sale.id]);
    expect(await eventTypesAbout(database.db(), from.id)).toEqual(['NEW_TABLE', 'TABLE_OPENED', 'TABLE_CLOSED']);
    expect(await eventTypesAbout(database.db(), to.id)).toEqual(['NEW_TABLE', 'TABLE_OPENED']);
    await expectStatus(await salesApi.patch(world.pos.token, sale.id, { version: 2, table: null }), 200);
    expect(await openSalesOf(to.id)).toEqual([]);
  });

  it("never links a sale to another location's table of the same number", async () => {
    const other = await createdTable(world.otherPos.token, { locationId: world.otherLocationId, number: 'SHARED' });
    await createdSale(world.pos.token, openSaleRequest(world.locationId, 'SHARED'));
    expect((await expectStatus(await tablesApi.get(world.otherPos.token, other.id), 200)).openSales).toEqual([]);
  });
});

describe('concurrency', () => {
  const PARALLEL = 12;

  it('keeps every id when many sales open on one table at once, opening it exactly once', async () => {
    const table = await createdTable(world.pos.token, { locationId: world.locationId, number: 'RUSH' });
    const responses = await Promise.all(Array.from({ length: PARALLEL }, () => salesApi.create(world.pos.token, openSaleRequest(world.locationId, 'RUSH'))));
    const sales = await Promise.all(responses.map((response) => expectStatus<{ id: string }>(response, 201)));
    expect((await openSalesOf(table.id)).sort()).toEqual(sales.map((sale) => sale.id).sort());
    const events = await eventsAbout(database.db(), table.id);
    expect(events.map((event) => event.type)).toEqual(['NEW_TABLE', 'TABLE_OPENED', ...Array(PARALLEL - 1).fill('TABLE_UPDATED')]);
    expect(events.map((event) => event.version)).toEqual(Array.from({ length: PARALLEL + 1 }, (_, index) => index + 1));

    const closed = await Promise.all(sales.map((sale) => salesApi.patch(world.pos.token, sale.id, closeSale(1))));
    for (const response of closed) await expectStatus(response, 200);
    expect(await openSalesOf(table.id)).toEqual([]);
    const closing = (await eventTypesAbout(database.db(), table.id)).slice(PARALLEL + 1);
    expect(closing).toEqual([...Array(PARALLEL - 1).fill('TABLE_UPDATED'), 'TABLE_CLOSED']);
  });

  it('opens a table created while sales for its number arrive exactly once, with every sale', async () => {
    const [tableResponse, ...saleResponses] = await Promise.all([
      tablesApi.create(world.pos.token, { locationId: world.locationId, number: 'RACE-NEW' }),
      ...Array.from({ length: 6 }, () => salesApi.create(world.pos.token, openSaleRequest(world.locationId, 'RACE-NEW'))),
    ]);
    const table = await expectStatus<{ id: string }>(tableResponse!, 201);
    const sales = await Promise.all(saleResponses.map((response) => expectStatus<{ id: string }>(response, 201)));
    expect((await openSalesOf(table.id)).sort()).toEqual(sales.map((sale) => sale.id).sort());
    const types = await eventTypesAbout(database.db(), table.id);
    expect(types.filter((type) => type === 'TABLE_OPENED')).toHaveLength(1);
    expect(types[0]).toBe('NEW_TABLE');
  });

  it('lets exactly one of two racing updates of a sale win; the other is 412', async () => {
    const sale = await createdSale(world.pos.token, openSaleRequest(world.locationId, null));
    const responses = await Promise.all([1, 2].map((n) => salesApi.patch(world.pos.token, sale.id, { version: 1, tax: { amount: n, currency: 'AUD' } })));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 412]);
  });

  it('answers 409 to all but one of racing tables with the same number', async () => {
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => tablesApi.create(world.pos.token, { locationId: world.locationId, number: 'SAME-RACE' })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });
});
