import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '@/db/schema';
import { resetConfig } from '@/lib/config';
import { dispatchUntil } from '@/lib/testing/event-fixtures';
import { startWebhookReceiver } from '@/lib/testing/webhook-receiver';
import { createWebhookDispatcher } from '@/lib/events/webhook-dispatcher';
import { createWebhookEndpoint } from '@/lib/events/webhook-endpoints';
import { activatedLoyaltyLocation } from '@/lib/testing/loyalty';
import { useTestDatabase } from '@/lib/testing/database';
import { callRoute } from '@/lib/testing/http';
import { GET as getEvents } from '../../events/route';
import { POST as postPayment } from '../../payments/test/route';
import { GET as getCard } from '../registered-cards/[registeredCardId]/route';
import { POST as registerMember } from './route';

const database = useTestDatabase();
const receivers: { close(): Promise<void> }[] = [];

beforeAll(() => resetConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }));
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  resetConfig();
});

const pay = async (token: string, body: Record<string, unknown>) => {
  const response = await callRoute(postPayment, 'POST', '/connect/payments/test', {
    token,
    body: { paymentType: 'PURCHASE', paymentSource: 'EFTPOS', ...body },
  });
  expect(response.status).toBe(200);
  return response.json();
};
const register = async (token: string, body: unknown) => {
  const response = await callRoute(registerMember, 'POST', '/connect/loyalty/members', { token, body });
  expect(response.status).toBe(202);
  return (await response.json()).registeredCardId as string;
};
/** The partner's loyalty events in its catch-up feed, oldest first. */
/**
 * The partner's loyalty events from the catch-up feed, once it holds `count` of them. The feed shows an event only
 * when no older transaction is still open anywhere on the database server (catch-up.ts), so on a busy shared server
 * the latest may take a moment to appear.
 */
const loyaltyFeed = async (token: string, count: number) => {
  const deadline = Date.now() + 5000;
  for (;;) {
    const response = await callRoute(getEvents, 'GET', '/connect/events', { token });
    expect(response.status).toBe(200);
    const results = (await response.json()).results as { id: string; type: string; data: { id: string; uri: string } }[];
    const loyalty = results.filter((event) => event.type === 'NEW_REGISTERED_CARD' || event.type === 'NEW_LOYALTY_ACTIVITY');
    if (loyalty.length >= count || Date.now() > deadline) return loyalty;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** An activated location whose loyalty partner receives webhooks on a real local receiver. */
async function loyaltyWithReceiver() {
  const setup = await activatedLoyaltyLocation(database.db());
  const secrets: string[] = [];
  const receiver = await startWebhookReceiver(() => secrets);
  receivers.push(receiver);
  await database.db().update(webhookEndpoints).set({ disabledAt: new Date() }).where(eq(webhookEndpoints.id, setup.loyalty.endpointId));
  const endpoint = await createWebhookEndpoint(database.db(), setup.loyalty.partnerId, { url: receiver.url });
  secrets.push(endpoint.secret);
  return { ...setup, receiver, dispatcher: createWebhookDispatcher(database.handle(), { batchSize: 50 }) };
}

describe('NEW_REGISTERED_CARD when a card becomes registered', () => {
  it('a sign-up with a memberReference announces the card and its pre-accumulated reward, before its next activity', async () => {
    const { loyalty, pos, activeLocationId, receiver, dispatcher } = await loyaltyWithReceiver();
    const before = await pay(pos.token, { locationId: activeLocationId, memberId: null, goodsAndServicesAmount: 2500 });
    const registeredCardId = await register(loyalty.token, {
      origin: { memberId: 'signed-up' },
      locationId: activeLocationId,
      memberReference: before.memberReference,
    });

    // Received over the webhook, signed so that the standardwebhooks package verifies it.
    await dispatchUntil(dispatcher, () => receiver.requests.some((request) => request.event.type === 'NEW_REGISTERED_CARD'));
    const [announcement] = receiver.requests.filter((request) => request.event.type === 'NEW_REGISTERED_CARD');
    expect(announcement!.verifiedWith).toEqual([0]);
    expect(announcement!.event).toMatchObject({ locationId: activeLocationId, data: { id: registeredCardId, resource: 'registered-card', version: 1 } });
    // Its uri is the card, which carries the reward earned before sign-up.
    const uri = new URL((announcement!.event as unknown as { data: { uri: string } }).data.uri);
    expect(uri.pathname).toBe(`/connect/loyalty/registered-cards/${registeredCardId}`);
    const card = await callRoute(getCard, 'GET', uri.pathname, { token: loyalty.token, params: { registeredCardId } });
    expect(await card.json()).toMatchObject({ origin: { memberId: 'signed-up' }, preAccumulatedReward: 25 });
    // The same event is in the partner's catch-up feed.
    expect((await loyaltyFeed(loyalty.token, 1)).filter((event) => event.type === 'NEW_REGISTERED_CARD')).toEqual([
      expect.objectContaining({ id: announcement!.webhookId, data: expect.objectContaining({ id: registeredCardId }) }),
    ]);

    // The card's next payment is an activity, announced after the card, and the card is not announced again.
    const next = await pay(pos.token, { locationId: activeLocationId, memberReference: before.memberReference, goodsAndServicesAmount: 1000 });
    expect(next.loyaltyActivityId).toBeDefined();
    const types = (await loyaltyFeed(loyalty.token, 2)).map((event) => `${event.type}:${event.data.id}`);
    expect(types).toEqual([`NEW_REGISTERED_CARD:${registeredCardId}`, `NEW_LOYALTY_ACTIVITY:${next.loyaltyActivityId}`]);
    await dispatchUntil(dispatcher, () => receiver.requests.length === 2);
    expect(receiver.requests.map((request) => request.event.type)).toEqual(['NEW_REGISTERED_CARD', 'NEW_LOYALTY_ACTIVITY']);
  });

  it('a card linked by a zero-amount authorisation is announced at registration, once', async () => {
    const { loyalty, pos, activeLocationId, receiver, dispatcher } = await loyaltyWithReceiver();
    const authorisation = await pay(pos.token, { locationId: activeLocationId, memberId: null, goodsAndServicesAmount: 0 });
    const registeredCardId = await register(loyalty.token, {
      origin: { memberId: 'linked' },
      locationId: activeLocationId,
      paymentId: authorisation.paymentId,
    });
    // Registering the same card for the same member again changes nothing and announces nothing.
    expect(await register(loyalty.token, { origin: { memberId: 'linked' }, locationId: activeLocationId, paymentId: authorisation.paymentId })).toBe(
      registeredCardId,
    );
    await dispatchUntil(dispatcher, () => receiver.requests.length === 1);
    expect(receiver.requests[0]!.event).toMatchObject({ type: 'NEW_REGISTERED_CARD', data: { id: registeredCardId } });
    expect(receiver.requests[0]!.verifiedWith).toEqual([0]);

    const first = await pay(pos.token, { locationId: activeLocationId, memberId: 'linked', goodsAndServicesAmount: 1000 });
    const types = (await loyaltyFeed(loyalty.token, 2)).map((event) => `${event.type}:${event.data.id}`);
    expect(types).toEqual([`NEW_REGISTERED_CARD:${registeredCardId}`, `NEW_LOYALTY_ACTIVITY:${first.loyaltyActivityId}`]);
  });
});
