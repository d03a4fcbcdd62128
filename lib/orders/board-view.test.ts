import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/lib/testing/database';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { createConnection, createPartner } from '@/lib/tenancy/partners';
import { createUser } from '@/lib/tenancy/users';
import { eq } from 'drizzle-orm';
import { locations, orders } from '@/db/schema';
import { addDays, dayIn } from '@/lib/time/format';
import { boardOrders, merchantLocations, orderDocket, posOnlineLocations, setTicketThresholds } from './board-view';
import { changeOrderStatus } from './change-status';
import { createOrder } from './create-order';
import { DEMO_ORDERING_APP_NAME, sampleOrderRequest, sendSampleOrder } from './sample-order';
import { totalMismatch } from './totals';

const database = useTestDatabase();
let merchantId: string;
let locationIds: string[];
let otherMerchantId: string;
let app: { id: string; name: string };

beforeAll(async () => {
  const db = database.db();
  ({
    merchant: { id: merchantId },
    locationIds,
  } = await createMerchantWithLocations(db, 2));
  ({
    merchant: { id: otherMerchantId },
  } = await createMerchantWithLocations(db, 1));
  app = await createPartner(db, { name: DEMO_ORDERING_APP_NAME, type: 'ORDERING_APP' });
  for (const locationId of locationIds) await createConnection(db, app.id, { locationId });
});

describe('sample orders', () => {
  it('builds valid orders whose total follows the formula of docs/domain.md#order-total', () => {
    for (let i = 0; i < 50; i++) expect(totalMismatch(sampleOrderRequest('loc'))).toBeNull();
  });

  it('are sent by the demo ordering app and land on the board as new orders with a deadline', async () => {
    const order = await sendSampleOrder(database.db(), { merchantId, locationId: locationIds[0]! });
    expect(order).toMatchObject({ originName: DEMO_ORDERING_APP_NAME, appPartnerId: app.id, status: 'CREATED' });
    const board = await boardOrders(database.db(), merchantId);
    const card = board.cards.find((candidate) => candidate.id === order.id);
    expect(card).toMatchObject({ status: 'CREATED', originName: DEMO_ORDERING_APP_NAME, totalMismatch: false });
    expect(Date.parse(card!.autoRejectAt!)).toBeGreaterThan(Date.now());
  });

  it('refuse a location of another merchant', async () => {
    await expect(sendSampleOrder(database.db(), { merchantId: otherMerchantId, locationId: locationIds[0]! })).rejects.toMatchObject({ status: 404 });
  });
});

const appScope = () => ({ kind: 'PARTNER_CONNECTIONS', partnerId: app.id }) as const;

describe('board and docket', () => {
  it('filters by location and status and hides other merchants’ orders', async () => {
    const first = await sendSampleOrder(database.db(), { merchantId, locationId: locationIds[0]! });
    const second = await sendSampleOrder(database.db(), { merchantId, locationId: locationIds[1]! });
    await changeOrderStatus(database.db(), { partnerId: app.id, partnerType: 'ORDERING_APP', scope: appScope() }, second.id, { status: 'FULFILLED' });
    const atFirst = await boardOrders(database.db(), merchantId, { locationId: locationIds[0] });
    expect(atFirst.cards.map((card) => card.id)).toContain(first.id);
    expect(atFirst.cards.map((card) => card.id)).not.toContain(second.id);
    const fulfilled = await boardOrders(database.db(), merchantId, { statuses: ['FULFILLED'] });
    expect(fulfilled.cards.map((card) => card.id)).toEqual([second.id]);
    expect((await boardOrders(database.db(), otherMerchantId)).cards).toEqual([]);
    expect(await orderDocket(database.db(), otherMerchantId, first.id)).toBeNull();
  });

  it('lets an order out for delivery (never FULFILLED) leave the board 12 hours after its last change, as a finished one does', async () => {
    const db = database.db();
    const merchant = {
      merchantId,
      userId: (await createUser(db, { email: `board-${Date.now()}@example.test`, password: 'correct horse battery', role: 'MERCHANT', merchantId })).id,
    };
    const request = { ...sampleOrderRequest(locationIds[0]!), fulfilment: { type: 'DELIVERY' as const }, table: undefined };
    const { order } = await createOrder(db, { partnerId: app.id, partnerName: app.name, scope: appScope() }, request);
    for (const status of ['ACCEPTED', 'READY', 'OUT_FOR_DELIVERY'] as const) await changeOrderStatus(db, merchant, order.id, { status });
    const onBoard = async () => (await boardOrders(db, merchantId)).cards.some((card) => card.id === order.id);
    expect(await onBoard()).toBe(true);
    await db
      .update(orders)
      .set({ updatedAt: new Date(Date.now() - 13 * 3600_000) })
      .where(eq(orders.id, order.id));
    expect(await onBoard()).toBe(false);
  });

  it('shows the docket with its history and warns when the total differs from the formula', async () => {
    const request = sampleOrderRequest(locationIds[0]!);
    request.total = { amount: request.total.amount + 100, currency: 'AUD' };
    const { order } = await createOrder(database.db(), { partnerId: app.id, partnerName: app.name, scope: appScope() }, request);
    await changeOrderStatus(database.db(), { partnerId: app.id, partnerType: 'ORDERING_APP', scope: appScope() }, order.id, {
      status: 'CANCELLED_BY_CUSTOMER',
      reason: 'Left the queue',
    });
    const docket = await orderDocket(database.db(), merchantId, order.id);
    expect(docket!.totalMismatch).toEqual({ expected: request.total.amount - 100, provided: request.total.amount });
    expect(docket!.order.origin.name).toBe(DEMO_ORDERING_APP_NAME);
    expect(docket!.history).toMatchObject([
      { fromStatus: null, toStatus: 'CREATED', actor: `${DEMO_ORDERING_APP_NAME} (ordering app)` },
      { fromStatus: 'CREATED', toStatus: 'CANCELLED_BY_CUSTOMER', reason: 'Left the queue' },
    ]);
    const card = (await boardOrders(database.db(), merchantId)).cards.find((candidate) => candidate.id === order.id);
    expect(card).toMatchObject({ totalMismatch: true, autoRejectAt: null });
  });
});

describe('board by day', () => {
  it("shows another day's orders by the location's calendar, and the POS presence of each location", async () => {
    const db = database.db();
    const order = await sendSampleOrder(db, { merchantId, locationId: locationIds[0]! });
    const [location] = await db.select({ timezone: locations.timezone }).from(locations).where(eq(locations.id, locationIds[0]!));
    const today = dayIn(location!.timezone);
    expect((await boardOrders(db, merchantId, { day: today })).cards.map((card) => card.id)).toContain(order.id);
    expect((await boardOrders(db, merchantId, { day: addDays(today, -1) })).cards.map((card) => card.id)).not.toContain(order.id);
    expect(await posOnlineLocations(db, locationIds)).toEqual([]);
  });
});

describe('board by day across time zones', () => {
  it('takes the day from midnight to midnight at each location, a daylight-saving change included', async () => {
    const db = database.db();
    await db.update(locations).set({ timezone: 'Australia/Sydney' }).where(eq(locations.id, locationIds[0]!));
    await db.update(locations).set({ timezone: 'America/New_York' }).where(eq(locations.id, locationIds[1]!));
    const createdAt = async (locationId: string, iso: string) => {
      const order = await sendSampleOrder(db, { merchantId, locationId });
      await db
        .update(orders)
        .set({ createdAt: new Date(iso) })
        .where(eq(orders.id, order.id));
      return order.id;
    };
    // 8 March 2026: Sydney is at UTC+11; New York moves from UTC-5 to UTC-4 that night, so its day lasts 23 hours.
    const sydneyBefore = await createdAt(locationIds[0]!, '2026-03-07T12:59:00Z');
    const sydneyFirst = await createdAt(locationIds[0]!, '2026-03-07T13:01:00Z');
    const newYorkBefore = await createdAt(locationIds[1]!, '2026-03-08T04:59:00Z');
    const newYorkFirst = await createdAt(locationIds[1]!, '2026-03-08T05:01:00Z');
    const newYorkLast = await createdAt(locationIds[1]!, '2026-03-09T03:59:00Z');
    const newYorkAfter = await createdAt(locationIds[1]!, '2026-03-09T04:01:00Z');
    const shown = (await boardOrders(db, merchantId, { day: '2026-03-08' })).cards.map((card) => card.id);
    expect(shown).toEqual(expect.arrayContaining([sydneyFirst, newYorkFirst, newYorkLast]));
    expect(shown.filter((id) => [sydneyBefore, newYorkBefore, newYorkAfter].includes(id))).toEqual([]);
  });
});

describe('tickets and their thresholds', () => {
  it('carries items with modifiers, notes and allergens, line totals, and when the order entered its step', async () => {
    const db = database.db();
    const request = sampleOrderRequest(locationIds[0]!);
    request.notes = 'Well done, please.';
    request.items = [
      {
        id: 'b1',
        sku: 'BB',
        description: 'Big breakfast',
        quantity: 2,
        unitPrice: { amount: 2450, currency: 'AUD' },
        notes: 'No tomato',
        allergens: [{ description: 'Nuts' }],
        modifiers: [{ id: 'm1', sku: 'EB', description: 'Extra bacon', quantity: 1, unitPrice: { amount: 300, currency: 'AUD' } }],
      },
    ];
    request.discounts = undefined;
    request.surcharges = undefined;
    request.tip = undefined;
    request.total = { amount: 2 * 2450 + 300, currency: 'AUD' };
    const { order } = await createOrder(db, { partnerId: app.id, partnerName: app.name, scope: appScope() }, request);
    await changeOrderStatus(db, { partnerId: app.id, partnerType: 'ORDERING_APP', scope: appScope() }, order.id, {
      status: 'CANCELLED_BY_CUSTOMER',
      reason: 'Left the queue',
    });
    const card = (await boardOrders(db, merchantId)).cards.find((candidate) => candidate.id === order.id)!;
    expect(card.notes).toBe('Well done, please.');
    expect(card.lines).toEqual([
      {
        quantity: 2,
        description: 'Big breakfast',
        lineTotal: 4900,
        notes: 'No tomato',
        allergens: ['Nuts'],
        modifiers: [{ quantity: 1, description: 'Extra bacon', lineTotal: 300, notes: null, allergens: [], modifiers: [] }],
      },
    ]);
    expect(card.reason).toBe('Left the queue');
    expect(Date.parse(card.stepSince)).toBeGreaterThanOrEqual(Date.parse(card.createdAt));
  });

  it('carries the time an order for later is wanted, and none for an order as soon as possible', async () => {
    const db = database.db();
    const later = sampleOrderRequest(locationIds[0]!);
    const wanted = new Date(Date.now() + 90 * 60_000).toISOString();
    later.fulfilment = { ...later.fulfilment, scheduledFor: wanted };
    const { order: scheduled } = await createOrder(db, { partnerId: app.id, partnerName: app.name, scope: appScope() }, later);
    const { order: now } = await createOrder(db, { partnerId: app.id, partnerName: app.name, scope: appScope() }, sampleOrderRequest(locationIds[0]!));
    const cards = (await boardOrders(db, merchantId)).cards;
    expect(Date.parse(cards.find((card) => card.id === scheduled.id)!.scheduledFor!)).toBe(Date.parse(wanted));
    expect(cards.find((card) => card.id === now.id)!.scheduledFor).toBeNull();
  });

  it("sets a location's thresholds for its own merchant only, amber before red", async () => {
    const db = database.db();
    const updated = await setTicketThresholds(db, merchantId, locationIds[0]!, { warnMinutes: 3, lateMinutes: 7 });
    expect(updated).toMatchObject({ id: locationIds[0], warnMinutes: 3, lateMinutes: 7 });
    expect((await merchantLocations(db, merchantId)).find((location) => location.id === locationIds[0])).toMatchObject({ warnMinutes: 3, lateMinutes: 7 });
    await expect(setTicketThresholds(db, merchantId, locationIds[0]!, { warnMinutes: 8, lateMinutes: 8 })).rejects.toMatchObject({ status: 400 });
    await expect(setTicketThresholds(db, merchantId, locationIds[0]!, { warnMinutes: 0, lateMinutes: 8 })).rejects.toMatchObject({ status: 400 });
    await expect(setTicketThresholds(db, otherMerchantId, locationIds[0]!, { warnMinutes: 1, lateMinutes: 2 })).rejects.toMatchObject({ status: 404 });
    expect((await merchantLocations(db, merchantId)).find((location) => location.id === locationIds[0])).toMatchObject({ warnMinutes: 3, lateMinutes: 7 });
    expect((await merchantLocations(db, otherMerchantId)).map((location) => location.id)).not.toContain(locationIds[0]);
  });
});
