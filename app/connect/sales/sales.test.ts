import { beforeAll, describe, expect, it } from 'vitest';
import { listSalesForBooking } from '@/lib/sales/list-sales';
import { callRoute } from '@/lib/testing/http';
import * as saleItem from '@/app/connect/sales/[saleId]/route';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { closeSale, createdSale, eventsAbout, eventTypesAbout, expectStatus, floorWorld, openSaleRequest, salesApi } from '@/app/_testing/tables';

const database = useTestDatabase();
let world: Awaited<ReturnType<typeof floorWorld>>;

beforeAll(async () => {
  world = await floorWorld(database.db());
});

const aud = (amount: number) => ({ amount, currency: 'AUD' });

describe('CRUD', () => {
  it('records an open sale and reads it back with its id and version 1', async () => {
    const request = openSaleRequest(world.locationId, '11', { bookingId: 'bk-1' });
    const sale = await createdSale(world.pos.token, request);
    expect(sale).toMatchObject({ ...request, id: expect.any(String), version: 1, type: 'SALE', source: { type: 'POS' }, payments: [] });
    expect(await expectStatus(await salesApi.get(world.orderingApp.token, sale.id), 200)).toEqual(sale);
  });

  it('serves the sales reference’s version 1.1 as 1.0, whose sale it shares, and keeps 406 for an unknown version', async () => {
    const sale = await createdSale(world.pos.token, openSaleRequest(world.locationId, '11'));
    const read = (accept: string) =>
      callRoute(saleItem.GET, 'GET', `/connect/sales/${sale.id}`, { token: world.pos.token, params: { saleId: sale.id }, headers: { accept } });
    const asReference = await read('application/json;version=1.1');
    expect(asReference.headers.get('api-version')).toBe('1.0');
    expect(await expectStatus(asReference, 200)).toEqual(sale);
    expect((await read('application/json;version=1.2')).status).toBe(406);
  });

  it('records a closed sale', async () => {
    const sale = await createdSale(world.pos.token, { ...openSaleRequest(world.locationId, null), ...closeSale(1), version: undefined });
    expect(sale.status).toBe('CLOSED');
  });

  it('answers a re-sent identical sale with the first one, and 409 when its content differs', async () => {
    const request = openSaleRequest(world.locationId, null);
    const first = await createdSale(world.pos.token, request);
    expect(await createdSale(world.pos.token, request)).toEqual(first);
    const problem = await expectStatus(await salesApi.create(world.pos.token, { ...request, total: aud(1) }), 409);
    expect(problem.code).toBe('SALE_ID_CONFLICT');
    expect(await eventTypesAbout(database.db(), first.id)).toEqual(['NEW_SALE']);
  });

  it('updates a sale against its version and answers the new version', async () => {
    const sale = await createdSale(world.pos.token, openSaleRequest(world.locationId, null));
    const updated = await expectStatus(
      await salesApi.patch(world.pos.token, sale.id, { version: 1, tax: aud(82), discounts: [{ ...aud(100), description: 'Happy hour' }] }),
      200,
    );
    expect(updated).toMatchObject({ version: 2, tax: aud(82), discounts: [{ ...aud(100), description: 'Happy hour' }] });
    expect(await expectStatus(await salesApi.get(world.pos.token, sale.id), 200)).toEqual(updated);
  });

  it('answers a stale version with 412 PRECONDITION_FAILED and changes nothing', async () => {
    const sale = await createdSale(world.pos.token, openSaleRequest(world.locationId, null));
    await expectStatus(await salesApi.patch(world.pos.token, sale.id, { version: 1, tax: aud(10) }), 200);
    const problem = await expectStatus(await salesApi.patch(world.pos.token, sale.id, { version: 1, tax: aud(20) }), 412);
    expect(problem.code).toBe('PRECONDITION_FAILED');
    expect((await expectStatus(await salesApi.get(world.pos.token, sale.id), 200)).tax).toEqual(aud(10));
  });

  it('ignores an identical update: same version, no event', async () => {
    const sale = await createdSale(world.pos.token, openSaleRequest(world.locationId, null));
    const again = await expectStatus(await salesApi.patch(world.pos.token, sale.id, { version: 1, total: aud(900) }), 200);
    expect(again.version).toBe(1);
    expect(await eventTypesAbout(database.db(), sale.id)).toEqual(['NEW_SALE']);
  });

  it('never reopens a CLOSED sale (409)', async () => {
    const sale = await createdSale(world.pos.token, openSaleRequest(world.locationId, null));
    await expectStatus(await salesApi.patch(world.pos.token, sale.id, closeSale(1)), 200);
    const problem = await expectStatus(await salesApi.patch(world.pos.token, sale.id, { version: 2, status: 'OPEN' }), 409);
    expect(problem.code).toBe('SALE_STATUS_CONFLICT');
  });

  it('lists a location’s sales in recording order, filtered and paged', async () => {
    const { locationIds } = await createMerchantWithLocations(database.db(), 1);
    const locationId = locationIds[0]!;
    const pos = await createConnectedPartner(database.db(), 'POS', [locationId]);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await createdSale(pos.token, openSaleRequest(locationId, null, { bookingId: i === 1 ? 'bk-list' : undefined }))).id);
    await expectStatus(await salesApi.patch(pos.token, ids[2]!, closeSale(1)), 200);
    const all = await expectStatus(await salesApi.list(pos.token, `locationId=${locationId}`), 200);
    expect(all.results.map((sale: { id: string }) => sale.id)).toEqual(ids);
    expect(all.pagination).toEqual({ page: 1, size: 3, limit: 50, total: 3 });
    const page2 = await expectStatus(await salesApi.list(pos.token, `locationId=${locationId}&limit=2&page=2`), 200);
    expect(page2.results.map((sale: { id: string }) => sale.id)).toEqual([ids[2]]);
    expect(page2.pagination).toEqual({ page: 2, size: 1, limit: 2, total: 3 });
    const open = await expectStatus(await salesApi.list(pos.token, `locationId=${locationId}&saleStatus=OPEN`), 200);
    expect(open.results.map((sale: { id: string }) => sale.id)).toEqual(ids.slice(0, 2));
    const byBooking = await expectStatus(await salesApi.list(pos.token, `locationId=${locationId}&bookingId=bk-list`), 200);
    expect(byBooking.results.map((sale: { id: string }) => sale.id)).toEqual([ids[1]]);
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const inRange = await expectStatus(await salesApi.list(pos.token, `locationId=${locationId}&fromDate=${yesterday}`), 200);
    expect(inRange.pagination.total).toBe(3);
    const beforeRange = await expectStatus(await salesApi.list(pos.token, `locationId=${locationId}&toDate=${yesterday}`), 200);
    expect(beforeRange.pagination.total).toBe(0);
    const openedThatDay = await expectStatus(
      await salesApi.list(pos.token, `locationId=${locationId}&dateType=OPENED&fromDate=2026-05-02&toDate=2026-05-02`),
      200,
    );
    expect(openedThatDay.pagination.total).toBe(3);
    // A range that ends before it starts (as the reference's own examples send) matches nothing; it is no error.
    const inverted = await expectStatus(await salesApi.list(pos.token, `locationId=${locationId}&fromDate=2026-05-02&toDate=2026-05-01`), 200);
    expect(inverted.results).toEqual([]);
    expect(await listSalesForBooking(database.db(), 'bk-list')).toMatchObject([{ id: ids[1], bookingId: 'bk-list' }]);
  });

  it('links a sale to a booking and unlinks it with null', async () => {
    const sale = await createdSale(world.pos.token, openSaleRequest(world.locationId, null));
    const linked = await expectStatus(await salesApi.patch(world.pos.token, sale.id, { version: 1, bookingId: 'bk-9' }), 200);
    expect(linked.bookingId).toBe('bk-9');
    const unlinked = await expectStatus(await salesApi.patch(world.pos.token, sale.id, { version: 2, bookingId: null }), 200);
    expect(unlinked).not.toHaveProperty('bookingId');
  });
});

describe('Auth', () => {
  it('answers 401 without a token', async () => {
    expect((await salesApi.create('', openSaleRequest(world.locationId, null))).status).toBe(401);
  });

  it('lets only a POS record and update sales (403 for apps)', async () => {
    expect((await salesApi.create(world.orderingApp.token, openSaleRequest(world.locationId, null))).status).toBe(403);
    const sale = await createdSale(world.pos.token, openSaleRequest(world.locationId, null));
    expect((await salesApi.patch(world.bookingApp.token, sale.id, { version: 1, tax: aud(1) })).status).toBe(403);
  });

  it('answers 403 for a sale at a location the POS is not connected to', async () => {
    expect((await salesApi.create(world.otherPos.token, openSaleRequest(world.locationId, null))).status).toBe(403);
    expect((await salesApi.list(world.otherApp.token, `locationId=${world.locationId}`)).status).toBe(403);
  });

  it('lets a booking app connected to the location list a booking’s sales', async () => {
    const sale = await createdSale(world.pos.token, openSaleRequest(world.locationId, null, { bookingId: 'bk-app' }));
    const { results } = await expectStatus(await salesApi.list(world.bookingApp.token, `locationId=${world.locationId}&bookingId=bk-app`), 200);
    expect(results.map((s: { id: string }) => s.id)).toEqual([sale.id]);
  });
});

describe('Isolation', () => {
  it("answers another location's sale with 404 and leaves it alone", async () => {
    const sale = await createdSale(world.pos.token, openSaleRequest(world.locationId, null));
    expect((await salesApi.get(world.otherPos.token, sale.id)).status).toBe(404);
    expect((await salesApi.get(world.otherApp.token, sale.id)).status).toBe(404);
    expect((await salesApi.patch(world.otherPos.token, sale.id, { version: 1, tax: aud(1) })).status).toBe(404);
    expect((await expectStatus(await salesApi.get(world.pos.token, sale.id), 200)).version).toBe(1);
  });
});

describe('Validation', () => {
  it('reports every violation of a new sale at once', async () => {
    const problem = await expectStatus(
      await salesApi.create(world.pos.token, {
        locationId: world.locationId,
        origin: {},
        status: 'OPEN',
        openedZonedDateTime: 'yesterday',
        table: { number: '' },
      }),
      400,
    );
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(['origin.saleId', 'openedZonedDateTime', 'table.number']);
  });

  it('rejects an update that adds, drops or changes an item beyond its money, or removes a payment', async () => {
    const sale = await createdSale(
      world.pos.token,
      openSaleRequest(world.locationId, null, { payments: [{ method: 'CASH', goodsAndServicesAmount: aud(100) }] }),
    );
    const [item] = (await expectStatus(await salesApi.get(world.pos.token, sale.id), 200)).items;
    const problem = await expectStatus(
      await salesApi.patch(world.pos.token, sale.id, {
        version: 1,
        items: [
          { ...item, name: 'Long black', total: aud(800) },
          { ...item, id: 'new' },
        ],
        payments: [],
      }),
      400,
    );
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(['items.0.name', 'items.1.id', 'payments']);
    const allowed = await expectStatus(
      await salesApi.patch(world.pos.token, sale.id, { version: 1, items: [{ ...item, total: aud(800) }], total: aud(800) }),
      200,
    );
    expect(allowed.items[0].total).toEqual(aud(800));
  });

  it('checks the sale as the update leaves it: one currency, no close time while open', async () => {
    const sale = await createdSale(world.pos.token, openSaleRequest(world.locationId, null));
    const problem = await expectStatus(
      await salesApi.patch(world.pos.token, sale.id, { version: 1, tax: { amount: 1, currency: 'NZD' }, closedZonedDateTime: '2026-05-02T20:00:00+10:00' }),
      400,
    );
    expect(problem.errors.map((e: { path: string }) => e.path).sort()).toEqual(['closedZonedDateTime', 'tax.currency']);
  });

  it('rejects an unknown parent sale with 422', async () => {
    const problem = await expectStatus(
      await salesApi.create(world.pos.token, openSaleRequest(world.locationId, null, { status: 'REOPENED', parentSaleId: 'nope' })),
      422,
    );
    expect(problem.code).toBe('PARENT_SALE_NOT_FOUND');
  });

  it('rejects a list query with bad filters, naming each', async () => {
    const problem = await expectStatus(await salesApi.list(world.pos.token, 'saleStatus=PAID&limit=99'), 400);
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(['locationId', 'saleStatus.0', 'limit']);
  });
});

describe('Events', () => {
  it('sends NEW_SALE, SALE_UPDATED and SALE_CLOSED to every partner of the location but the POS that made them', async () => {
    const sale = await createdSale(world.pos.token, openSaleRequest(world.locationId, null));
    await expectStatus(await salesApi.patch(world.pos.token, sale.id, { version: 1, tax: aud(82) }), 200);
    await expectStatus(await salesApi.patch(world.pos.token, sale.id, closeSale(2)), 200);
    const apps = [world.orderingApp.partnerId, world.bookingApp.partnerId, world.loyalty.partnerId].sort();
    expect(await eventsAbout(database.db(), sale.id)).toEqual([
      { type: 'NEW_SALE', version: 1, recipients: apps },
      { type: 'SALE_UPDATED', version: 2, recipients: apps },
      { type: 'SALE_CLOSED', version: 3, recipients: apps },
    ]);
  });
});
