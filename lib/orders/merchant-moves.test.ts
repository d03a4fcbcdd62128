import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations, type TestPartner } from '@/lib/testing/fixtures';
import { createUser } from '@/lib/tenancy/users';
import { orderDocket } from './board-view';
import { changeOrderStatus } from './change-status';
import { createOrder, type OrderingApp } from './create-order';
import { sampleOrderRequest } from './sample-order';
import { orderEvents } from '@/app/_testing/orders';

/**
 * docs/contract.md#merchant-moves: a merchant runs the pass from the board by the same rules as a POS PATCH; the status history names the
 * merchant user, and the events are those a POS change causes, sent to the ordering app and to the location's POS.
 */
const database = useTestDatabase();
let merchant: { merchantId: string; userId: string };
let otherMerchant: { merchantId: string; userId: string };
let locationId: string;
let pos: TestPartner;
let app: TestPartner;
let ordering: OrderingApp;

async function merchantUser() {
  const { merchant: created, locationIds } = await createMerchantWithLocations(database.db(), 1);
  const user = await createUser(database.db(), {
    email: `pass-${created.id}@example.test`,
    password: 'correct horse battery',
    name: 'Pass Manager',
    role: 'MERCHANT',
    merchantId: created.id,
  });
  return { caller: { merchantId: created.id, userId: user.id }, locationId: locationIds[0]! };
}

beforeAll(async () => {
  const mine = await merchantUser();
  merchant = mine.caller;
  locationId = mine.locationId;
  otherMerchant = (await merchantUser()).caller;
  pos = await createConnectedPartner(database.db(), 'POS', [locationId]);
  app = await createConnectedPartner(database.db(), 'ORDERING_APP', [locationId]);
  ordering = { partnerId: app.partnerId, partnerName: app.name, scope: { kind: 'PARTNER_CONNECTIONS', partnerId: app.partnerId } };
});

const newOrder = async () => (await createOrder(database.db(), ordering, sampleOrderRequest(locationId))).order.id;

describe("the merchant's moves on the board", () => {
  it('accepts, prepares, readies and fulfils an order, each recorded with the merchant as actor and told to the app and the POS', async () => {
    const orderId = await newOrder();
    for (const status of ['ACCEPTED', 'BEING_PREPARED', 'READY', 'FULFILLED'] as const) {
      expect(await changeOrderStatus(database.db(), merchant, orderId, { status })).toEqual({ changed: true });
    }
    const docket = await orderDocket(database.db(), merchant.merchantId, orderId);
    expect(docket!.history.map((entry) => [entry.toStatus, entry.actor])).toEqual([
      ['CREATED', expect.stringContaining('ordering app')],
      ['ACCEPTED', 'Pass Manager (dashboard)'],
      ['BEING_PREPARED', 'Pass Manager (dashboard)'],
      ['READY', 'Pass Manager (dashboard)'],
      ['FULFILLED', 'Pass Manager (dashboard)'],
    ]);
    const events = await orderEvents(database.db(), orderId);
    expect(events.map((event) => event.type)).toEqual(['ORDER_CREATED', 'ORDER_ACCEPTED', 'ORDER_BEING_PREPARED', 'ORDER_READY', 'ORDER_FULFILLED']);
    for (const event of events.slice(1)) expect(event.recipients).toEqual([app.partnerId, pos.partnerId].sort());
    expect(events.map((event) => event.version)).toEqual([1, 2, 3, 4, 5]);
  });

  it('rejects with a reason, and refuses a move the API would refuse with the same answer', async () => {
    const orderId = await newOrder();
    await changeOrderStatus(database.db(), merchant, orderId, { status: 'REJECTED', reason: 'Kitchen closed' });
    const docket = await orderDocket(database.db(), merchant.merchantId, orderId);
    expect(docket!.history.at(-1)).toMatchObject({ toStatus: 'REJECTED', reason: 'Kitchen closed' });
    await expect(changeOrderStatus(database.db(), merchant, orderId, { status: 'ACCEPTED' })).rejects.toMatchObject({
      status: 409,
      code: 'ORDER_STATUS_CONFLICT',
      message: 'Order status conflict. Order status REJECTED cannot be updated to ACCEPTED.',
    });
    // The same request from the POS gets the same answer.
    await expect(
      changeOrderStatus(
        database.db(),
        { partnerId: pos.partnerId, partnerType: 'POS', scope: { kind: 'PARTNER_CONNECTIONS', partnerId: pos.partnerId } },
        orderId,
        { status: 'ACCEPTED' },
      ),
    ).rejects.toMatchObject({
      status: 409,
      message: 'Order status conflict. Order status REJECTED cannot be updated to ACCEPTED.',
    });
  });

  it('takes a DELIVERY order out for delivery but never fulfils it, as a POS may not (docs/domain.md#order-status)', async () => {
    const request = { ...sampleOrderRequest(locationId), fulfilment: { type: 'DELIVERY' as const }, table: undefined };
    const orderId = (await createOrder(database.db(), ordering, request)).order.id;
    for (const status of ['ACCEPTED', 'READY', 'OUT_FOR_DELIVERY'] as const) {
      expect(await changeOrderStatus(database.db(), merchant, orderId, { status })).toEqual({ changed: true });
    }
    await expect(changeOrderStatus(database.db(), merchant, orderId, { status: 'FULFILLED' })).rejects.toMatchObject({
      status: 409,
      code: 'ORDER_STATUS_CONFLICT',
      message:
        'Order status conflict. Order status OUT_FOR_DELIVERY cannot be updated to FULFILLED: a DELIVERY order is dispatched for delivery, not picked up.',
    });
    const pickUp = await newOrder();
    await changeOrderStatus(database.db(), merchant, pickUp, { status: 'ACCEPTED' });
    await expect(changeOrderStatus(database.db(), merchant, pickUp, { status: 'OUT_FOR_DELIVERY' })).rejects.toMatchObject({ status: 409 });
  });

  it("cannot touch another merchant's order (404)", async () => {
    const orderId = await newOrder();
    await expect(changeOrderStatus(database.db(), otherMerchant, orderId, { status: 'ACCEPTED' })).rejects.toMatchObject({ status: 404 });
    expect((await orderDocket(database.db(), merchant.merchantId, orderId))!.order.status).toBe('CREATED');
  });
});
