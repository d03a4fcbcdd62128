import { eq } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections, deviceAuthorizations } from '@/db/schema';
import { approveDevice } from '@/lib/auth/device-approval';
import { resetConfig } from '@/lib/config';
import type { RouteServer } from '@/lib/testing/route-server';
import { useTestDatabase } from '@/lib/testing/database';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { createClient, createConnection, createPartner } from '@/lib/tenancy/partners';
import { createUser } from '@/lib/tenancy/users';
import { startOAuthServer } from '@/app/_testing/oauth';

const { db } = useTestDatabase();
let server: RouteServer;
let merchant: { id: string; userId: string; locationIds: string[] };
let pos: { partnerId: string; clientId: string };
let app: { partnerId: string; clientId: string; clientSecret: string };

const execute = [client.allowInsecureRequests];
const audience = () => `${server.origin}/connect`;

beforeAll(async () => {
  server = await startOAuthServer({ DEVICE_POLL_INTERVAL_SECONDS: '1' });
  const created = await createMerchantWithLocations(db(), 2);
  const user = await createUser(db(), { email: `m-${Date.now()}@example.test`, password: 'correct horse', role: 'MERCHANT', merchantId: created.merchant.id });
  merchant = { id: created.merchant.id, userId: user.id, locationIds: created.locationIds };
  const posPartner = await createPartner(db(), { name: 'Till Co POS', type: 'POS' });
  pos = { partnerId: posPartner.id, clientId: (await createClient(db(), posPartner.id)).client_id };
  const appPartner = await createPartner(db(), { name: 'Order Up', type: 'ORDERING_APP' });
  const appClient = await createClient(db(), appPartner.id);
  await createConnection(db(), appPartner.id, { locationId: merchant.locationIds[1]! });
  app = { partnerId: appPartner.id, clientId: appClient.client_id, clientSecret: appClient.client_secret! };
});

afterAll(async () => {
  await server.close();
  resetConfig();
});

const posConfig = () => client.discovery(new URL(server.origin), pos.clientId, undefined, client.None(), { execute });
const jwks = () => createRemoteJWKSet(new URL(`${server.origin}/.well-known/jwks.json`));
const callLocation = (token: string, locationId: string) =>
  fetch(`${server.origin}/connect/locations/${locationId}`, { headers: { authorization: `Bearer ${token}` } });

async function approveWhenPolled(userCode: string, locationIds: string[]) {
  // Approve only once the device has polled at least once, so the test passes through authorization_pending.
  for (;;) {
    const [row] = await db()
      .select()
      .from(deviceAuthorizations)
      .where(eq(deviceAuthorizations.userCode, userCode.replace('-', '')));
    if (row?.lastPolledAt) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const result = await approveDevice(db(), {
    userCode,
    user: { id: merchant.userId, merchantId: merchant.id },
    source: { userId: merchant.userId, address: '192.0.2.1' },
    locationIds,
  });
  expect(result).toEqual({ ok: true, partnerName: 'Till Co POS' });
}

describe('discovery', () => {
  it('publishes the same metadata at both well-known addresses, naming every endpoint a client needs', async () => {
    const config = await posConfig();
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(server.origin);
    expect(metadata.token_endpoint).toBe(`${server.origin}/oauth/token`);
    expect(metadata.device_authorization_endpoint).toBe(`${server.origin}/oauth/device/code`);
    expect(metadata.revocation_endpoint).toBe(`${server.origin}/oauth/revoke`);
    expect(metadata.jwks_uri).toBe(`${server.origin}/.well-known/jwks.json`);
    expect(metadata.grant_types_supported).toEqual(['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token', 'client_credentials']);
    // OpenID Connect Discovery 1.0 §3: required and non-empty; the device and client-credentials flows issue access tokens.
    expect(metadata.response_types_supported).toEqual(['token']);
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(['client_secret_basic', 'client_secret_post', 'none']);
    expect(metadata.id_token_signing_alg_values_supported).toEqual(['ES256']);
    const rfc8414 = await fetch(`${server.origin}/.well-known/oauth-authorization-server`);
    expect(await rfc8414.json()).toEqual(metadata);
    expect(rfc8414.headers.get('ratelimit-limit')).toBeTruthy();
  });

  it('publishes the signing key as a JWKS', async () => {
    const response = await fetch(`${server.origin}/.well-known/jwks.json`);
    const { keys } = (await response.json()) as { keys: Record<string, string>[] };
    expect(keys.length).toBeGreaterThan(0);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
  });
});

describe('device flow with openid-client', () => {
  it('polls through authorization_pending to tokens once the merchant approves, then refreshes with rotation', async () => {
    const config = await posConfig();
    const authorization = await client.initiateDeviceAuthorization(config, { scope: 'offline_access', audience: audience() });
    expect(authorization.user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    expect(authorization.verification_uri).toBe(`${server.origin}/activate`);
    expect(authorization.verification_uri_complete).toBe(`${server.origin}/activate?user_code=${authorization.user_code}`);
    expect(authorization.interval).toBe(1);
    expect(authorization.expires_in).toBe(900);

    const polling = client.pollDeviceAuthorizationGrant(config, authorization, { audience: audience() });
    await approveWhenPolled(authorization.user_code, [merchant.locationIds[0]!]);
    const tokens = await polling;
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBe(86400);
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, jwks(), { issuer: server.origin, audience: audience() });
    expect(protectedHeader.alg).toBe('ES256');
    expect(protectedHeader.kid).toEqual(expect.any(String));
    expect(payload).toMatchObject({ partner_id: pos.partnerId, partner_type: 'POS', client_id: pos.clientId, locations: [merchant.locationIds[0]] });
    expect(payload.sub).toBe(payload.grant_id);
    // Approval created the POS's connection to the chosen location only.
    const made = await db().select().from(connections).where(eq(connections.partnerId, pos.partnerId));
    expect(made.map((connection) => connection.locationId)).toEqual([merchant.locationIds[0]]);
    expect((await callLocation(tokens.access_token, merchant.locationIds[0]!)).status).toBe(200);

    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.expires_in).toBe(86400);
    const { payload: refreshedPayload } = await jwtVerify(refreshed.access_token, jwks(), { issuer: server.origin, audience: audience() });
    expect(refreshedPayload.grant_id).toBe(payload.grant_id);
    expect(refreshedPayload.locations).toEqual([merchant.locationIds[0]]);
    expect((await callLocation(refreshed.access_token, merchant.locationIds[0]!)).status).toBe(200);

    // The old refresh token is used up; presenting it again is a replay and revokes the whole grant.
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    const afterReuse = await callLocation(refreshed.access_token, merchant.locationIds[0]!);
    expect(afterReuse.status).toBe(401);
    expect(afterReuse.headers.get('www-authenticate')).toContain('invalid_token');
    await expect(client.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('revokes a refresh token (and its grant) and an access token through the revocation endpoint', async () => {
    const config = await posConfig();
    const authorization = await client.initiateDeviceAuthorization(config, { scope: 'offline_access' });
    const polling = client.pollDeviceAuthorizationGrant(config, authorization);
    await approveWhenPolled(authorization.user_code, merchant.locationIds);
    const tokens = await polling;
    const { payload } = await jwtVerify(tokens.access_token, jwks(), { issuer: server.origin, audience: audience() });
    expect(payload.locations).toEqual([...merchant.locationIds].sort());

    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    await client.tokenRevocation(config, refreshed.access_token, { token_type_hint: 'access_token' });
    expect((await callLocation(refreshed.access_token, merchant.locationIds[0]!)).status).toBe(401);
    // Revoking one access token leaves the grant alive.
    const again = await client.refreshTokenGrant(config, refreshed.refresh_token!);
    expect((await callLocation(again.access_token, merchant.locationIds[0]!)).status).toBe(200);

    await client.tokenRevocation(config, again.refresh_token!);
    expect((await callLocation(again.access_token, merchant.locationIds[0]!)).status).toBe(401);
    await expect(client.refreshTokenGrant(config, again.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });

    // RFC 7009 §2.2: an unknown token is answered 200 as well.
    await expect(client.tokenRevocation(config, 'not-a-token-we-issued')).resolves.toBeUndefined();
  });
});

describe('client credentials with openid-client', () => {
  it.each([
    ['client_secret_basic', () => client.ClientSecretBasic(app.clientSecret)],
    ['client_secret_post', () => client.ClientSecretPost(app.clientSecret)],
  ])('issues an app a 12 hour token naming its connected locations (%s)', async (_method, auth) => {
    const config = await client.discovery(new URL(server.origin), app.clientId, undefined, auth(), { execute });
    const tokens = await client.clientCredentialsGrant(config);
    expect(tokens.expires_in).toBe(43200);
    expect(tokens.refresh_token).toBeUndefined();
    const { payload } = await jwtVerify(tokens.access_token, jwks(), { issuer: server.origin, audience: audience() });
    expect(payload).toMatchObject({ partner_id: app.partnerId, partner_type: 'ORDERING_APP', locations: [merchant.locationIds[1]] });
    expect(payload.exp! - payload.iat!).toBe(43200);

    await client.tokenRevocation(config, tokens.access_token);
    expect((await callLocation(tokens.access_token, merchant.locationIds[1]!)).status).toBe(401);
  });

  it('refuses a wrong client secret with invalid_client', async () => {
    const config = await client.discovery(new URL(server.origin), app.clientId, undefined, client.ClientSecretPost('wrong'), { execute });
    await expect(client.clientCredentialsGrant(config)).rejects.toMatchObject({ error: 'invalid_client', status: 401 });
  });
});
