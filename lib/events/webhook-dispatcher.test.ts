import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { events, webhookDeliveries } from '@/db/schema';
import { resetConfig } from '@/lib/config';
import { startLoops } from '@/lib/background/runner';
import { logger } from '@/lib/log';
import { useTestDatabase } from '@/lib/testing/database';
import { getDelivery } from './delivery-log';
import { EVENTS_CHANNEL, emitEvent, parseEventNotice, type PublicEvent } from './outbox';
import { replayDelivery, replayFailedDeliveries } from './replay';
import { dispatchUntil, emitOrderEvent, sleep, webhookSubscriber } from '@/lib/testing/event-fixtures';
import { startWebhookReceiver, type Behaviour } from '@/lib/testing/webhook-receiver';
import { createWebhookDispatcher } from './webhook-dispatcher';
import { createWebhookEndpoint, rotateWebhookSecret } from './webhook-endpoints';

const database = useTestDatabase();
const configure = (overrides: Record<string, string> = {}) =>
  resetConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_SCHEDULE: '0,0,1', WEBHOOK_TIMEOUT_MS: '2000', ...overrides });

const receivers: { close(): Promise<void> }[] = [];
async function setup(behaviour: Behaviour = () => 200) {
  const secrets: string[] = [];
  const receiver = await startWebhookReceiver(() => secrets, behaviour);
  receivers.push(receiver);
  const subscriber = await webhookSubscriber(database.db(), receiver.url);
  secrets.push(subscriber.endpoint.secret);
  return { receiver, secrets, ...subscriber, dispatcher: createWebhookDispatcher(database.handle(), { batchSize: 50 }) };
}

const deliveriesOf = (endpointId: string) => database.db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

beforeAll(() => configure());
afterEach(() => configure());
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  resetConfig();
});

describe('webhook delivery', () => {
  it('POSTs the exact event JSON with Standard Webhooks headers that the standardwebhooks package verifies', async () => {
    const { receiver, dispatcher, locationId, partnerId } = await setup();
    const event = await emitOrderEvent(database.db(), { locationId, partnerId, orderId: 'order-1', version: 1 });
    await dispatchUntil(dispatcher, () => receiver.requests.length === 1);
    const [request] = receiver.requests;
    expect(request!.verifiedWith).toEqual([0]);
    expect(request!.webhookId).toBe(event.id);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toBe(JSON.stringify(event));
  });

  it('retries 500s on the schedule with the same webhook-id, delivers every event and keeps per-resource order', async () => {
    const { receiver, dispatcher, locationId, partnerId, endpoint } = await setup((_request, index) => (index < 4 ? 500 : 200));
    const emitted: PublicEvent[] = [];
    for (const [orderId, version] of [
      ['a', 1],
      ['b', 1],
      ['a', 2],
      ['b', 2],
      ['a', 3],
    ] as const) {
      emitted.push(await emitOrderEvent(database.db(), { locationId, partnerId, orderId, version }));
    }
    const succeeded = () => new Set(receiver.requests.filter((request) => request.answered === 200).map((request) => request.webhookId));
    await dispatchUntil(dispatcher, () => succeeded().size === emitted.length);

    expect(succeeded()).toEqual(new Set(emitted.map((event) => event.id)));
    for (const request of receiver.requests) {
      expect(request.verifiedWith).toEqual([0]);
      expect(request.webhookId).toBe(request.event.id);
    }
    // Per resource: version n+1 is never even attempted before version n succeeded.
    const lastSucceeded = new Map<string, number>();
    for (const request of receiver.requests) {
      const resource = request.event.data.id;
      expect(request.event.data.version).toBe((lastSucceeded.get(resource) ?? 0) + 1);
      if (request.answered === 200) lastSucceeded.set(resource, request.event.data.version);
    }
    const first = (await deliveriesOf(endpoint.id)).find((delivery) => delivery.eventId === emitted[0]!.id)!;
    const view = await getDelivery(database.db(), first.id);
    expect(view.status).toBe('SUCCEEDED');
    expect(view.attempts.map((attempt) => attempt.statusCode)).toEqual([500, 500, 200]);
    expect(view.attempts[0]!.responseSnippet).toBe('receiver says no');
    expect(receiver.requests.filter((request) => request.webhookId === emitted[0]!.id)).toHaveLength(3);
  });

  it("the loop sends each of a resource's events as soon as its predecessor is recorded, not at the next idle look", async () => {
    const { receiver, locationId, partnerId } = await setup();
    for (const version of [1, 2, 3]) await emitOrderEvent(database.db(), { locationId, partnerId, orderId: 'in-a-row', version });
    // Three versions of one resource go out one at a time. Waiting for the idle look between them would take 6 s.
    const idleWaitMs = 3000;
    const loops = startLoops([createWebhookDispatcher(database.handle(), { batchSize: 50, idleWaitMs }).loop], logger());
    const started = Date.now();
    try {
      const sent = () => receiver.requests.filter((request) => request.event.data.id === 'in-a-row');
      while (sent().length < 3 && Date.now() - started < idleWaitMs) await sleep(10);
      expect(sent().map((request) => request.event.data.version)).toEqual([1, 2, 3]);
    } finally {
      await loops.stop();
    }
  });

  it('the loop sends each retry when WEBHOOK_RETRY_SCHEDULE says, not at its next idle look', async () => {
    const schedule = [1, 1, 2];
    configure({ WEBHOOK_RETRY_SCHEDULE: schedule.join(',') });
    const { receiver, endpoint, locationId, partnerId } = await setup(() => 500);
    const loops = startLoops([createWebhookDispatcher(database.handle(), { batchSize: 50 }).loop], logger());
    try {
      await emitOrderEvent(database.db(), { locationId, partnerId, orderId: 'failing', version: 1 });
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && (await deliveriesOf(endpoint.id))[0]?.status !== 'FAILED') await sleep(20);
    } finally {
      await loops.stop();
    }
    expect(receiver.requests).toHaveLength(schedule.length + 1);
    const gaps = receiver.requests.slice(1).map((request, index) => request.receivedAt - receiver.requests[index]!.receivedAt);
    // The schedule plus its jitter (up to 10 %), and 250 ms for sending and recording the attempt.
    gaps.forEach((gap, index) => {
      expect(gap).toBeGreaterThanOrEqual(schedule[index]! * 1000);
      expect(gap).toBeLessThanOrEqual(schedule[index]! * 1100 + 250);
    });
  });

  it('does not hold back other resources while one resource waits for its retry', async () => {
    configure({ WEBHOOK_RETRY_SCHEDULE: '60' });
    const { receiver, dispatcher, locationId, partnerId, endpoint } = await setup((request) => (request.event.data.id === 'stuck' ? 500 : 200));
    await emitOrderEvent(database.db(), { locationId, partnerId, orderId: 'stuck', version: 1 });
    await emitOrderEvent(database.db(), { locationId, partnerId, orderId: 'stuck', version: 2 });
    await emitOrderEvent(database.db(), { locationId, partnerId, orderId: 'free', version: 1 });
    await emitOrderEvent(database.db(), { locationId, partnerId, orderId: 'free', version: 2 });
    await dispatchUntil(dispatcher, () => receiver.requests.filter((request) => request.event.data.id === 'free').length === 2);
    expect(receiver.requests.filter((request) => request.event.data.id === 'stuck').map((request) => request.event.data.version)).toEqual([1]);
    const pending = (await deliveriesOf(endpoint.id)).filter((delivery) => delivery.status === 'PENDING');
    expect(pending).toHaveLength(2);
  });

  it('retries a receiver that never answers (timeout), marks the delivery FAILED after the schedule, and replays it', async () => {
    configure({ WEBHOOK_TIMEOUT_MS: '200', WEBHOOK_RETRY_SCHEDULE: '0,0' });
    let answer: 'hang' | 200 = 'hang';
    const { receiver, dispatcher, locationId, partnerId, endpoint } = await setup(() => answer);
    const event = await emitOrderEvent(database.db(), { locationId, partnerId, orderId: 'slow', version: 1 });
    const [delivery] = await deliveriesOf(endpoint.id);
    await dispatchUntil(dispatcher, async () => (await getDelivery(database.db(), delivery!.id)).status === 'FAILED');
    const failed = await getDelivery(database.db(), delivery!.id);
    expect(failed.attempts).toHaveLength(3);
    for (const attempt of failed.attempts) {
      expect(attempt.error).toMatch(/timed out after 200 ms/);
      expect(attempt.latencyMs).toBeGreaterThanOrEqual(190);
    }
    expect(receiver.requests).toHaveLength(3);

    answer = 200;
    await replayDelivery(database.db(), delivery!.id);
    await dispatchUntil(dispatcher, async () => (await getDelivery(database.db(), delivery!.id)).status === 'SUCCEEDED');
    expect(receiver.requests.at(-1)!.webhookId).toBe(event.id);
    expect((await getDelivery(database.db(), delivery!.id)).attempts).toHaveLength(4);
  });

  it('retries a receiver that answers garbage, then fails it for good; endpoint replay sends failed deliveries since a time', async () => {
    configure({ WEBHOOK_RETRY_SCHEDULE: '0' });
    let answer: 'garbage' | 200 = 'garbage';
    const { receiver, dispatcher, locationId, partnerId, endpoint } = await setup(() => answer);
    const before = new Date(Date.now() - 1000);
    await emitOrderEvent(database.db(), { locationId, partnerId, orderId: 'g1', version: 1 });
    await emitOrderEvent(database.db(), { locationId, partnerId, orderId: 'g2', version: 1 });
    await dispatchUntil(dispatcher, async () => (await deliveriesOf(endpoint.id)).every((delivery) => delivery.status === 'FAILED'));
    const failed = await getDelivery(database.db(), (await deliveriesOf(endpoint.id))[0]!.id);
    expect(failed.attempts).toHaveLength(2);
    expect(failed.attempts[0]!.statusCode).toBeNull();
    expect(failed.attempts[0]!.error).toBeTruthy();

    answer = 200;
    const replay = await replayFailedDeliveries(database.db(), endpoint.id, before);
    expect(replay.replayed).toBe(2);
    await dispatchUntil(dispatcher, async () => (await deliveriesOf(endpoint.id)).every((delivery) => delivery.status === 'SUCCEEDED'));
    expect(receiver.requests.filter((request) => request.answered === 200)).toHaveLength(2);
    expect((await replayFailedDeliveries(database.db(), endpoint.id, before)).replayed).toBe(0);
  });

  it('signs with both the new and the previous secret for a day after rotation', async () => {
    const { receiver, dispatcher, locationId, partnerId, endpoint, secrets } = await setup();
    const rotated = await rotateWebhookSecret(database.db(), endpoint.id);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(endpoint.secret);
    secrets.push(rotated.secret);
    await emitOrderEvent(database.db(), { locationId, partnerId, orderId: 'rot', version: 1 });
    await dispatchUntil(dispatcher, () => receiver.requests.length === 1);
    expect(receiver.requests[0]!.verifiedWith).toEqual([0, 1]);
    expect(receiver.requests[0]!.headers['webhook-signature']!.split(' ')).toHaveLength(2);

    await database.db().execute(sql`update webhook_endpoints set previous_secret_expires_at = now() - interval '1 second' where id = ${endpoint.id}`);
    await emitOrderEvent(database.db(), { locationId, partnerId, orderId: 'rot', version: 2 });
    await dispatchUntil(dispatcher, () => receiver.requests.length === 2);
    expect(receiver.requests[1]!.verifiedWith).toEqual([1]);
  });

  it('refuses, at delivery time, a target that resolves to a private address once private targets are not allowed', async () => {
    const { receiver, dispatcher, locationId, partnerId, endpoint } = await setup();
    configure({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false', WEBHOOK_RETRY_SCHEDULE: '0' });
    await emitOrderEvent(database.db(), { locationId, partnerId, orderId: 'ssrf', version: 1 });
    await dispatchUntil(dispatcher, async () => (await deliveriesOf(endpoint.id)).every((delivery) => delivery.status === 'FAILED'));
    const [delivery] = await deliveriesOf(endpoint.id);
    const view = await getDelivery(database.db(), delivery!.id);
    expect(view.attempts[0]!.error).toMatch(/loopback, private or link-local/);
    expect(receiver.requests).toHaveLength(0);
  });
});

describe('outbox', () => {
  it('emits nothing for a transaction that rolls back', async () => {
    const { locationId, partnerId, endpoint } = await setup();
    const notified: string[] = [];
    const unlisten = await database.handle().listen(EVENTS_CHANNEL, (payload) => notified.push(payload));
    await expect(
      database.db().transaction(async (tx) => {
        await emitEvent(tx, {
          type: 'ORDER_CREATED',
          locationId,
          resource: 'order',
          resourceId: 'rolled-back',
          version: 1,
          actorPartnerId: null,
          audience: { partnerIds: [partnerId] },
        });
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    await sleep(150);
    await unlisten();
    expect(notified).toEqual([]);
    expect(await database.db().select().from(events).where(eq(events.resourceId, 'rolled-back'))).toEqual([]);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
  });

  it('NOTIFYs after commit, and leaves the acting partner out of the recipients', async () => {
    const { locationId, partnerId, endpoint } = await setup();
    const notified: string[] = [];
    const unlisten = await database.handle().listen(EVENTS_CHANNEL, (payload) => notified.push(payload));
    const event = await database.db().transaction((tx) =>
      emitEvent(tx, {
        type: 'ORDER_CREATED',
        locationId,
        resource: 'order',
        resourceId: 'by-actor',
        version: 1,
        actorPartnerId: partnerId,
        audience: { partnerIds: [partnerId] },
      }),
    );
    for (let i = 0; i < 40 && !notified.length; i++) await sleep(25);
    await unlisten();
    expect(notified.map((payload) => JSON.parse(payload))).toEqual([{ eventId: event.id, locationId, deliveries: 0 }]);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
  });

  it('reads a notice: an event names itself, its location and whether it queued deliveries; a replay or an unreadable one may have', () => {
    expect(parseEventNotice('{"eventId":"evt_1","locationId":null,"deliveries":0}')).toEqual({ eventId: 'evt_1', locationId: null, mayHaveDeliveries: false });
    expect(parseEventNotice('{"eventId":"evt_2","locationId":"loc","deliveries":3}')).toEqual({ eventId: 'evt_2', locationId: 'loc', mayHaveDeliveries: true });
    expect(parseEventNotice('{"replay":true}')).toEqual({ eventId: undefined, locationId: null, mayHaveDeliveries: true });
    expect(parseEventNotice('not json')).toEqual({ locationId: null, mayHaveDeliveries: true });
  });

  it('says in the NOTIFY how many deliveries the event queued, one per subscribed endpoint of each recipient', async () => {
    const { locationId, partnerId, endpoint } = await setup();
    const second = await createWebhookEndpoint(database.db(), partnerId, { url: 'http://127.0.0.1:9/second' });
    await createWebhookEndpoint(database.db(), partnerId, { url: 'http://127.0.0.1:9/tables-only', eventTypes: ['NEW_TABLE'] });
    const notified: string[] = [];
    const unlisten = await database.handle().listen(EVENTS_CHANNEL, (payload) => notified.push(payload));
    const event = await emitOrderEvent(database.db(), { locationId, partnerId, orderId: 'two-endpoints', version: 1 });
    for (let i = 0; i < 40 && !notified.length; i++) await sleep(25);
    await unlisten();
    expect(notified.map((payload) => JSON.parse(payload))).toEqual([{ eventId: event.id, locationId, deliveries: 2 }]);
    const queued = await database.db().select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event.id));
    expect(queued.map((delivery) => delivery.endpointId).sort()).toEqual([endpoint.id, second.id].sort());
    expect(queued.every((delivery) => delivery.status === 'PENDING' && delivery.resourceKey === 'order:two-endpoints')).toBe(true);
  });

  it("queues a delivery for every endpoint of a recipient with many, each with its own id and the event's seq", async () => {
    const { locationId, partnerId, endpoint } = await setup();
    const more = [];
    for (let i = 0; i < 6; i++) more.push(await createWebhookEndpoint(database.db(), partnerId, { url: `http://127.0.0.1:9/many-${i}` }));
    const event = await emitOrderEvent(database.db(), { locationId, partnerId, orderId: 'seven-endpoints', version: 1 });
    const queued = await database.db().select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event.id));
    expect(queued.map((delivery) => delivery.endpointId).sort()).toEqual([endpoint.id, ...more.map((added) => added.id)].sort());
    expect(new Set(queued.map((delivery) => delivery.id)).size).toBe(7);
    expect(queued.every((delivery) => delivery.id.startsWith('dlv_') && delivery.attemptCount === 0 && delivery.status === 'PENDING')).toBe(true);
    const [stored] = await database.db().select({ seq: events.seq }).from(events).where(eq(events.id, event.id));
    expect(new Set(queued.map((delivery) => Number(delivery.eventSeq)))).toEqual(new Set([Number(stored!.seq)]));
  });
});
