import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loyaltyPayments } from '@/db/schema';
import { activatedLoyaltyLocation, loyaltyPartner } from '@/lib/testing/loyalty';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner } from '@/lib/testing/fixtures';
import { callRoute } from '@/lib/testing/http';
import { createConnection } from '@/lib/tenancy/partners';
import { POST as postPayment } from '../../payments/test/route';
import { GET as getActivity } from '../activities/[loyaltyActivityId]/route';
import { DELETE as deleteCard, GET as getCard } from '../registered-cards/[registeredCardId]/route';
import { DELETE, POST } from './route';

const { db } = useTestDatabase();

const pay = async (token: string, body: Record<string, unknown>) => {
  const response = await callRoute(postPayment, 'POST', '/connect/payments/test', {
    token,
    body: { paymentType: 'PURCHASE', paymentSource: 'EFTPOS', ...body },
  });
  return { status: response.status, body: await response.json() };
};
const register = (token: string, body: unknown) => callRoute(POST, 'POST', '/connect/loyalty/members', { token, body });
const deregister = (token: string, memberId: string) => callRoute(DELETE, 'DELETE', '/connect/loyalty/members', { token, body: { origin: { memberId } } });
const card = (method: 'GET' | 'DELETE', token: string, id: string) =>
  callRoute(method === 'GET' ? getCard : deleteCard, method, `/connect/loyalty/registered-cards/${id}`, { token, params: { registeredCardId: id } });
const activity = (token: string, id: string) =>
  callRoute(getActivity, 'GET', `/connect/loyalty/activities/${id}`, { token, params: { loyaltyActivityId: id } });

/** An activated location where a POS took a zero-amount authorisation from a new customer's card. */
async function linkedPayment() {
  const setup = await activatedLoyaltyLocation(db());
  const authorisation = await pay(setup.pos.token, { locationId: setup.activeLocationId, memberId: null, goodsAndServicesAmount: 0 });
  expect(authorisation.status).toBe(200);
  return { ...setup, paymentId: authorisation.body.paymentId as string };
}

async function registeredMember(memberId = 'member-1') {
  const setup = await linkedPayment();
  const response = await register(setup.loyalty.token, { origin: { memberId }, locationId: setup.activeLocationId, paymentId: setup.paymentId });
  expect(response.status).toBe(202);
  return { ...setup, memberId, registeredCardId: (await response.json()).registeredCardId as string };
}

describe('loyalty members — CRUD', () => {
  it("registers the card of a recent payment at the location as the member's card", async () => {
    const { loyalty, registeredCardId, paymentId } = await registeredMember();
    const response = await card('GET', loyalty.token, registeredCardId);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: registeredCardId,
      paymentId,
      paymentSource: 'EFTPOS',
      origin: { memberId: 'member-1' },
      preAccumulatedReward: 0,
    });
  });

  it('a payment with the registered card generates an activity in the reference shape', async () => {
    const { loyalty, pos, activeLocationId, memberId } = await registeredMember();
    const payment = await pay(pos.token, { locationId: activeLocationId, memberId, goodsAndServicesAmount: 1250, tipAmount: 100 });
    expect(payment.status).toBe(200);
    expect(payment.body).toMatchObject({ memberId, paymentId: expect.any(String), loyaltyActivityId: expect.any(String) });
    const response = await activity(loyalty.token, payment.body.loyaltyActivityId);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: payment.body.loyaltyActivityId,
      locationId: activeLocationId,
      memberId,
      payment: {
        origin: { paymentId: payment.body.paymentId, paymentSource: 'EFTPOS' },
        type: 'PURCHASE',
        mode: 'INTEGRATED',
        zonedDateTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/),
        breakdown: {
          goodsAndServices: { amount: 1250, currency: 'AUD' },
          cashout: { amount: 0, currency: 'AUD' },
          tip: { amount: 100, currency: 'AUD' },
          surcharge: { amount: 0, currency: 'AUD' },
        },
        total: { amount: 1350, currency: 'AUD' },
      },
      sale: null,
    });
  });

  it('registering the same card for the same member again is accepted and changes nothing; for another member it is 409', async () => {
    const { loyalty, activeLocationId, paymentId, registeredCardId } = await registeredMember();
    const again = await register(loyalty.token, { origin: { memberId: 'member-1' }, locationId: activeLocationId, paymentId });
    expect(again.status).toBe(202);
    expect((await again.json()).registeredCardId).toBe(registeredCardId);
    const other = await register(loyalty.token, { origin: { memberId: 'member-2' }, locationId: activeLocationId, paymentId });
    expect(other.status).toBe(409);
    expect((await other.json()).code).toBe('CARD_ALREADY_REGISTERED');
  });

  it('deleting a registered card answers 200 and the card is gone; its payments no longer generate activities', async () => {
    const { loyalty, pos, activeLocationId, memberId, registeredCardId, paymentId } = await registeredMember();
    expect((await card('DELETE', loyalty.token, registeredCardId)).status).toBe(200);
    expect((await card('GET', loyalty.token, registeredCardId)).status).toBe(404);
    expect((await card('DELETE', loyalty.token, registeredCardId)).status).toBe(404);
    // The member is still there; re-linking the same payment's card registers it again.
    const relinked = await register(loyalty.token, { origin: { memberId }, locationId: activeLocationId, paymentId });
    expect(relinked.status).toBe(202);
    expect((await relinked.json()).registeredCardId).not.toBe(registeredCardId);
    expect((await pay(pos.token, { locationId: activeLocationId, memberId, goodsAndServicesAmount: 100 })).body.loyaltyActivityId).toBeDefined();
  });

  it('deregistering a member removes it and all its cards (204), then 404', async () => {
    const { loyalty, pos, activeLocationId, memberId, registeredCardId } = await registeredMember();
    const first = await pay(pos.token, { locationId: activeLocationId, memberId, goodsAndServicesAmount: 100 });
    expect((await deregister(loyalty.token, memberId)).status).toBe(204);
    expect((await card('GET', loyalty.token, registeredCardId)).status).toBe(404);
    const again = await deregister(loyalty.token, memberId);
    expect(again.status).toBe(404);
    expect((await again.json()).error).toBe(`Failed to find member matching memberId: ${memberId}`);
    expect((await pay(loyalty.token, { locationId: activeLocationId, memberId, goodsAndServicesAmount: 100 })).status).toBe(404);
    // Activities already generated stay readable.
    expect((await activity(loyalty.token, first.body.loyaltyActivityId)).status).toBe(200);
  });

  it('registers through the memberReference of an unregistered customer', async () => {
    const { loyalty, activeLocationId } = await activatedLoyaltyLocation(db());
    const first = await pay(loyalty.token, { locationId: activeLocationId, memberId: null, goodsAndServicesAmount: 500 });
    const response = await register(loyalty.token, {
      origin: { memberId: 'qr-member' },
      locationId: activeLocationId,
      memberReference: first.body.memberReference,
    });
    expect(response.status).toBe(202);
    const registered = await (await card('GET', loyalty.token, (await response.json()).registeredCardId)).json();
    expect(registered).toMatchObject({ paymentId: first.body.paymentId, origin: { memberId: 'qr-member' }, preAccumulatedReward: 5 });
    const next = await pay(loyalty.token, { locationId: activeLocationId, memberReference: first.body.memberReference, goodsAndServicesAmount: 100 });
    expect(next.body.loyaltyActivityId).toBeDefined();
  });
});

describe('loyalty members — the 60-minute window', () => {
  it('accepts a payment up to 60 minutes old and refuses an older one (422)', async () => {
    const { loyalty, pos, activeLocationId } = await activatedLoyaltyLocation(db());
    const age = async (minutes: number) => {
      const { body } = await pay(pos.token, { locationId: activeLocationId, memberId: null, goodsAndServicesAmount: 0 });
      await db()
        .update(loyaltyPayments)
        .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
        .where(eq(loyaltyPayments.id, body.paymentId));
      return body.paymentId as string;
    };
    const recent = await register(loyalty.token, { origin: { memberId: 'recent' }, locationId: activeLocationId, paymentId: await age(59) });
    expect(recent.status).toBe(202);
    const old = await register(loyalty.token, { origin: { memberId: 'late' }, locationId: activeLocationId, paymentId: await age(61) });
    expect(old.status).toBe(422);
    expect((await old.json()).code).toBe('PAYMENT_OUTSIDE_WINDOW');
  });

  it('refuses an unknown payment, or one made at another location (422)', async () => {
    const { loyalty, pos, activeLocationId, otherLocationId } = await activatedLoyaltyLocation(db());
    const unknown = await register(loyalty.token, { origin: { memberId: 'm' }, locationId: activeLocationId, paymentId: 'no-such-payment' });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).code).toBe('PAYMENT_NOT_FOUND');
    const elsewhere = await pay(pos.token, { locationId: otherLocationId, memberId: null, goodsAndServicesAmount: 0 });
    const wrong = await register(loyalty.token, { origin: { memberId: 'm' }, locationId: activeLocationId, paymentId: elsewhere.body.paymentId });
    expect(wrong.status).toBe(422);
    const reference = await register(loyalty.token, { origin: { memberId: 'm' }, locationId: activeLocationId, memberReference: 'unknown-ref' });
    expect(reference.status).toBe(422);
    expect((await reference.json()).code).toBe('MEMBER_REFERENCE_NOT_FOUND');
  });
});

describe('loyalty members — Validation', () => {
  it('reports every violation of a registration at once', async () => {
    const { loyalty } = await activatedLoyaltyLocation(db());
    const response = await register(loyalty.token, { origin: {}, locationId: '' });
    expect(response.status).toBe(400);
    const { errors } = await response.json();
    expect(errors.map((error: { path: string }) => error.path).sort()).toEqual(['locationId', 'origin.memberId', 'paymentId']);
  });

  it('requires origin.memberId to deregister', async () => {
    const { loyalty } = await activatedLoyaltyLocation(db());
    const response = await callRoute(DELETE, 'DELETE', '/connect/loyalty/members', { token: loyalty.token, body: { origin: {} } });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([{ segment: 'body', path: 'origin.memberId', message: 'origin.memberId is required' }]);
  });
});

describe('loyalty members — Auth', () => {
  it('401 without a token', async () => {
    expect((await callRoute(POST, 'POST', '/connect/loyalty/members', { body: {} })).status).toBe(401);
  });

  it('only LOYALTY partners may register, deregister and read cards and activities (403)', async () => {
    const { pos, activeLocationId, paymentId, registeredCardId } = await registeredMember();
    expect((await register(pos.token, { origin: { memberId: 'x' }, locationId: activeLocationId, paymentId })).status).toBe(403);
    expect((await deregister(pos.token, 'member-1')).status).toBe(403);
    expect((await card('GET', pos.token, registeredCardId)).status).toBe(403);
    expect((await activity(pos.token, 'any')).status).toBe(403);
  });

  it('registration needs the location activated for this partner, not just a connection (403)', async () => {
    const { pos, otherLocationId } = await activatedLoyaltyLocation(db());
    const intruder = await loyaltyPartner(db());
    const { body } = await pay(pos.token, { locationId: otherLocationId, memberId: null, goodsAndServicesAmount: 0 });
    const request = { origin: { memberId: 'm' }, locationId: otherLocationId, paymentId: body.paymentId };
    expect((await register(intruder.token, request)).status).toBe(403);
    await createConnection(db(), intruder.partnerId, { locationId: otherLocationId });
    const connectedOnly = await register(intruder.token, request);
    expect(connectedOnly.status).toBe(403);
    expect((await connectedOnly.json()).code).toBe('FORBIDDEN');
  });
});

describe('loyalty members — Isolation', () => {
  it("another partner's card, activity and member are 404 to it, and stay intact", async () => {
    const { loyalty, pos, activeLocationId, memberId, registeredCardId } = await registeredMember();
    const { body } = await pay(pos.token, { locationId: activeLocationId, memberId, goodsAndServicesAmount: 100 });
    const other = await createConnectedPartner(db(), 'LOYALTY', [activeLocationId]);
    expect((await card('GET', other.token, registeredCardId)).status).toBe(404);
    expect((await card('DELETE', other.token, registeredCardId)).status).toBe(404);
    expect((await activity(other.token, body.loyaltyActivityId)).status).toBe(404);
    expect((await deregister(other.token, memberId)).status).toBe(404);
    expect((await pay(other.token, { locationId: activeLocationId, memberId, goodsAndServicesAmount: 100 })).status).toBe(404);
    expect((await card('GET', loyalty.token, registeredCardId)).status).toBe(200);
    expect((await activity(loyalty.token, body.loyaltyActivityId)).status).toBe(200);
  });

  it('the same memberId at two partners names two different members', async () => {
    const first = await registeredMember('shared-id');
    const second = await registeredMember('shared-id');
    expect((await deregister(first.loyalty.token, 'shared-id')).status).toBe(204);
    expect((await card('GET', second.loyalty.token, second.registeredCardId)).status).toBe(200);
  });
});
