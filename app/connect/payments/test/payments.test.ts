import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, loyaltyActivities, loyaltyPayments, loyaltyRegisteredCards } from '@/db/schema';
import { activatedLoyaltyLocation, eventsFor, requestActivation } from '@/lib/testing/loyalty';
import { decideOnboardingRequest } from '@/lib/loyalty/onboarding';
import { setUnregisteredRewardLimit } from '@/lib/loyalty/reward-limits';
import { unregisteredBalance } from '@/lib/loyalty/unregistered-rewards';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { callRoute } from '@/lib/testing/http';
import { createConnection } from '@/lib/tenancy/partners';
import { POST as registerMember } from '../../loyalty/members/route';
import { GET as getCard } from '../../loyalty/registered-cards/[registeredCardId]/route';
import { POST } from './route';

const { db } = useTestDatabase();

const pay = async (token: string, body: Record<string, unknown>) => {
  const response = await callRoute(POST, 'POST', '/connect/payments/test', { token, body: { paymentType: 'PURCHASE', paymentSource: 'EFTPOS', ...body } });
  return { status: response.status, body: await response.json() };
};

/** An activated location with member `member-1` registered through a zero-amount authorisation. */
async function withMember(options: { signUpUrl?: string } = {}) {
  const setup = await activatedLoyaltyLocation(db(), options);
  const { body } = await pay(setup.pos.token, { locationId: setup.activeLocationId, memberId: null, goodsAndServicesAmount: 0 });
  const response = await callRoute(registerMember, 'POST', '/connect/loyalty/members', {
    token: setup.loyalty.token,
    body: { origin: { memberId: 'member-1' }, locationId: setup.activeLocationId, paymentId: body.paymentId },
  });
  expect(response.status).toBe(202);
  return { ...setup, registeredCardId: (await response.json()).registeredCardId as string };
}

/** The payment earned an activity: the answer names the one activity stored for that payment. */
async function expectEarnedActivity(body: { paymentId: string; loyaltyActivityId?: unknown }) {
  const stored = await db().select({ id: loyaltyActivities.id }).from(loyaltyActivities).where(eq(loyaltyActivities.paymentId, body.paymentId));
  expect(stored).toEqual([{ id: expect.any(String) }]);
  expect(body.loyaltyActivityId).toBe(stored[0]!.id);
}

const eventCount = async () => (await db().select({ id: events.id }).from(events)).length;

describe('test payments — events to the right partner', () => {
  it("a registered card's payments send NEW_LOYALTY_ACTIVITY to its partner only; the card was announced at registration, once", async () => {
    const { loyalty, pos, activeLocationId, registeredCardId } = await withMember();
    expect((await eventsFor(db(), registeredCardId)).received).toEqual([
      expect.objectContaining({ type: 'NEW_REGISTERED_CARD', partnerId: loyalty.partnerId }),
    ]);
    const first = await pay(pos.token, { locationId: activeLocationId, memberId: 'member-1', goodsAndServicesAmount: 1000 });
    const cardEvents = await eventsFor(db(), registeredCardId);
    expect(cardEvents.received).toEqual([expect.objectContaining({ type: 'NEW_REGISTERED_CARD', partnerId: loyalty.partnerId })]);
    expect(cardEvents.deliveries).toEqual([{ eventType: 'NEW_REGISTERED_CARD', partnerId: loyalty.partnerId, endpointId: loyalty.endpointId }]);
    const activityEvents = await eventsFor(db(), first.body.loyaltyActivityId);
    expect(activityEvents.received).toEqual([expect.objectContaining({ type: 'NEW_LOYALTY_ACTIVITY', partnerId: loyalty.partnerId })]);
    expect(activityEvents.received[0]!.payload).toMatchObject({
      locationId: activeLocationId,
      data: { id: first.body.loyaltyActivityId, resource: 'loyalty-activity', version: 1, uri: expect.stringMatching(/\/connect\/loyalty\/activities\//) },
    });
    expect(activityEvents.deliveries).toEqual([{ eventType: 'NEW_LOYALTY_ACTIVITY', partnerId: loyalty.partnerId, endpointId: loyalty.endpointId }]);

    const second = await pay(pos.token, { locationId: activeLocationId, memberId: 'member-1', goodsAndServicesAmount: 1000 });
    expect((await eventsFor(db(), registeredCardId)).received).toHaveLength(1);
    expect((await eventsFor(db(), second.body.loyaltyActivityId)).received.map((event) => event.type)).toEqual(['NEW_LOYALTY_ACTIVITY']);
  });

  it('the loyalty partner receives the events of its own test payments (they stand for a cardholder paying)', async () => {
    const { loyalty, activeLocationId } = await withMember();
    const { body } = await pay(loyalty.token, { locationId: activeLocationId, memberId: 'member-1', goodsAndServicesAmount: 100 });
    expect((await eventsFor(db(), body.loyaltyActivityId)).received).toEqual([expect.objectContaining({ partnerId: loyalty.partnerId })]);
  });

  it('useNewCard registers a new card to the member, announced with NEW_REGISTERED_CARD', async () => {
    const { loyalty, activeLocationId, registeredCardId } = await withMember();
    const { body } = await pay(loyalty.token, { locationId: activeLocationId, memberId: 'member-1', useNewCard: true, goodsAndServicesAmount: 700 });
    await expectEarnedActivity(body);
    const [newCard] = await db().select().from(loyaltyRegisteredCards).where(eq(loyaltyRegisteredCards.paymentId, body.paymentId));
    expect(newCard!.id).not.toBe(registeredCardId);
    expect((await eventsFor(db(), newCard!.id)).received).toEqual([expect.objectContaining({ type: 'NEW_REGISTERED_CARD', partnerId: loyalty.partnerId })]);
    const response = await callRoute(getCard, 'GET', `/x/${newCard!.id}`, { token: loyalty.token, params: { registeredCardId: newCard!.id } });
    expect(await response.json()).toMatchObject({ paymentId: body.paymentId, origin: { memberId: 'member-1' } });
    // The member's default card is still the first one.
    const again = await pay(loyalty.token, { locationId: activeLocationId, memberId: 'member-1', goodsAndServicesAmount: 700 });
    expect((await eventsFor(db(), registeredCardId)).received.map((event) => event.type)).toEqual(['NEW_REGISTERED_CARD']);
    await expectEarnedActivity(again.body);
  });
});

describe('test payments — activation gate', () => {
  it('no activity, event or reward at a location before its activation is approved; afterwards there is', async () => {
    const { merchant, loyalty, otherLocationId } = await withMember();
    await createConnection(db(), loyalty.partnerId, { locationId: otherLocationId });
    const before = await eventCount();
    const member = await pay(loyalty.token, { locationId: otherLocationId, memberId: 'member-1', goodsAndServicesAmount: 5000 });
    expect(member.status).toBe(200);
    expect(member.body.loyaltyActivityId).toBeUndefined();
    const stranger = await pay(loyalty.token, { locationId: otherLocationId, memberId: null, goodsAndServicesAmount: 5000 });
    expect(await unregisteredBalance(db(), stranger.body.memberReference, loyalty.partnerId)).toBe(0);
    expect(await eventCount()).toBe(before);

    const reference = await requestActivation(db(), merchant.id, otherLocationId, loyalty.partnerId);
    const pending = await pay(loyalty.token, { locationId: otherLocationId, memberId: 'member-1', goodsAndServicesAmount: 5000 });
    expect(pending.body.loyaltyActivityId).toBeUndefined();
    await decideOnboardingRequest(db(), loyalty.partnerId, reference, { action: 'APPROVE', loyaltyProgramId: 'gold' });
    const after = await pay(loyalty.token, { locationId: otherLocationId, memberId: 'member-1', goodsAndServicesAmount: 5000 });
    await expectEarnedActivity(after.body);
  });

  it('a rejected location generates no activity', async () => {
    const { merchant, loyalty, otherLocationId } = await withMember();
    const reference = await requestActivation(db(), merchant.id, otherLocationId, loyalty.partnerId);
    await decideOnboardingRequest(db(), loyalty.partnerId, reference, { action: 'REJECT', reason: 'No.' });
    await createConnection(db(), loyalty.partnerId, { locationId: otherLocationId });
    expect(
      (await pay(loyalty.token, { locationId: otherLocationId, memberId: 'member-1', goodsAndServicesAmount: 100 })).body.loyaltyActivityId,
    ).toBeUndefined();
  });
});

describe('test payments — zero-amount authorisation', () => {
  it('yields a paymentId and no activity, event or reward, even for a registered card', async () => {
    const { pos, activeLocationId } = await withMember();
    const before = await eventCount();
    const member = await pay(pos.token, { locationId: activeLocationId, memberId: 'member-1', goodsAndServicesAmount: 0, tipAmount: 0 });
    expect(member.status).toBe(200);
    expect(member.body).toEqual({ paymentId: expect.any(String), memberId: 'member-1' });
    const stranger = await pay(pos.token, { locationId: activeLocationId, memberId: null, terminal: { series: 'PRO' } });
    expect(stranger.body).toEqual({ paymentId: expect.any(String), memberReference: expect.any(String) });
    expect(await eventCount()).toBe(before);
  });

  it('a payment with only a tip is not a zero-amount authorisation', async () => {
    const { pos, activeLocationId } = await withMember();
    await expectEarnedActivity((await pay(pos.token, { locationId: activeLocationId, memberId: 'member-1', tipAmount: 200 })).body);
  });
});

describe('test payments — unregistered rewards', () => {
  it('accrue per payment, capped by the location limit, and carry into the card at sign-up', async () => {
    const { merchant, loyalty, activeLocationId } = await withMember();
    await setUnregisteredRewardLimit(db(), merchant.id, activeLocationId, 5);
    const first = await pay(loyalty.token, { locationId: activeLocationId, memberId: null, goodsAndServicesAmount: 299 });
    const memberReference = first.body.memberReference as string;
    expect(await unregisteredBalance(db(), memberReference, loyalty.partnerId)).toBe(2);
    await pay(loyalty.token, { locationId: activeLocationId, memberReference, goodsAndServicesAmount: 250, tipAmount: 5000 });
    expect(await unregisteredBalance(db(), memberReference, loyalty.partnerId)).toBe(4);
    const capped = await pay(loyalty.token, { locationId: activeLocationId, memberReference, goodsAndServicesAmount: 900 });
    expect(capped.body).toEqual({ paymentId: expect.any(String), memberReference });
    expect(await unregisteredBalance(db(), memberReference, loyalty.partnerId)).toBe(5);

    const signUp = await callRoute(registerMember, 'POST', '/connect/loyalty/members', {
      token: loyalty.token,
      body: { origin: { memberId: 'new-member' }, locationId: activeLocationId, memberReference },
    });
    const { registeredCardId } = await signUp.json();
    const card = await callRoute(getCard, 'GET', `/x/${registeredCardId}`, { token: loyalty.token, params: { registeredCardId } });
    expect((await card.json()).preAccumulatedReward).toBe(5);
    // Carried in once: the balance is taken, and the card now earns activities instead.
    expect(await unregisteredBalance(db(), memberReference, loyalty.partnerId)).toBe(0);
    await expectEarnedActivity((await pay(loyalty.token, { locationId: activeLocationId, memberReference, goodsAndServicesAmount: 900 })).body);
  });

  it('accrue without a cap when the merchant set no limit; refunds earn nothing', async () => {
    const { loyalty, activeLocationId } = await withMember();
    const first = await pay(loyalty.token, { locationId: activeLocationId, memberId: null, goodsAndServicesAmount: 100_000 });
    await pay(loyalty.token, {
      locationId: activeLocationId,
      memberReference: first.body.memberReference,
      paymentType: 'REFUND',
      goodsAndServicesAmount: 100_000,
    });
    expect(await unregisteredBalance(db(), first.body.memberReference, loyalty.partnerId)).toBe(1000);
  });

  it('a limit lowered before sign-up holds the carried reward to it', async () => {
    const { merchant, loyalty, activeLocationId } = await withMember();
    const first = await pay(loyalty.token, { locationId: activeLocationId, memberId: null, goodsAndServicesAmount: 2000 });
    await setUnregisteredRewardLimit(db(), merchant.id, activeLocationId, 3);
    const signUp = await callRoute(registerMember, 'POST', '/connect/loyalty/members', {
      token: loyalty.token,
      body: { origin: { memberId: 'late-signup' }, locationId: activeLocationId, memberReference: first.body.memberReference },
    });
    const { registeredCardId } = await signUp.json();
    const card = await callRoute(getCard, 'GET', `/x/${registeredCardId}`, { token: loyalty.token, params: { registeredCardId } });
    expect((await card.json()).preAccumulatedReward).toBe(3);
  });

  it('a merchant can only set the limit of its own locations', async () => {
    const { activeLocationId } = await withMember();
    const stranger = await createMerchantWithLocations(db(), 1);
    await expect(setUnregisteredRewardLimit(db(), stranger.merchant.id, activeLocationId, 1)).rejects.toMatchObject({ status: 404 });
  });
});

describe('test payments — on-terminal loyalty', () => {
  it('a registered member on a terminal of the loyalty series sees the reward earned (series compared ignoring case)', async () => {
    const { pos, activeLocationId } = await withMember();
    const { body } = await pay(pos.token, { locationId: activeLocationId, memberId: 'member-1', goodsAndServicesAmount: 1250, terminal: { series: 'pro' } });
    expect(body.terminalDisplay).toEqual({ type: 'REWARD_EARNED', reward: 12, message: 'You earned 12 points.' });
    const [payment] = await db().select().from(loyaltyPayments).where(eq(loyaltyPayments.id, body.paymentId));
    expect(payment!.terminalSeries).toBe('pro');
  });

  it('other terminal series, or no terminal, show nothing (loyalty itself still applies)', async () => {
    const { pos, activeLocationId } = await withMember({ signUpUrl: 'https://rewards.example/join' });
    const lite = await pay(pos.token, { locationId: activeLocationId, memberId: 'member-1', goodsAndServicesAmount: 1250, terminal: { series: 'LITE' } });
    expect(lite.body.terminalDisplay).toBeUndefined();
    await expectEarnedActivity(lite.body);
    const stranger = await pay(pos.token, { locationId: activeLocationId, memberId: null, goodsAndServicesAmount: 1250, terminal: { series: 'LITE' } });
    expect(stranger.body.terminalDisplay).toBeUndefined();
    expect((await pay(pos.token, { locationId: activeLocationId, memberId: 'member-1', goodsAndServicesAmount: 1250 })).body.terminalDisplay).toBeUndefined();
  });

  it("offers an unregistered customer the program's sign-up QR code carrying their memberReference", async () => {
    const { pos, activeLocationId } = await withMember({ signUpUrl: 'https://rewards.example/join' });
    const { body } = await pay(pos.token, { locationId: activeLocationId, memberId: null, goodsAndServicesAmount: 800, terminal: { series: 'PRO' } });
    expect(body.terminalDisplay).toEqual({
      type: 'SIGN_UP',
      memberReference: body.memberReference,
      signUpUrl: `https://rewards.example/join?memberReference=${body.memberReference}`,
      message: expect.any(String),
    });
  });

  it('shows nothing to an unregistered customer when the program has no sign-up link, nor at a location without loyalty', async () => {
    const { pos, activeLocationId, otherLocationId } = await withMember();
    expect(
      (await pay(pos.token, { locationId: activeLocationId, memberId: null, goodsAndServicesAmount: 800, terminal: { series: 'PRO' } })).body.terminalDisplay,
    ).toBeUndefined();
    expect(
      (await pay(pos.token, { locationId: otherLocationId, memberId: null, goodsAndServicesAmount: 800, terminal: { series: 'PRO' } })).body.terminalDisplay,
    ).toBeUndefined();
  });
});

describe('test payments — Validation', () => {
  it('reports every violation at once', async () => {
    const { pos } = await withMember();
    const response = await callRoute(POST, 'POST', '/connect/payments/test', {
      token: pos.token,
      body: { paymentType: 'GIFT', paymentSource: 'CASH', goodsAndServicesAmount: -1, tipAmount: 1.5, useNewCard: true },
    });
    expect(response.status).toBe(400);
    const paths = (await response.json()).errors.map((error: { path: string }) => error.path).sort();
    expect(paths).toEqual(['goodsAndServicesAmount', 'locationId', 'memberId', 'paymentSource', 'paymentType', 'tipAmount', 'useNewCard']);
  });
});

describe('test payments — Auth and Isolation', () => {
  it('401 without a token; 403 for apps that take no payments', async () => {
    const { activeLocationId } = await withMember();
    expect((await callRoute(POST, 'POST', '/connect/payments/test', { body: {} })).status).toBe(401);
    const app = await createConnectedPartner(db(), 'ORDERING_APP', [activeLocationId]);
    expect((await pay(app.token, { locationId: activeLocationId, memberId: null })).status).toBe(403);
  });

  it('403 at a location the caller is not connected to, or that does not exist', async () => {
    const { activeLocationId } = await withMember();
    const stranger = await createConnectedPartner(db(), 'POS', []);
    expect((await pay(stranger.token, { locationId: activeLocationId, memberId: null })).status).toBe(403);
    expect((await pay(stranger.token, { locationId: 'nowhere', memberId: null })).status).toBe(403);
  });

  it("404 for an unknown member or memberReference; a POS names members of the location's loyalty partner", async () => {
    const { pos, activeLocationId, otherLocationId } = await withMember();
    const unknown = await pay(pos.token, { locationId: activeLocationId, memberId: 'nobody' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Failed to find member matching memberId: nobody');
    expect((await pay(pos.token, { locationId: activeLocationId, memberReference: 'nobody' })).status).toBe(404);
    // No loyalty partner at the other location, so no member is known there to a POS.
    expect((await pay(pos.token, { locationId: otherLocationId, memberId: 'member-1' })).status).toBe(404);
  });
});
