import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
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

describe('CRUD', () => {
  it('creates a table, reads it back and lists it', async () => {
    const created = await createdTable(world.pos.token, { locationId: world.locationId, number: 'MAIN-33', section: { id: 'front', name: 'Front bar' } });
    expect(created).toEqual({
      id: expect.any(String),
      number: 'MAIN-33',
      locationId: world.locationId,
      section: { id: 'front', name: 'Front bar' },
      openSales: [],
    });
    expect(await expectStatus(await tablesApi.get(world.orderingApp.token, created.id), 200)).toEqual(created);
    const { results } = await expectStatus(await tablesApi.list(world.bookingApp.token, `locationId=${world.locationId}`), 200);
    expect(results).toContainEqual(created);
  });

  it('finds or creates a section named without an id', async () => {
    const first = await createdTable(world.pos.token, { locationId: world.locationId, number: 'P1', section: { name: 'Patio' } });
    const second = await createdTable(world.pos.token, { locationId: world.locationId, number: 'P2', section: { name: 'Patio' } });
    expect(second.section).toEqual(first.section);
    expect(first.section!.id).toEqual(expect.any(String));
  });

  it('takes a section by id alone (the reference: name optional), named after its id until a name is given', async () => {
    const created = await createdTable(world.pos.token, { locationId: world.locationId, number: 'S1', section: { id: 'pos-section-9' } });
    expect(created.section).toEqual({ id: 'pos-section-9', name: 'pos-section-9' });
    await createdTable(world.pos.token, { locationId: world.locationId, number: 'S2', section: { id: 'pos-section-9', name: 'Mezzanine' } });
    const joined = await createdTable(world.pos.token, { locationId: world.locationId, number: 'S3', section: { id: 'pos-section-9' } });
    // An id alone joins the section as it is, without renaming it.
    expect(joined.section).toEqual({ id: 'pos-section-9', name: 'Mezzanine' });
  });

  it('reads an empty section as none: section null', async () => {
    expect((await createdTable(world.pos.token, { locationId: world.locationId, number: 'S4', section: {} })).section).toBeNull();
    const table = await createdTable(world.pos.token, { locationId: world.locationId, number: 'S5', section: { name: 'Patio' } });
    await expectStatus(await tablesApi.patch(world.pos.token, table.id, { section: {} }), 204);
    expect((await expectStatus(await tablesApi.get(world.pos.token, table.id), 200)).section).toBeNull();
  });

  it('creates a table without a section as section null', async () => {
    expect((await createdTable(world.pos.token, { locationId: world.locationId, number: 'Bar 1' })).section).toBeNull();
  });

  it('updates the number and the section, answering 204', async () => {
    const table = await createdTable(world.pos.token, { locationId: world.locationId, number: 'U1' });
    await expectStatus(await tablesApi.patch(world.pos.token, table.id, { number: 'U1-new', section: { id: 'smoker', name: 'Smoker section' } }), 204);
    expect(await expectStatus(await tablesApi.get(world.pos.token, table.id), 200)).toMatchObject({
      number: 'U1-new',
      section: { id: 'smoker', name: 'Smoker section' },
    });
    await expectStatus(await tablesApi.patch(world.pos.token, table.id, { section: null }), 204);
    expect((await expectStatus(await tablesApi.get(world.pos.token, table.id), 200)).section).toBeNull();
  });

  it('deletes a table with 200; it is gone afterwards', async () => {
    const table = await createdTable(world.pos.token, { locationId: world.locationId, number: 'D1' });
    expect(await expectStatus(await tablesApi.delete(world.pos.token, table.id), 200)).toMatchObject({ id: table.id, number: 'D1' });
    expect((await tablesApi.get(world.pos.token, table.id)).status).toBe(404);
  });

  it('keeps numbers unique within a location (409), not across locations', async () => {
    await createdTable(world.pos.token, { locationId: world.locationId, number: '7' });
    const duplicate = await expectStatus(await tablesApi.create(world.orderingApp.token, { locationId: world.locationId, number: '7' }), 409);
    expect(duplicate.code).toBe('TABLE_NUMBER_CONFLICT');
    await createdTable(world.otherPos.token, { locationId: world.otherLocationId, number: '7' });
    const other = await createdTable(world.pos.token, { locationId: world.locationId, number: '8' });
    expect((await expectStatus(await tablesApi.patch(world.pos.token, other.id, { number: '7' }), 409)).code).toBe('TABLE_NUMBER_CONFLICT');
  });

  it('filters the list by open sales', async () => {
    const { locationIds } = await createMerchantWithLocations(database.db(), 1);
    const pos = await createConnectedPartner(database.db(), 'POS', locationIds);
    const busy = await createdTable(pos.token, { locationId: locationIds[0], number: 'busy' });
    const free = await createdTable(pos.token, { locationId: locationIds[0], number: 'free' });
    const sale = await createdSale(pos.token, openSaleRequest(locationIds[0]!, 'busy'));
    const list = async (filter: string) =>
      (await expectStatus(await tablesApi.list(pos.token, `locationId=${locationIds[0]}${filter}`), 200)).results.map((t: { id: string }) => t.id);
    expect(await list('&openSales=true')).toEqual([busy.id]);
    expect(await list('&openSales=false')).toEqual([free.id]);
    expect(await list('')).toEqual([busy.id, free.id]);
    expect((await expectStatus(await tablesApi.get(pos.token, busy.id), 200)).openSales).toEqual([sale.id]);
  });

  it('refuses to update or delete a table with open sales (409), and allows it once they are closed', async () => {
    const table = await createdTable(world.pos.token, { locationId: world.locationId, number: 'OS-1' });
    const sale = await createdSale(world.pos.token, openSaleRequest(world.locationId, 'OS-1'));
    expect((await expectStatus(await tablesApi.patch(world.pos.token, table.id, { number: 'OS-2' }), 409)).code).toBe('TABLE_HAS_OPEN_SALES');
    expect((await expectStatus(await tablesApi.delete(world.orderingApp.token, table.id), 409)).code).toBe('TABLE_HAS_OPEN_SALES');
    await expectStatus(await salesApi.patch(world.pos.token, sale.id, closeSale(sale.version)), 200);
    await expectStatus(await tablesApi.patch(world.pos.token, table.id, { number: 'OS-2' }), 204);
    await expectStatus(await tablesApi.delete(world.pos.token, table.id), 200);
  });
});

describe('Auth', () => {
  it('answers 401 without a token', async () => {
    const response = await tablesApi.list('', `locationId=${world.locationId}`);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it.each(['orderingApp', 'bookingApp', 'loyalty'] as const)('lets the %s connected to the location manage tables', async (partner) => {
    const token = world[partner].token;
    const table = await createdTable(token, { locationId: world.locationId, number: `by-${partner}` });
    await expectStatus(await tablesApi.patch(token, table.id, { number: `by-${partner}-2` }), 204);
    await expectStatus(await tablesApi.delete(token, table.id), 200);
  });

  it('answers 404 for a location that is unknown or that the partner is not connected to, alike (reference: 404; docs/contract.md#scope)', async () => {
    const answers = [
      await tablesApi.create(world.otherPos.token, { locationId: world.locationId, number: 'x' }),
      await tablesApi.list(world.otherApp.token, `locationId=${world.locationId}`),
      await tablesApi.list(world.pos.token, 'locationId=no-such-location'),
      await tablesApi.create(world.pos.token, { locationId: 'no-such-location', number: 'x' }),
    ];
    const problems = [];
    for (const answer of answers) problems.push(await expectStatus(answer, 404));
    expect(problems.map((problem) => problem.detail)).toEqual(Array(4).fill('Location not found.'));
  });
});

describe('Isolation', () => {
  it("answers another location's table with 404 on every verb and leaves it alone", async () => {
    const table = await createdTable(world.pos.token, { locationId: world.locationId, number: 'iso-1' });
    for (const token of [world.otherPos.token, world.otherApp.token]) {
      expect((await tablesApi.get(token, table.id)).status).toBe(404);
      expect((await tablesApi.patch(token, table.id, { number: 'stolen' })).status).toBe(404);
      expect((await tablesApi.delete(token, table.id)).status).toBe(404);
    }
    expect((await expectStatus(await tablesApi.get(world.pos.token, table.id), 200)).number).toBe('iso-1');
    const { results } = await expectStatus(await tablesApi.list(world.otherPos.token, `locationId=${world.otherLocationId}`), 200);
    expect(results.map((t: { id: string }) => t.id)).not.toContain(table.id);
  });

  it('answers an unknown table with 404', async () => {
    expect((await expectStatus(await tablesApi.get(world.pos.token, 'no-such-table'), 404)).code).toBe('NOT_FOUND');
  });
});

describe('Validation', () => {
  it('reports every violation of a new table at once', async () => {
    const problem = await expectStatus(await tablesApi.create(world.pos.token, { number: 'a,b', section: { id: '', name: '' } }), 400);
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors.map((e: { segment: string; path: string }) => `${e.segment}:${e.path}`)).toEqual([
      'body:locationId',
      'body:number',
      'body:section.id',
      'body:section.name',
    ]);
  });

  it('rejects an update naming nothing to change', async () => {
    const table = await createdTable(world.pos.token, { locationId: world.locationId, number: 'v-1' });
    expect((await expectStatus(await tablesApi.patch(world.pos.token, table.id, {}), 400)).errors).toHaveLength(1);
  });

  it('rejects a list without locationId or with an openSales that is not true or false', async () => {
    const problem = await expectStatus(await tablesApi.list(world.pos.token, 'openSales=yes'), 400);
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(['locationId', 'openSales']);
  });
});

describe('Events', () => {
  it('sends NEW_TABLE, TABLE_UPDATED and TABLE_DELETED to every partner of the location but the actor', async () => {
    const table = await createdTable(world.pos.token, { locationId: world.locationId, number: 'ev-1' });
    await expectStatus(await tablesApi.patch(world.orderingApp.token, table.id, { number: 'ev-2' }), 204);
    await expectStatus(await tablesApi.delete(world.pos.token, table.id), 200);
    const sorted = (...ids: string[]) => ids.sort();
    expect(await eventsAbout(database.db(), table.id)).toEqual([
      { type: 'NEW_TABLE', version: 1, recipients: sorted(world.orderingApp.partnerId, world.bookingApp.partnerId, world.loyalty.partnerId) },
      { type: 'TABLE_UPDATED', version: 2, recipients: sorted(world.pos.partnerId, world.bookingApp.partnerId, world.loyalty.partnerId) },
      { type: 'TABLE_DELETED', version: 3, recipients: sorted(world.orderingApp.partnerId, world.bookingApp.partnerId, world.loyalty.partnerId) },
    ]);
  });

  it('ignores an update that changes nothing: no version, no event', async () => {
    const table = await createdTable(world.pos.token, { locationId: world.locationId, number: 'same', section: { id: 'same-s', name: 'Same' } });
    await expectStatus(await tablesApi.patch(world.pos.token, table.id, { number: 'same', section: { id: 'same-s', name: 'Same' } }), 204);
    expect(await eventTypesAbout(database.db(), table.id)).toEqual(['NEW_TABLE']);
  });

  it('renaming a section by its id updates every table in it', async () => {
    const a = await createdTable(world.pos.token, { locationId: world.locationId, number: 'rn-a', section: { id: 'rn', name: 'Old name' } });
    const b = await createdTable(world.pos.token, { locationId: world.locationId, number: 'rn-b', section: { id: 'rn', name: 'Old name' } });
    await expectStatus(await tablesApi.patch(world.pos.token, b.id, { section: { id: 'rn', name: 'New name' } }), 204);
    expect((await expectStatus(await tablesApi.get(world.pos.token, a.id), 200)).section).toEqual({ id: 'rn', name: 'New name' });
    expect(await eventTypesAbout(database.db(), a.id)).toEqual(['NEW_TABLE', 'TABLE_UPDATED']);
    expect(await eventTypesAbout(database.db(), b.id)).toEqual(['NEW_TABLE', 'TABLE_UPDATED']);
  });
});
