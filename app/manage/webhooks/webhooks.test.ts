import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '@/db/schema';
import { resetConfig } from '@/lib/config';
import { emitOrderEvent } from '@/lib/testing/event-fixtures';
import { useTestDatabase } from '@/lib/testing/database';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { callRoute } from '@/lib/testing/http';
import { createConnection, createPartner } from '@/lib/tenancy/partners';
import { POST as createEndpoint } from '../partners/[partnerId]/webhooks/route';
import { GET as getDelivery } from '../deliveries/[deliveryId]/route';
import { POST as replayDelivery } from '../deliveries/[deliveryId]/replay/route';
import { POST as replayEndpoint } from './[endpointId]/replay/route';
import { POST as rotateSecret } from './[endpointId]/rotate-secret/route';

const database = useTestDatabase();
const ADMIN_API_KEY = 'test-admin-key-0123456789';
const headers = { authorization: `Bearer ${ADMIN_API_KEY}` };

beforeAll(() => {
  resetConfig({ ADMIN_API_KEY, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
});
afterAll(() => {
  resetConfig();
});

async function partnerWithLocation() {
  const { locationIds } = await createMerchantWithLocations(database.db(), 1);
  const partner = await createPartner(database.db(), { name: 'Hook App', type: 'ORDERING_APP' });
  await createConnection(database.db(), partner.id, { locationId: locationIds[0]! });
  return { partnerId: partner.id, locationId: locationIds[0]! };
}

describe('POST /manage/partners/{partnerId}/webhooks (SSRF guard)', () => {
  it.each(['http://127.0.0.1/hook', 'http://10.0.0.7/hook', 'http://169.254.169.254/latest', 'http://[::1]/hook', 'http://localhost:3000/hook'])(
    'refuses %s with a 400 problem naming the url',
    async (url) => {
      const { partnerId } = await partnerWithLocation();
      const response = await callRoute(createEndpoint, 'POST', `/manage/partners/${partnerId}/webhooks`, { headers, params: { partnerId }, body: { url } });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      const problem = await response.json();
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(problem.errors).toEqual([expect.objectContaining({ segment: 'body', path: 'url' })]);
    },
  );

  it('creates a public endpoint and shows its whsec_ secret once', async () => {
    const { partnerId } = await partnerWithLocation();
    const response = await callRoute(createEndpoint, 'POST', `/manage/partners/${partnerId}/webhooks`, {
      headers,
      params: { partnerId },
      body: { url: 'https://93.184.216.34/hook' },
    });
    expect(response.status).toBe(201);
    expect((await response.json()).secret).toMatch(/^whsec_/);
  });
});

describe('rotate-secret and replay', () => {
  it('rotates the secret, and replays one delivery or every failed one since a time', async () => {
    const { partnerId, locationId } = await partnerWithLocation();
    const created = await (
      await callRoute(createEndpoint, 'POST', `/manage/partners/${partnerId}/webhooks`, {
        headers,
        params: { partnerId },
        body: { url: 'https://93.184.216.34/hook' },
      })
    ).json();

    const rotated = await callRoute(rotateSecret, 'POST', `/manage/webhooks/${created.id}/rotate-secret`, { headers, params: { endpointId: created.id } });
    expect(rotated.status).toBe(200);
    const rotation = await rotated.json();
    expect(rotation.secret).toMatch(/^whsec_/);
    expect(rotation.secret).not.toBe(created.secret);
    expect(Date.parse(rotation.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    await emitOrderEvent(database.db(), { locationId, partnerId, orderId: 'replayed', version: 1 });
    const [delivery] = await database.db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, created.id));
    await database.db().update(webhookDeliveries).set({ status: 'FAILED', attemptCount: 11 }).where(eq(webhookDeliveries.id, delivery!.id));

    const one = await callRoute(replayDelivery, 'POST', `/manage/deliveries/${delivery!.id}/replay`, { headers, params: { deliveryId: delivery!.id } });
    expect(one.status).toBe(202);
    expect(await one.json()).toMatchObject({ id: delivery!.id, status: 'PENDING', attemptCount: 0 });

    await database.db().update(webhookDeliveries).set({ status: 'FAILED' }).where(eq(webhookDeliveries.id, delivery!.id));
    const since = new Date(Date.now() - 60_000).toISOString();
    const all = await callRoute(replayEndpoint, 'POST', `/manage/webhooks/${created.id}/replay`, {
      headers,
      params: { endpointId: created.id },
      body: { since },
    });
    expect(all.status).toBe(202);
    expect(await all.json()).toMatchObject({ replayed: 1, deliveryIds: [delivery!.id] });

    const fetched = await callRoute(getDelivery, 'GET', `/manage/deliveries/${delivery!.id}`, { headers, params: { deliveryId: delivery!.id } });
    expect(await fetched.json()).toMatchObject({ status: 'PENDING', eventType: 'ORDER_CREATED', partnerId });
  });

  it('answers 404 for unknown endpoints and deliveries, 400 for a missing since, 401 without the key', async () => {
    expect((await callRoute(rotateSecret, 'POST', '/manage/webhooks/nope/rotate-secret', { headers, params: { endpointId: 'nope' } })).status).toBe(404);
    expect((await callRoute(replayDelivery, 'POST', '/manage/deliveries/nope/replay', { headers, params: { deliveryId: 'nope' } })).status).toBe(404);
    const missingSince = await callRoute(replayEndpoint, 'POST', '/manage/webhooks/nope/replay', { headers, params: { endpointId: 'nope' }, body: {} });
    expect(missingSince.status).toBe(400);
    expect((await missingSince.json()).errors[0]).toMatchObject({ segment: 'body', path: 'since' });
    expect((await callRoute(rotateSecret, 'POST', '/manage/webhooks/nope/rotate-secret', { params: { endpointId: 'nope' } })).status).toBe(401);
  });
});
