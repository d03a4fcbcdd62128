import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventRecipients, events, locationAvailability, locations } from '@/db/schema';
import { approvedDeviceTokens } from '@/app/_testing/oauth';
import { changeAvailability } from '@/lib/availability/location-availability';
import { publishScheduledChanges } from '@/lib/availability/scheduler';
import { WEEKDAYS } from '@/lib/availability/zoned-time';
import { orderRequest, postOrder } from '@/app/_testing/orders';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations, type TestPartner } from '@/lib/testing/fixtures';
import { callRoute } from '@/lib/testing/http';
import { createClient, createPartner } from '@/lib/tenancy/partners';
import { createUser } from '@/lib/tenancy/users';
import * as route from './route';

const { db } = useTestDatabase();

const path = (locationId: string) => `/connect/locations/${locationId}/availability`;
const getAvailability = (token: string, locationId: string) => callRoute(route.GET, 'GET', path(locationId), { token, params: { locationId } });
const patchAvailability = (token: string, locationId: string, body: unknown) =>
  callRoute(route.PATCH, 'PATCH', path(locationId), { token, params: { locationId }, body, headers: { 'content-type': 'application/merge-patch+json' } });

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

async function availabilityEvents(locationId: string) {
  const rows = await db()
    .select({ seq: events.seq, version: events.resourceVersion, payload: events.payload })
    .from(events)
    .where(and(eq(events.type, 'LOCATION_AVAILABILITY_UPDATED'), eq(events.locationId, locationId)))
    .orderBy(asc(events.seq));
  const result = [];
  for (const row of rows) {
    const recipients = await db().select({ partnerId: eventRecipients.partnerId }).from(eventRecipients).where(eq(eventRecipients.eventSeq, row.seq));
    result.push({ version: row.version, payload: row.payload as Record<string, any>, recipients: recipients.map((recipient) => recipient.partnerId).sort() });
  }
  return result;
}

describe('location availability over the API', () => {
  let locationId: string;
  let merchantId: string;
  let pos: TestPartner;
  let app: TestPartner;
  let bookingApp: TestPartner;

  beforeAll(async () => {
    const world = await createMerchantWithLocations(db(), 1);
    merchantId = world.merchant.id;
    locationId = world.locationIds[0]!;
    pos = await createConnectedPartner(db(), 'POS', [locationId]);
    app = await createConnectedPartner(db(), 'ORDERING_APP', [locationId]);
    bookingApp = await createConnectedPartner(db(), 'BOOKING_APP', [locationId]);
  });

  it('is open at all times for a location that never set hours, to every connected partner', async () => {
    for (const partner of [pos, app, bookingApp]) {
      const response = await getAvailability(partner.token, locationId);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        locationId,
        state: 'OPEN',
        reason: null,
        until: null,
        busy: null,
        nextOpenAt: null,
        hours: null,
        specialDays: [],
      });
    }
  });

  it('refuses orders while the POS pauses, tells every other partner, and takes them again after resume', async () => {
    const until = inMinutes(15);
    expect((await patchAvailability(pos.token, locationId, { pause: { until, reason: 'Fryer down' } })).status).toBe(204);
    expect(await (await getAvailability(app.token, locationId)).json()).toMatchObject({
      state: 'PAUSED',
      reason: 'PAUSED_BY_POS',
      note: 'Fryer down',
      until: new Date(until).toISOString(),
      nextOpenAt: new Date(until).toISOString(),
    });

    const refused = await postOrder(app.token, orderRequest(locationId));
    expect(refused.status).toBe(409);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(await refused.json()).toMatchObject({
      code: 'LOCATION_UNAVAILABLE',
      state: 'PAUSED',
      reason: 'PAUSED_BY_POS',
      nextOpenAt: new Date(until).toISOString(),
    });

    expect((await patchAvailability(pos.token, locationId, { pause: null })).status).toBe(204);
    expect((await postOrder(app.token, orderRequest(locationId))).status).toBe(201);

    const told = await availabilityEvents(locationId);
    expect(told.map((event) => event.version)).toEqual([1, 2]);
    // docs/contract.md#recipients: the POS that made the change is left out; every other partner connected hears it.
    expect(told[0]!.recipients).toEqual([app.partnerId, bookingApp.partnerId].sort());
    expect(told[0]!.payload.data).toMatchObject({ id: locationId, resource: 'location', version: 1 });
    expect(told[0]!.payload.data.uri).toMatch(new RegExp(`/connect/locations/${locationId}$`));
  });

  it('refuses orders outside the hours, except one for later within them', async () => {
    const { merchant, locationIds } = await createMerchantWithLocations(db(), 1);
    const closedId = locationIds[0]!;
    const closedApp = await createConnectedPartner(db(), 'ORDERING_APP', [closedId]);
    // A location open one hour a day, starting two hours from now (in its zone), so it is closed now.
    const [{ timezone }] = await db().select({ timezone: locations.timezone }).from(locations).where(eq(locations.id, closedId));
    const opens = new Date(Date.now() + 2 * 3600_000);
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(opens);
    const closes = `${String((Number(local.slice(0, 2)) + 1) % 24).padStart(2, '0')}:${local.slice(3)}`;
    await changeAvailability(db(), { caller: { merchantId: merchant.id }, by: 'MERCHANT' }, closedId, {
      hours: WEEKDAYS.map((day) => ({ day, opens: local, closes })),
    });

    const availability = await (await getAvailability(closedApp.token, closedId)).json();
    expect(availability).toMatchObject({ state: 'CLOSED', reason: 'OUTSIDE_HOURS' });
    expect(Math.abs(Date.parse(availability.nextOpenAt) - opens.getTime())).toBeLessThan(60_000);

    const now = await postOrder(closedApp.token, orderRequest(closedId));
    expect(now.status).toBe(409);
    expect(await now.json()).toMatchObject({ code: 'LOCATION_UNAVAILABLE', state: 'CLOSED', reason: 'OUTSIDE_HOURS', nextOpenAt: availability.nextOpenAt });
    const scheduledFor = new Date(opens.getTime() + 30 * 60_000).toISOString();
    const later = await postOrder(
      closedApp.token,
      orderRequest(closedId, (order) => (order.fulfilment.scheduledFor = scheduledFor)),
    );
    expect(later.status).toBe(201);
    const outside = new Date(opens.getTime() + 3 * 3600_000).toISOString();
    expect(
      (
        await postOrder(
          closedApp.token,
          orderRequest(closedId, (order) => (order.fulfilment.scheduledFor = outside)),
        )
      ).status,
    ).toBe(409);
  });

  it('pauses with reason POS_OFFLINE once the POS has been RED for the set time, and not before', async () => {
    const { locationIds } = await createMerchantWithLocations(db(), 1);
    const offlineId = locationIds[0]!;
    await createConnectedPartner(db(), 'POS', [offlineId]);
    const offlineApp = await createConnectedPartner(db(), 'ORDERING_APP', [offlineId]);
    await db()
      .update(locations)
      .set({ lastOnlineAt: sql`now() - interval '1 minute'` })
      .where(eq(locations.id, offlineId));
    expect((await postOrder(offlineApp.token, orderRequest(offlineId))).status).toBe(201);
    await db()
      .update(locations)
      .set({ lastOnlineAt: sql`now() - interval '3 minutes'` })
      .where(eq(locations.id, offlineId));
    const refused = await postOrder(offlineApp.token, orderRequest(offlineId));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'LOCATION_UNAVAILABLE', state: 'PAUSED', reason: 'POS_OFFLINE', nextOpenAt: null });
    // The scheduler tells the partners once, and not again on its next pass.
    await publishScheduledChanges(db());
    await publishScheduledChanges(db());
    const told = await availabilityEvents(offlineId);
    expect(told).toHaveLength(1);
    expect(told[0]!.recipients).toContain(offlineApp.partnerId);
  });

  it('adds busy minutes to the expected ready time of an order', async () => {
    expect((await patchAvailability(pos.token, locationId, { busy: { minutes: 20 } })).status).toBe(204);
    const before = Date.now();
    const response = await postOrder(app.token, orderRequest(locationId));
    expect(response.status).toBe(201);
    const order = await response.json();
    expect(order.busyMinutes).toBe(20);
    expect(Date.parse(order.expectedReadyAt) - before).toBeGreaterThanOrEqual(20 * 60_000 - 5_000);
    expect(Date.parse(order.expectedReadyAt) - before).toBeLessThan(21 * 60_000);
    expect((await patchAvailability(pos.token, locationId, { busy: null })).status).toBe(204);
    expect((await (await getAvailability(app.token, locationId)).json()).busy).toBeNull();
  });

  it('emits a pause that ends by the clock exactly once', async () => {
    expect((await patchAvailability(pos.token, locationId, { pause: { until: inMinutes(10) } })).status).toBe(204);
    const before = (await availabilityEvents(locationId)).length;
    // The pause's end arrives: move it into the past, as the clock would.
    await db()
      .update(locationAvailability)
      .set({ pauseUntil: sql`now() - interval '1 second'`, nextCheckAt: sql`now() - interval '1 second'` })
      .where(eq(locationAvailability.locationId, locationId));
    await Promise.all([publishScheduledChanges(db()), publishScheduledChanges(db())]);
    await publishScheduledChanges(db());
    const told = await availabilityEvents(locationId);
    expect(told).toHaveLength(before + 1);
    expect(told.at(-1)!.recipients).toEqual([app.partnerId, bookingApp.partnerId, pos.partnerId].sort());
    expect((await (await getAvailability(app.token, locationId)).json()).state).toBe('OPEN');
    expect(merchantId).toBeTruthy();
  });

  it('refuses bad input with every violation, and PATCH from anyone but a POS', async () => {
    const bad = await patchAvailability(pos.token, locationId, { busy: { minutes: 200 }, pause: { until: '2020-01-01T00:00:00Z' }, extra: true });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toBe('application/problem+json');
    const problem = await bad.json();
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors.map((error: { path: string }) => error.path).sort()).toEqual(expect.arrayContaining(['busy.minutes', 'pause.until']));
    expect((await patchAvailability(pos.token, locationId, { busy: { minutes: 4 } })).status).toBe(400);
    expect((await patchAvailability(app.token, locationId, { pause: {} })).status).toBe(403);
  });
});

describe('availability isolation: two merchants sharing one POS vendor', () => {
  it('reaches only the locations of the device’s own grant, and another merchant’s as 404', async () => {
    const merchant = async () => {
      const { merchant, locationIds } = await createMerchantWithLocations(db(), 1);
      const user = await createUser(db(), {
        email: `a-${merchant.id}@example.test`,
        password: 'correct horse battery',
        role: 'MERCHANT',
        merchantId: merchant.id,
      });
      return { id: merchant.id, userId: user.id, locationIds };
    };
    const alpha = await merchant();
    const beta = await merchant();
    const vendor = await createPartner(db(), { name: 'Shared Till POS', type: 'POS' });
    const posClientId = (await createClient(db(), vendor.id)).client_id;
    const alphaDevice = (await approvedDeviceTokens(db(), posClientId, alpha, alpha.locationIds)).access_token;
    const betaDevice = (await approvedDeviceTokens(db(), posClientId, beta, beta.locationIds)).access_token;
    const [alphaLocation] = alpha.locationIds as [string];
    const [betaLocation] = beta.locationIds as [string];

    expect((await getAvailability(alphaDevice, alphaLocation)).status).toBe(200);
    expect((await getAvailability(betaDevice, alphaLocation)).status).toBe(404);
    expect((await patchAvailability(betaDevice, alphaLocation, { pause: {} })).status).toBe(404);
    expect((await getAvailability(alphaDevice, 'no-such-location')).status).toBe(404);
    expect((await patchAvailability(alphaDevice, alphaLocation, { pause: {} })).status).toBe(204);
    expect((await (await getAvailability(betaDevice, betaLocation)).json()).state).toBe('OPEN');
    // A merchant reaches its own locations only.
    await expect(changeAvailability(db(), { caller: { merchantId: beta.id }, by: 'MERCHANT' }, alphaLocation, { pause: null })).rejects.toMatchObject({
      status: 404,
    });
  });
});
