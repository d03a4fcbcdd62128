import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as eventsRoute from '@/app/connect/events/route';
import * as locationRoute from '@/app/connect/locations/[locationId]/route';
import * as paymentsRoute from '@/app/connect/payments/test/route';
import { approvedDeviceTokens } from '@/app/_testing/oauth';
import { attachPosNotifications } from '@/lib/events/pos-notifications';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations, type TestPartner } from '@/lib/testing/fixtures';
import { callRoute } from '@/lib/testing/http';
import { createClient, createPartner } from '@/lib/tenancy/partners';
import { createUser } from '@/lib/tenancy/users';
import { getBooking, getBookingEvents, listBookings, patchBooking, postBooking, reservation, walkIn, addTables } from '@/app/_testing/bookings';
import { getOrder, listOrders, orderRequest, patchOrder, postOrder } from '@/app/_testing/orders';
import { closeSale, expectStatus, openSaleRequest, salesApi, tablesApi } from '@/app/_testing/tables';

/**
 * docs/contract.md#scope: one POS vendor serves two merchants. Each merchant approves a device of it on
 * /activate for their own locations, so the vendor is connected to both merchants' locations, yet each device token
 * reaches exactly the locations of its own grant. Every partner resource, list filter, the catch-up feed and the
 * notification socket are tried across that line.
 */
const { db, handle } = useTestDatabase();

interface Merchant {
  id: string;
  userId: string;
  locationIds: string[];
}

let alpha: Merchant;
let beta: Merchant;
let posClientId: string;
/** Approved by Alpha for both of Alpha's locations. */
let alphaDevice: string;
/** Approved by Alpha for its first location only. */
let alphaFrontDevice: string;
/** Approved by Beta for Beta's location. */
let betaDevice: string;
let orderingApp: TestPartner;
let bookingApp: TestPartner;

async function merchantWithUser(locationCount: number): Promise<Merchant> {
  const { merchant, locationIds } = await createMerchantWithLocations(db(), locationCount);
  const user = await createUser(db(), { email: `m-${merchant.id}@example.test`, password: 'correct horse battery', role: 'MERCHANT', merchantId: merchant.id });
  return { id: merchant.id, userId: user.id, locationIds };
}

/** A card payment the POS reports at a location (loyalty's test payment). */
const testPayment = (token: string, locationId: string) =>
  callRoute(paymentsRoute.POST, 'POST', '/connect/payments/test', {
    token,
    body: { paymentType: 'PURCHASE', paymentSource: 'EFTPOS', locationId, memberId: null, goodsAndServicesAmount: 1200 },
  });

const deviceToken = async (merchant: Merchant, locationIds: string[]) => (await approvedDeviceTokens(db(), posClientId, merchant, locationIds)).access_token;

beforeAll(async () => {
  alpha = await merchantWithUser(2);
  beta = await merchantWithUser(1);
  const vendor = await createPartner(db(), { name: 'Shared Till POS', type: 'POS' });
  posClientId = (await createClient(db(), vendor.id)).client_id;
  alphaDevice = await deviceToken(alpha, alpha.locationIds);
  alphaFrontDevice = await deviceToken(alpha, [alpha.locationIds[0]!]);
  betaDevice = await deviceToken(beta, beta.locationIds);
  const everyLocation = [...alpha.locationIds, ...beta.locationIds];
  orderingApp = await createConnectedPartner(db(), 'ORDERING_APP', everyLocation);
  bookingApp = await createConnectedPartner(db(), 'BOOKING_APP', everyLocation);
  for (const locationId of everyLocation) await addTables(db(), locationId, ['1', '2', '3']);
});

/** One of each resource at `locationId`, created by the partners that may create it there. */
async function resourcesAt(locationId: string, posToken: string) {
  const order = await expectStatus(await postOrder(orderingApp.token, orderRequest(locationId)), 201);
  const table = await expectStatus(await tablesApi.create(posToken, { locationId, number: `T-${Date.now()}-${Math.random()}` }), 201);
  const sale = await expectStatus(await salesApi.create(posToken, openSaleRequest(locationId, null)), 201);
  const booking = await expectStatus(await postBooking(bookingApp.token, reservation(locationId)), 201);
  return { order: order.id as string, table: table.id as string, sale: sale.id as string, booking: booking.id as string };
}

describe('a device token of a POS vendor shared by two merchants', () => {
  let atAlpha: Awaited<ReturnType<typeof resourcesAt>>;
  let atAlphaBack: Awaited<ReturnType<typeof resourcesAt>>;
  let atBeta: Awaited<ReturnType<typeof resourcesAt>>;

  beforeAll(async () => {
    atAlpha = await resourcesAt(alpha.locationIds[0]!, alphaDevice);
    atAlphaBack = await resourcesAt(alpha.locationIds[1]!, alphaDevice);
    atBeta = await resourcesAt(beta.locationIds[0]!, betaDevice);
  });

  // Each case: a device, a location outside its grant and the resources there.
  const crossings = () => [
    { name: "Alpha's device at Beta's location", token: alphaDevice, locationId: beta.locationIds[0]!, resources: atBeta },
    { name: "Beta's device at Alpha's location", token: betaDevice, locationId: alpha.locationIds[0]!, resources: atAlpha },
    { name: "Alpha's front-room device at Alpha's other location", token: alphaFrontDevice, locationId: alpha.locationIds[1]!, resources: atAlphaBack },
  ];

  it('reaches its own locations', async () => {
    expect((await listOrders(alphaDevice, `locationId=${alpha.locationIds[1]}`)).status).toBe(200);
    expect((await getOrder(alphaFrontDevice, atAlpha.order)).status).toBe(200);
    expect((await tablesApi.get(betaDevice, atBeta.table)).status).toBe(200);
    expect((await salesApi.list(betaDevice, `locationId=${beta.locationIds[0]}`)).status).toBe(200);
    expect((await getBooking(alphaDevice, atAlphaBack.booking)).status).toBe(200);
    expect(
      (await callRoute(locationRoute.GET, 'GET', '/connect/locations/x', { token: betaDevice, params: { locationId: beta.locationIds[0]! } })).status,
    ).toBe(200);
    expect((await testPayment(betaDevice, beta.locationIds[0]!)).status).toBe(200);
  });

  it('lists nothing outside its grant: every list filter naming such a location is 403', async () => {
    for (const { name, token, locationId } of crossings()) {
      const statuses = {
        orders: (await listOrders(token, `locationId=${locationId}`)).status,
        tables: (await tablesApi.list(token, `locationId=${locationId}`)).status,
        sales: (await salesApi.list(token, `locationId=${locationId}`)).status,
        bookings: (await listBookings(token, `locationId=${locationId}`)).status,
      };
      expect(statuses, name).toEqual({ orders: 403, tables: 403, sales: 403, bookings: 403 });
    }
  });

  it('creates nothing outside its grant (403)', async () => {
    for (const { name, token, locationId } of crossings()) {
      const statuses = {
        table: (await tablesApi.create(token, { locationId, number: 'intruder' })).status,
        sale: (await salesApi.create(token, openSaleRequest(locationId, null))).status,
        walkIn: (await postBooking(token, walkIn(locationId))).status,
        payment: (await testPayment(token, locationId)).status,
      };
      expect(statuses, name).toEqual({ table: 403, sale: 403, walkIn: 403, payment: 403 });
    }
  });

  it('reads and changes no resource outside its grant: each is 404, as if it did not exist', async () => {
    for (const { name, token, locationId, resources } of crossings()) {
      const statuses = {
        order: (await getOrder(token, resources.order)).status,
        orderPatch: (await patchOrder(token, resources.order, { status: 'ACCEPTED' })).status,
        table: (await tablesApi.get(token, resources.table)).status,
        tablePatch: (await tablesApi.patch(token, resources.table, { number: 'moved' })).status,
        tableDelete: (await tablesApi.delete(token, resources.table)).status,
        sale: (await salesApi.get(token, resources.sale)).status,
        salePatch: (await salesApi.patch(token, resources.sale, closeSale(1))).status,
        booking: (await getBooking(token, resources.booking)).status,
        bookingPatch: (await patchBooking(token, resources.booking, { bookingStatus: 'ACCEPTED' })).status,
        bookingEvents: (await getBookingEvents(token, resources.booking)).status,
        location: (await callRoute(locationRoute.GET, 'GET', `/connect/locations/${locationId}`, { token, params: { locationId } })).status,
      };
      expect(statuses, name).toEqual({
        order: 404,
        orderPatch: 404,
        table: 404,
        tablePatch: 404,
        tableDelete: 404,
        sale: 404,
        salePatch: 404,
        booking: 404,
        bookingPatch: 404,
        bookingEvents: 404,
        location: 404,
      });
    }
    // Nothing was changed by the refused calls.
    expect((await expectStatus(await getOrder(orderingApp.token, atBeta.order), 200)).status).toBe('CREATED');
    expect((await tablesApi.get(betaDevice, atBeta.table)).status).toBe(200);
    expect((await expectStatus(await salesApi.get(betaDevice, atBeta.sale), 200)).status).toBe('OPEN');
  });

  it("reads only its own locations' events from the catch-up feed", async () => {
    const feed = async (token: string) => {
      const seen: { locationId: string | null }[] = [];
      let after: string | undefined;
      for (;;) {
        const page = await expectStatus(await callRoute(eventsRoute.GET, 'GET', `/connect/events?limit=50${after ? `&after=${after}` : ''}`, { token }), 200);
        seen.push(...page.results);
        if (!page.hasMore) return seen;
        after = page.lastEventId;
      }
    };
    const locationsOf = async (token: string) => new Set((await feed(token)).map((event) => event.locationId));
    expect(await locationsOf(alphaDevice)).toEqual(new Set(alpha.locationIds));
    expect(await locationsOf(alphaFrontDevice)).toEqual(new Set([alpha.locationIds[0]]));
    expect(await locationsOf(betaDevice)).toEqual(new Set(beta.locationIds));
    // An event of another merchant is not a cursor this token may use either.
    const [betaEvent] = await feed(betaDevice);
    const response = await callRoute(eventsRoute.GET, 'GET', `/connect/events?after=${(betaEvent as unknown as { id: string }).id}`, { token: alphaDevice });
    expect(response.status).toBe(422);
  });
});

describe('the notification socket of a shared POS vendor', () => {
  let server: Server;
  let notifications: ReturnType<typeof attachPosNotifications>;
  let baseUrl: string;

  beforeAll(async () => {
    server = createServer((_request, response) => response.writeHead(404).end());
    notifications = attachPosNotifications(server, handle(), { pingIntervalMs: 60_000 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await notifications.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const upgradeStatus = (locationId: string, token: string) =>
    new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`${baseUrl}/connect/pos/notifications/${locationId}`, { headers: { authorization: `Bearer ${token}` } });
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.once('open', () => {
        socket.close();
        resolve(101);
      });
      socket.once('error', reject);
    });

  it('opens only at a location of its own grant', async () => {
    expect(await upgradeStatus(alpha.locationIds[0]!, alphaDevice)).toBe(101);
    expect(await upgradeStatus(beta.locationIds[0]!, betaDevice)).toBe(101);
    expect(await upgradeStatus(beta.locationIds[0]!, alphaDevice)).toBe(404);
    expect(await upgradeStatus(alpha.locationIds[0]!, betaDevice)).toBe(404);
    expect(await upgradeStatus(alpha.locationIds[1]!, alphaFrontDevice)).toBe(404);
  });
});
