import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { resetConfig } from '@/lib/config';
import { webhookHeaders } from '@/lib/events/webhook-signature';
import { newId } from '@/lib/ids';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { listAudit } from './audit';
import { createDemoSinkEndpoint, isDemoSinkTarget, receiveAtSink } from './demo-sink';
import { countFailedSince, disableLongFailingEndpoints, endpointHealth, replayFailedSince, updateEndpoint } from './endpoint-health';

const { db } = useTestDatabase();
const DAY = 86_400_000;

async function endpointWithAttempts(outcomes: { at: Date; statusCode: number | null; status: 'FAILED' | 'SUCCEEDED' | 'PENDING'; error?: string }[]) {
  const { locationIds } = await createMerchantWithLocations(db());
  const partner = await createConnectedPartner(db(), 'ORDERING_APP', locationIds);
  const endpoint = await createDemoSinkEndpoint(db(), partner.partnerId, `test-${newId()}`);
  for (const outcome of outcomes) {
    const eventId = `evt_${newId()}`;
    const [event] = await db()
      .insert(events)
      .values({ id: eventId, type: 'ORDER_CREATED', resource: 'order', resourceId: newId(), resourceVersion: 1, payload: {} })
      .returning();
    const deliveryId = newId();
    await db()
      .insert(webhookDeliveries)
      .values({
        id: deliveryId,
        eventId,
        eventSeq: event!.seq,
        eventType: 'ORDER_CREATED',
        endpointId: endpoint.id,
        partnerId: partner.partnerId,
        resourceKey: `order:${eventId}`,
        status: outcome.status,
        attemptCount: 1,
        createdAt: outcome.at,
        completedAt: outcome.status === 'PENDING' ? null : outcome.at,
      });
    await db()
      .insert(webhookAttempts)
      .values({
        id: newId(),
        deliveryId,
        endpointId: endpoint.id,
        attemptedAt: outcome.at,
        statusCode: outcome.statusCode,
        latencyMs: 12,
        error: outcome.error ?? null,
        responseSnippet: 'x',
      });
  }
  return { endpoint, partner };
}

describe('delivery forensics', () => {
  afterEach(() => resetConfig());

  it('flags an endpoint failing since its last success and disables it after WEBHOOK_DISABLE_AFTER_DAYS, with an audit entry', async () => {
    resetConfig({ WEBHOOK_DISABLE_AFTER_DAYS: '5' });
    const now = Date.now();
    const { endpoint } = await endpointWithAttempts([
      { at: new Date(now - 8 * DAY), statusCode: 200, status: 'SUCCEEDED' },
      { at: new Date(now - 6 * DAY), statusCode: 500, status: 'FAILED' },
      { at: new Date(now - 1 * DAY), statusCode: 503, status: 'FAILED' },
    ]);
    const recovering = await endpointWithAttempts([
      { at: new Date(now - 7 * DAY), statusCode: 500, status: 'FAILED' },
      { at: new Date(now - 2 * DAY), statusCode: 204, status: 'SUCCEEDED' },
    ]);
    const [health] = await endpointHealth(db(), { endpointId: endpoint.id });
    expect(health).toMatchObject({ failed: 2, pending: 0 });
    expect(health!.failingSince!.getTime()).toBe(now - 6 * DAY);
    expect((await endpointHealth(db(), { endpointId: recovering.endpoint.id }))[0]!.failingSince).toBeNull();

    expect(await disableLongFailingEndpoints(db(), new Date(now))).toEqual([endpoint.id]);
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.disabledAt).not.toBeNull();
    const [entry] = await listAudit(db(), { targetId: endpoint.id });
    expect(entry).toMatchObject({ actorType: 'system', action: 'webhook-endpoint.disable', before: { disabledAt: null } });
  });

  it("counts an endpoint's attempts of the last 24 hours by outcome, whatever became of their deliveries", async () => {
    const now = Date.now();
    const hour = DAY / 24;
    const { endpoint } = await endpointWithAttempts([
      { at: new Date(now - 2 * hour), statusCode: 204, status: 'SUCCEEDED' },
      // Succeeded, then replayed: the delivery is pending again, its attempt still happened.
      { at: new Date(now - 3 * hour), statusCode: 200, status: 'PENDING' },
      { at: new Date(now - 4 * hour), statusCode: 503, status: 'PENDING' },
      { at: new Date(now - 5 * hour), statusCode: null, status: 'FAILED', error: 'connect ECONNREFUSED' },
      // A 2xx whose body could not be read is no success.
      { at: new Date(now - 6 * hour), statusCode: 200, status: 'FAILED', error: 'response body timed out' },
      { at: new Date(now - 25 * hour), statusCode: 204, status: 'SUCCEEDED' },
      { at: new Date(now - 30 * hour), statusCode: 500, status: 'FAILED' },
    ]);
    const other = await endpointWithAttempts([{ at: new Date(now - hour), statusCode: 500, status: 'FAILED' }]);
    const [health] = await endpointHealth(db(), { endpointId: endpoint.id });
    expect(health).toMatchObject({ succeeded24h: 2, failed24h: 3, pending: 2, failed: 3 });
    expect((await endpointHealth(db(), { endpointId: other.endpoint.id }))[0]).toMatchObject({ succeeded24h: 0, failed24h: 1 });
  });

  it('counts the failed deliveries a bulk replay would send, then replays them with an audit entry', async () => {
    const now = Date.now();
    const { endpoint } = await endpointWithAttempts([
      { at: new Date(now - 3 * DAY), statusCode: 500, status: 'FAILED' },
      { at: new Date(now - 1 * DAY), statusCode: 500, status: 'FAILED' },
      { at: new Date(now - 1 * DAY), statusCode: 200, status: 'SUCCEEDED' },
    ]);
    const since = new Date(now - 2 * DAY);
    expect(await countFailedSince(db(), endpoint.id, since)).toBe(1);
    const result = await replayFailedSince(db(), { type: 'user', id: 'u1', label: 'ops@example.test' }, endpoint.id, since);
    expect(result.replayed).toBe(1);
    expect(await countFailedSince(db(), endpoint.id, since)).toBe(0);
    expect((await listAudit(db(), { action: 'replay-failed', targetId: endpoint.id }))[0]).toMatchObject({
      actorLabel: 'ops@example.test',
      after: { replayed: 1 },
    });
  });
});

describe('editing an endpoint', () => {
  afterEach(() => resetConfig());

  it('changes URL and event types with the SSRF rule of registration, audited before and after', async () => {
    resetConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
    const { endpoint } = await endpointWithAttempts([]);
    const actor = { type: 'user' as const, id: 'u2', label: 'ops@example.test' };
    await expect(updateEndpoint(db(), actor, endpoint.id, { url: 'http://10.0.0.5/hooks' })).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'url', message: expect.stringMatching(/^webhook target refused: 10\.0\.0\.5 is not a public address/) }],
    });
    await updateEndpoint(db(), actor, endpoint.id, { url: 'https://93.184.215.14/hooks', eventTypes: ['ORDER_CREATED'] });
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ url: 'https://93.184.215.14/hooks', eventTypes: ['ORDER_CREATED'] });
    const [entry] = await listAudit(db(), { action: 'webhook-endpoint.update', targetId: endpoint.id });
    expect(entry).toMatchObject({
      before: { url: endpoint.url, eventTypes: null },
      after: { url: 'https://93.184.215.14/hooks', eventTypes: ['ORDER_CREATED'] },
    });
  });
});

describe('demo webhook sink', () => {
  afterEach(() => resetConfig());

  it('is a delivery target only while SEED_DEMO is on, only at its exact loopback URL', () => {
    resetConfig({ SEED_DEMO: 'true', PORT: '3000' });
    expect(isDemoSinkTarget(new URL('http://127.0.0.1:3000/demo/webhook-sink/pos'))).toBe(true);
    expect(isDemoSinkTarget(new URL('http://127.0.0.1:3000/demo/webhook-sink/pos/../../manage'))).toBe(false);
    expect(isDemoSinkTarget(new URL('http://127.0.0.1:3001/demo/webhook-sink/pos'))).toBe(false);
    expect(isDemoSinkTarget(new URL('http://127.0.0.1:3000/manage/partners'))).toBe(false);
    expect(isDemoSinkTarget(new URL('http://localhost:3000/demo/webhook-sink/pos'))).toBe(false);
    resetConfig({ SEED_DEMO: 'false', PORT: '3000' });
    expect(isDemoSinkTarget(new URL('http://127.0.0.1:3000/demo/webhook-sink/pos'))).toBe(false);
  });

  it('verifies a delivery signed with its endpoint secret and refuses a forged one', async () => {
    const { locationIds } = await createMerchantWithLocations(db());
    const partner = await createConnectedPartner(db(), 'BOOKING_APP', locationIds);
    const sink = `verify-${newId()}`;
    const endpoint = await createDemoSinkEndpoint(db(), partner.partnerId, sink);
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    const body = JSON.stringify({ id: 'evt_1', type: 'BOOKING_CREATED' });
    const headers = new Headers(
      webhookHeaders('evt_1', body, { endpointId: row!.id, secret: row!.secret, previousSecret: null, previousSecretExpiresAt: null }),
    );
    expect(await receiveAtSink(db(), sink, headers, body)).toMatchObject({
      verified: true,
      endpointId: endpoint.id,
      type: 'BOOKING_CREATED',
      webhookId: 'evt_1',
    });
    expect((await receiveAtSink(db(), sink, headers, body.replace('BOOKING', 'ORDER'))).verified).toBe(false);
  });
});

describe('demo sink callers', () => {
  it('answers loopback peers only, and nothing that came through a proxy', async () => {
    const { fromLoopback } = await import('@/lib/http/loopback');
    const request = (headers: Record<string, string>) => new Request('http://localhost/demo/webhook-sink/pos', { headers });
    expect(fromLoopback(request({ 'x-counterpart-remote-address': '127.0.0.1' }))).toBe(true);
    expect(fromLoopback(request({ 'x-counterpart-remote-address': '::1' }))).toBe(true);
    expect(fromLoopback(request({ 'x-counterpart-remote-address': '::ffff:127.0.0.1' }))).toBe(true);
    expect(fromLoopback(request({ 'x-counterpart-remote-address': '203.0.113.9' }))).toBe(false);
    // Next adds X-Forwarded-For itself; only a proxy declared with TRUST_PROXY makes it count.
    expect(fromLoopback(request({ 'x-counterpart-remote-address': '127.0.0.1', 'x-forwarded-for': '127.0.0.1' }))).toBe(true);
    expect(fromLoopback(request({ 'x-counterpart-remote-address': '127.0.0.1', 'x-real-ip': '203.0.113.9' }))).toBe(false);
    resetConfig({ TRUST_PROXY: '1' });
    expect(fromLoopback(request({ 'x-counterpart-remote-address': '127.0.0.1', 'x-forwarded-for': '203.0.113.9' }))).toBe(false);
    expect(fromLoopback(request({ 'x-counterpart-remote-address': '127.0.0.1', 'x-forwarded-for': '127.0.0.1' }))).toBe(true);
    resetConfig();
    expect(fromLoopback(request({}))).toBe(false);
  });
});
