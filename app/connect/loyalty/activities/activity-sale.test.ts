import { beforeAll, describe, expect, it } from 'vitest';
import { activatedLoyaltyLocation } from '@/lib/testing/loyalty';
import { createdSale, expectStatus, openSaleRequest, salesApi } from '@/app/_testing/tables';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { callRoute } from '@/lib/testing/http';
import { POST as postPayment } from '../../payments/test/route';
import { POST as registerMember } from '../members/route';
import { GET as getActivity } from './[loyaltyActivityId]/route';

/**
 * docs/domain.md#loyalty: the Loyalty event carries the transaction "and potentially sales data". An activity's `sale` is the
 * latest CLOSED sale at its location with an EFTPOS payment naming the payment's id as its transaction reference, for
 * the same goods and services amount.
 */
const { db } = useTestDatabase();
let setup: Awaited<ReturnType<typeof activatedLoyaltyLocation>>;

const aud = (amount: number) => ({ amount, currency: 'AUD' });

const pay = async (token: string, body: Record<string, unknown>) => {
  const response = await callRoute(postPayment, 'POST', '/connect/payments/test', {
    token,
    body: { paymentType: 'PURCHASE', paymentSource: 'EFTPOS', ...body },
  });
  return expectStatus<{ paymentId: string; loyaltyActivityId?: string }>(response, 200);
};

const activitySale = async (loyaltyActivityId: string) => {
  const response = await callRoute(getActivity, 'GET', `/connect/loyalty/activities/${loyaltyActivityId}`, {
    token: setup.loyalty.token,
    params: { loyaltyActivityId },
  });
  return (await expectStatus(response, 200)).sale;
};

/** A member's card payment of `amount` cents of goods and services at the activated location. */
async function memberPayment(amount: number) {
  const payment = await pay(setup.pos.token, { locationId: setup.activeLocationId, memberId: 'member-1', goodsAndServicesAmount: amount });
  return { paymentId: payment.paymentId, activityId: payment.loyaltyActivityId! };
}

/**
 * A sale the POS records CLOSED (or OPEN) at `locationId`, paid by card with `transactionReference`, saying all the loyalty
 * reference's sale requires (staff, tax, the POS's store id, the terminal).
 */
const saleRequest = (locationId: string, transactionReference: string, amount: number, status: 'OPEN' | 'CLOSED' = 'CLOSED') => {
  const request = openSaleRequest(locationId, null, {
    status,
    ...(status === 'CLOSED' ? { closedZonedDateTime: '2026-05-02T20:00:00+10:00' } : {}),
    tax: aud(82),
    payments: [{ method: 'EFTPOS', acquirer: { name: 'TYRO', transactionReference, terminalId: 'T-1' }, goodsAndServicesAmount: aud(amount) }],
  });
  return { ...request, origin: { ...request.origin, locationId: 'POS-STORE-1' } };
};

beforeAll(async () => {
  setup = await activatedLoyaltyLocation(db());
  const authorisation = await pay(setup.pos.token, { locationId: setup.activeLocationId, memberId: null, goodsAndServicesAmount: 0 });
  const registered = await callRoute(registerMember, 'POST', '/connect/loyalty/members', {
    token: setup.loyalty.token,
    body: { origin: { memberId: 'member-1' }, locationId: setup.activeLocationId, paymentId: authorisation.paymentId },
  });
  expect(registered.status).toBe(202);
});

describe('a loyalty activity’s sale', () => {
  it('is the closed sale at the location paid by the activity’s payment, as GET /sales/{id} answers it', async () => {
    const { paymentId, activityId } = await memberPayment(1250);
    expect(await activitySale(activityId)).toBeNull();
    const sale = await createdSale(setup.pos.token, saleRequest(setup.activeLocationId, paymentId, 1250));
    expect(await activitySale(activityId)).toEqual(await expectStatus(await salesApi.get(setup.pos.token, sale.id), 200));
  });

  it('shows once the sale is closed, and then the latest sale of a reopened chain', async () => {
    const closing = { version: 1, status: 'CLOSED', closedZonedDateTime: '2026-05-02T20:00:00+10:00' };
    const { paymentId, activityId } = await memberPayment(800);
    const open = await createdSale(setup.pos.token, saleRequest(setup.activeLocationId, paymentId, 800, 'OPEN'));
    expect(await activitySale(activityId)).toBeNull();
    await expectStatus(await salesApi.patch(setup.pos.token, open.id, closing), 200);
    expect(await activitySale(activityId)).toMatchObject({ id: open.id, status: 'CLOSED' });

    const reopened = await createdSale(setup.pos.token, {
      ...saleRequest(setup.activeLocationId, paymentId, 800, 'OPEN'),
      status: 'REOPENED',
      parentSaleId: open.id,
    });
    expect(await activitySale(activityId)).toMatchObject({ id: open.id });
    await expectStatus(await salesApi.patch(setup.pos.token, reopened.id, closing), 200);
    expect(await activitySale(activityId)).toMatchObject({ id: reopened.id, parentSaleId: open.id });
  });

  it('is null when no sale names the payment, or one names it for another amount', async () => {
    const { paymentId, activityId } = await memberPayment(1500);
    await createdSale(setup.pos.token, saleRequest(setup.activeLocationId, `${paymentId}-other`, 1500));
    await createdSale(setup.pos.token, saleRequest(setup.activeLocationId, paymentId, 1499));
    await createdSale(setup.pos.token, {
      ...saleRequest(setup.activeLocationId, 'unrelated', 1500),
      payments: [{ method: 'CASH', goodsAndServicesAmount: aud(1500) }],
    });
    expect(await activitySale(activityId)).toBeNull();
  });

  it('is null when the sale lacks what the loyalty reference’s sale requires, which the Sales API leaves optional', async () => {
    const { paymentId, activityId } = await memberPayment(2300);
    const whole = saleRequest(setup.activeLocationId, paymentId, 2300);
    const payment = { method: 'EFTPOS', acquirer: { name: 'TYRO', transactionReference: paymentId, terminalId: 'T-1' }, goodsAndServicesAmount: aud(2300) };
    const lacking: [string, Record<string, unknown>][] = [
      ['no staff', { staff: undefined }],
      ['no tax', { tax: undefined }],
      ['no store id of the POS', { origin: { saleId: `${whole.origin.saleId}-store` } }],
      ['no terminal', { payments: [{ ...payment, acquirer: { name: 'TYRO', transactionReference: paymentId } }] }],
      ['another payment by a method the loyalty reference does not list', { payments: [payment, { method: 'ACCOUNT', goodsAndServicesAmount: aud(1) }] }],
    ];
    for (const [index, [label, change]] of lacking.entries()) {
      const sale = await createdSale(setup.pos.token, { ...whole, origin: { ...whole.origin, saleId: `${whole.origin.saleId}-${index}` }, ...change });
      expect(sale.id, label).toBeTruthy();
      expect(await activitySale(activityId), label).toBeNull();
    }
    const sale = await createdSale(setup.pos.token, { ...whole, origin: { ...whole.origin, saleId: `${whole.origin.saleId}-whole` } });
    expect(await activitySale(activityId)).toMatchObject({ id: sale.id, staff: { id: 'staff-7' }, tax: aud(82) });
  });

  it('never matches a sale of another location, the merchant’s own or another merchant’s', async () => {
    const { paymentId, activityId } = await memberPayment(2000);
    const { locationIds } = await createMerchantWithLocations(db(), 1);
    const otherMerchantPos = await createConnectedPartner(db(), 'POS', locationIds);
    await createdSale(otherMerchantPos.token, saleRequest(locationIds[0]!, paymentId, 2000));
    await createdSale(setup.pos.token, saleRequest(setup.otherLocationId, paymentId, 2000));
    expect(await activitySale(activityId)).toBeNull();
  });
});
