import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as orderItem from '@/app/connect/orders/[orderId]/route';
import * as tokenRoute from '@/app/oauth/token/route';
import { connections, webhookEndpoints } from '@/db/schema';
import { resetConfig } from '@/lib/config';
import { createWebhookEndpoint } from '@/lib/events/webhook-endpoints';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { callRoute } from '@/lib/testing/http';
import { createClient } from '@/lib/tenancy/partners';
import { disablePartner, removeConnection, revokeClient, rotateClientSecret } from './clients';

const { db } = useTestDatabase();

const tokenFor = (clientId: string, secret: string) =>
  callRoute(tokenRoute.POST, 'POST', '/oauth/token', {
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-counterpart-remote-address': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  });

describe('client and partner lifecycle', () => {
  beforeEach(() => resetConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', TOKEN_RATE_LIMIT_PER_MINUTE: '10000' }));
  afterEach(() => resetConfig());

  it('rotates a secret with a grace period: both work until it ends; with none the old one stops at once', async () => {
    const { locationIds } = await createMerchantWithLocations(db());
    const app = await createConnectedPartner(db(), 'ORDERING_APP', locationIds);
    const rotated = await rotateClientSecret(db(), app.clientId, 24);
    expect(rotated.previousSecretExpiresAt).not.toBeNull();
    expect((await tokenFor(app.clientId, app.clientSecret!)).status).toBe(200);
    expect((await tokenFor(app.clientId, rotated.client_secret)).status).toBe(200);
    // After the grace period the old secret is refused.
    const later = await rotateClientSecret(db(), app.clientId, 1, new Date(Date.now() - 2 * 3_600_000));
    expect((await tokenFor(app.clientId, rotated.client_secret)).status).toBe(401);
    expect((await tokenFor(app.clientId, later.client_secret)).status).toBe(200);
    const immediate = await rotateClientSecret(db(), app.clientId, 0);
    expect((await tokenFor(app.clientId, later.client_secret)).status).toBe(401);
    expect((await tokenFor(app.clientId, immediate.client_secret)).status).toBe(200);
  });

  it('revokes a client: no new token, and the tokens it holds stop working', async () => {
    const { locationIds } = await createMerchantWithLocations(db());
    const app = await createConnectedPartner(db(), 'ORDERING_APP', locationIds);
    expect((await callRoute(orderItem.GET, 'GET', '/connect/orders/x', { token: app.token, params: { orderId: 'x' } })).status).toBe(404);
    const revoked = await revokeClient(db(), app.clientId);
    expect(revoked.revokedGrants).toBeGreaterThan(0);
    expect((await tokenFor(app.clientId, app.clientSecret!)).status).toBe(401);
    expect((await callRoute(orderItem.GET, 'GET', '/connect/orders/x', { token: app.token, params: { orderId: 'x' } })).status).toBe(401);
  });

  it('disables a partner: clients revoked, endpoints disabled, no new client', async () => {
    const { locationIds } = await createMerchantWithLocations(db());
    const app = await createConnectedPartner(db(), 'BOOKING_APP', locationIds);
    const endpoint = await createWebhookEndpoint(db(), app.partnerId, { url: 'http://127.0.0.1:9/hooks' });
    expect(await disablePartner(db(), app.partnerId)).toMatchObject({ revokedClients: 1 });
    expect((await tokenFor(app.clientId, app.clientSecret!)).status).toBe(401);
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.disabledAt).not.toBeNull();
    await expect(createClient(db(), app.partnerId)).rejects.toMatchObject({ status: 409 });
  });

  it('removes a connection, and a second removal is a 404', async () => {
    const { locationIds } = await createMerchantWithLocations(db());
    const app = await createConnectedPartner(db(), 'ORDERING_APP', locationIds);
    await removeConnection(db(), app.partnerId, locationIds[0]!);
    expect(await db().select().from(connections).where(eq(connections.partnerId, app.partnerId))).toEqual([]);
    await expect(removeConnection(db(), app.partnerId, locationIds[0]!)).rejects.toMatchObject({ status: 404 });
  });
});
