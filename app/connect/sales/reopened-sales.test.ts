import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '@/db/schema';
import { createWebhookEndpoint, createWebhookEndpointSchema } from '@/lib/events/webhook-endpoints';
import { approvedDeviceTokens } from '@/app/_testing/oauth';
import { useTestDatabase } from '@/lib/testing/database';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { createClient, createPartner } from '@/lib/tenancy/partners';
import { createUser } from '@/lib/tenancy/users';
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

/**
 * docs/contract.md#reopened-sales, after the reference sales spec: a closed sale stays closed; a POS reopens it by recording
 * a new sale with status REOPENED and parentSaleId, which emits SALE_REOPENED and is open as far as its table goes.
 */
const database = useTestDatabase();
let world: Awaited<ReturnType<typeof floorWorld>>;

beforeAll(async () => {
  world = await floorWorld(database.db());
});

/** A sale recorded at `tableNumber` and closed: what a POS can reopen. */
async function closedSaleAt(token: string, locationId: string, tableNumber: string | null) {
  const sale = await createdSale(token, openSaleRequest(locationId, tableNumber));
  await expectStatus(await salesApi.patch(token, sale.id, closeSale(1)), 200);
  return sale.id;
}

const reopening = (locationId: string, tableNumber: string | null, parentSaleId: string) =>
  openSaleRequest(locationId, tableNumber, { status: 'REOPENED', parentSaleId });

const openSalesOf = async (tableId: string): Promise<string[]> => (await expectStatus(await tablesApi.get(world.pos.token, tableId), 200)).openSales;

describe('CRUD', () => {
  it('reopens a closed sale as a new REOPENED sale that joins its table, and closes it like any sale', async () => {
    const table = await createdTable(world.pos.token, { locationId: world.locationId, number: 'R1' });
    const parentId = await closedSaleAt(world.pos.token, world.locationId, 'R1');
    const reopened = await expectStatus(await salesApi.create(world.pos.token, reopening(world.locationId, 'R1', parentId)), 201);
    expect(reopened).toMatchObject({ status: 'REOPENED', parentSaleId: parentId, version: 1 });
    expect(reopened.id).not.toBe(parentId);
    expect((await expectStatus(await salesApi.get(world.pos.token, parentId), 200)).status).toBe('CLOSED');
    expect(await openSalesOf(table.id)).toEqual([reopened.id]);

    await expectStatus(await salesApi.patch(world.pos.token, reopened.id, closeSale(1)), 200);
    expect(await openSalesOf(table.id)).toEqual([]);

    const apps = [world.orderingApp.partnerId, world.bookingApp.partnerId, world.loyalty.partnerId].sort();
    expect(await eventsAbout(database.db(), reopened.id)).toEqual([
      { type: 'SALE_REOPENED', version: 1, recipients: apps },
      { type: 'SALE_CLOSED', version: 2, recipients: apps },
    ]);
    expect(await eventTypesAbout(database.db(), table.id)).toEqual(['NEW_TABLE', 'TABLE_OPENED', 'TABLE_CLOSED', 'TABLE_OPENED', 'TABLE_CLOSED']);
  });

  it('lists reopened sales with saleStatus=REOPENED', async () => {
    const parentId = await closedSaleAt(world.pos.token, world.locationId, null);
    const reopened = await createdSale(world.pos.token, reopening(world.locationId, null, parentId));
    const { results } = await expectStatus(await salesApi.list(world.pos.token, `locationId=${world.locationId}&saleStatus=REOPENED`), 200);
    expect(results.map((sale: { id: string }) => sale.id)).toContain(reopened.id);
    expect(results.every((sale: { status: string }) => sale.status === 'REOPENED')).toBe(true);
  });

  it('keeps a reopened sale REOPENED when an update sends OPEN', async () => {
    const parentId = await closedSaleAt(world.pos.token, world.locationId, null);
    const reopened = await createdSale(world.pos.token, reopening(world.locationId, null, parentId));
    const updated = await expectStatus(
      await salesApi.patch(world.pos.token, reopened.id, { version: 1, status: 'OPEN', tax: { amount: 90, currency: 'AUD' } }),
      200,
    );
    expect(updated).toMatchObject({ status: 'REOPENED', parentSaleId: parentId, version: 2 });
  });

  it('answers a re-sent reopening with the first one, without a second event', async () => {
    const parentId = await closedSaleAt(world.pos.token, world.locationId, null);
    const request = reopening(world.locationId, null, parentId);
    const first = await createdSale(world.pos.token, request);
    expect(await createdSale(world.pos.token, request)).toEqual(first);
    expect(await eventTypesAbout(database.db(), first.id)).toEqual(['SALE_REOPENED']);
  });

  it('reopens the reopened sale once it is closed again: a chain of sales', async () => {
    const first = await closedSaleAt(world.pos.token, world.locationId, null);
    const second = await createdSale(world.pos.token, reopening(world.locationId, null, first));
    await expectStatus(await salesApi.patch(world.pos.token, second.id, closeSale(1)), 200);
    const third = await createdSale(world.pos.token, reopening(world.locationId, null, second.id));
    expect(third).toMatchObject({ status: 'REOPENED', parentSaleId: second.id });
  });
});

describe('Events', () => {
  it('queues SALE_REOPENED for a webhook endpoint subscribed to that type alone', async () => {
    const subscription = createWebhookEndpointSchema.parse({ url: 'https://93.184.215.14/reopened-only', eventTypes: ['SALE_REOPENED'] });
    const endpoint = await createWebhookEndpoint(database.db(), world.bookingApp.partnerId, subscription);
    const parentId = await closedSaleAt(world.pos.token, world.locationId, null);
    const reopened = await createdSale(world.pos.token, reopening(world.locationId, null, parentId));
    const queued = await database
      .db()
      .select({ type: webhookDeliveries.eventType, key: webhookDeliveries.resourceKey })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(queued).toEqual([{ type: 'SALE_REOPENED', key: `sale:${reopened.id}` }]);
  });
});

describe('Refusals', () => {
  it('refuses to reopen a sale that is still open (409 SALE_STATUS_CONFLICT), leaving its table alone', async () => {
    const table = await createdTable(world.pos.token, { locationId: world.locationId, number: 'R2' });
    const open = await createdSale(world.pos.token, openSaleRequest(world.locationId, 'R2'));
    const problem = await expectStatus(await salesApi.create(world.pos.token, reopening(world.locationId, 'R2', open.id)), 409);
    expect(problem.code).toBe('SALE_STATUS_CONFLICT');
    expect(await openSalesOf(table.id)).toEqual([open.id]);
  });

  it('refuses a parent that is unknown or another location’s, alike (422 PARENT_SALE_NOT_FOUND)', async () => {
    const elsewhere = await closedSaleAt(world.otherPos.token, world.otherLocationId, null);
    for (const parentSaleId of ['no-such-sale', elsewhere]) {
      const problem = await expectStatus(await salesApi.create(world.pos.token, reopening(world.locationId, null, parentSaleId)), 422);
      expect(problem.code).toBe('PARENT_SALE_NOT_FOUND');
      expect(problem.detail).toBe(`parentSaleId ${parentSaleId} names no sale of location ${world.locationId}.`);
    }
  });

  it('reopens a closed sale once: a second reopening is 409 SALE_ALREADY_REOPENED naming the first', async () => {
    const parentId = await closedSaleAt(world.pos.token, world.locationId, null);
    const first = await createdSale(world.pos.token, reopening(world.locationId, null, parentId));
    const problem = await expectStatus(await salesApi.create(world.pos.token, reopening(world.locationId, null, parentId)), 409);
    expect(problem.code).toBe('SALE_ALREADY_REOPENED');
    expect(problem.detail).toContain(first.id);
  });

  it('lets only one of two simultaneous reopenings of a sale through', async () => {
    const parentId = await closedSaleAt(world.pos.token, world.locationId, null);
    const responses = await Promise.all([0, 1].map(() => salesApi.create(world.pos.token, reopening(world.locationId, null, parentId))));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
  });

  it('asks REOPENED and parentSaleId to go together (400)', async () => {
    const parentId = await closedSaleAt(world.pos.token, world.locationId, null);
    const withoutParent = await expectStatus(await salesApi.create(world.pos.token, openSaleRequest(world.locationId, null, { status: 'REOPENED' })), 400);
    expect(withoutParent.errors.map((e: { path: string }) => e.path)).toEqual(['parentSaleId']);
    const openWithParent = await expectStatus(await salesApi.create(world.pos.token, openSaleRequest(world.locationId, null, { parentSaleId: parentId })), 400);
    expect(openWithParent.errors.map((e: { path: string }) => e.path)).toEqual(['status']);
  });

  it('lets only a POS reopen a sale (403 for apps)', async () => {
    const parentId = await closedSaleAt(world.pos.token, world.locationId, null);
    expect((await salesApi.create(world.orderingApp.token, reopening(world.locationId, null, parentId))).status).toBe(403);
  });
});

describe('Isolation: one POS vendor serving two merchants', () => {
  it('cannot reopen the other merchant’s sale, at either merchant’s location', async () => {
    const vendor = await createPartner(database.db(), { name: 'Shared Till POS', type: 'POS' });
    const posClientId = (await createClient(database.db(), vendor.id)).client_id;
    const merchantDevice = async () => {
      const { merchant, locationIds } = await createMerchantWithLocations(database.db(), 1);
      const user = await createUser(database.db(), {
        email: `owner-${merchant.id}@example.test`,
        password: 'correct horse battery',
        role: 'MERCHANT',
        merchantId: merchant.id,
      });
      const tokens = await approvedDeviceTokens(database.db(), posClientId, { id: merchant.id, userId: user.id }, locationIds);
      return { locationId: locationIds[0]!, token: tokens.access_token };
    };
    const alpha = await merchantDevice();
    const beta = await merchantDevice();
    const alphaSale = await closedSaleAt(alpha.token, alpha.locationId, null);

    // At Beta's own location the parent is unknown; at Alpha's location Beta's device has no reach.
    const atBeta = await expectStatus(await salesApi.create(beta.token, reopening(beta.locationId, null, alphaSale)), 422);
    expect(atBeta.code).toBe('PARENT_SALE_NOT_FOUND');
    expect((await salesApi.create(beta.token, reopening(alpha.locationId, null, alphaSale))).status).toBe(403);

    expect(await eventTypesAbout(database.db(), alphaSale)).toEqual(['NEW_SALE', 'SALE_CLOSED']);
    expect(await createdSale(alpha.token, reopening(alpha.locationId, null, alphaSale))).toMatchObject({ parentSaleId: alphaSale });
  });
});
