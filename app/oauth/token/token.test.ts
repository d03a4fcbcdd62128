import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAuthorizations, grants, refreshTokens } from '@/db/schema';
import { approveDevice, denyDevice } from '@/lib/auth/device-approval';
import { resetConfig } from '@/lib/config';
import { secretDigest } from '@/lib/tenancy/secrets';
import type { RouteServer } from '@/lib/testing/route-server';
import { useTestDatabase } from '@/lib/testing/database';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { createClient, createPartner } from '@/lib/tenancy/partners';
import { createUser } from '@/lib/tenancy/users';
import { startOAuthServer } from '@/app/_testing/oauth';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const { db } = useTestDatabase();
let server: RouteServer;
let merchant: { id: string; userId: string; locationId: string };
let posClientId: string;
let app: { clientId: string; clientSecret: string };

beforeAll(async () => {
  server = await startOAuthServer({ DEVICE_POLL_INTERVAL_SECONDS: '1' });
  const created = await createMerchantWithLocations(db(), 1);
  const user = await createUser(db(), { email: `t-${Date.now()}@example.test`, password: 'correct horse', role: 'MERCHANT', merchantId: created.merchant.id });
  merchant = { id: created.merchant.id, userId: user.id, locationId: created.locationIds[0]! };
  posClientId = (await createClient(db(), (await createPartner(db(), { name: 'POS', type: 'POS' })).id)).client_id;
  const appClient = await createClient(db(), (await createPartner(db(), { name: 'Bookings', type: 'BOOKING_APP' })).id);
  app = { clientId: appClient.client_id, clientSecret: appClient.client_secret! };
});

afterAll(async () => {
  await server.close();
  resetConfig();
});

function post(path: string, parameters: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(parameters),
  });
}

async function expectOAuthError(response: Response, error: string, status = 400) {
  const body = (await response.json()) as { error: string; error_description: string };
  expect({ status: response.status, error: body.error }).toEqual({ status, error });
  expect(body.error_description).toEqual(expect.any(String));
  expect(response.headers.get('cache-control')).toBe('no-store');
  return body;
}

async function startDevice(clientId = posClientId) {
  const response = await post('/oauth/device/code', { client_id: clientId, scope: 'offline_access' });
  expect(response.status).toBe(200);
  return (await response.json()) as { device_code: string; user_code: string; interval: number; expires_in: number };
}

const poll = (deviceCode: string, clientId = posClientId) => post('/oauth/token', { grant_type: DEVICE_GRANT, client_id: clientId, device_code: deviceCode });
const storedInterval = async (deviceCode: string) =>
  (
    await db()
      .select()
      .from(deviceAuthorizations)
      .where(eq(deviceAuthorizations.deviceCodeHash, secretDigest(deviceCode)))
  )[0]!.intervalSeconds;
const decision = (userCode: string) => ({
  userCode,
  user: { id: merchant.userId, merchantId: merchant.id },
  source: { userId: merchant.userId, address: '198.51.100.7' },
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('POST /oauth/device/code', () => {
  it('stores the device code only as a digest', async () => {
    const device = await startDevice();
    const rows = await db().select().from(deviceAuthorizations);
    expect(JSON.stringify(rows)).not.toContain(device.device_code);
    expect(rows.some((row) => row.deviceCodeHash === secretDigest(device.device_code))).toBe(true);
  });

  it('refuses apps, unknown clients, unknown audiences and unknown scopes', async () => {
    await expectOAuthError(await post('/oauth/device/code', { client_id: app.clientId, client_secret: app.clientSecret }), 'unauthorized_client');
    await expectOAuthError(await post('/oauth/device/code', { client_id: 'nobody' }), 'invalid_client', 401);
    await expectOAuthError(await post('/oauth/device/code', { client_id: posClientId, audience: 'https://elsewhere.example/api' }), 'invalid_request');
    await expectOAuthError(await post('/oauth/device/code', { client_id: posClientId, scope: 'admin' }), 'invalid_scope');
    const asJson = await fetch(`${server.origin}/oauth/device/code`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await expectOAuthError(asJson, 'invalid_request');
  });
});

describe('device code polling errors', () => {
  it('answers authorization_pending, then slow_down with a growing interval when polled too soon', async () => {
    const device = await startDevice();
    await expectOAuthError(await poll(device.device_code), 'authorization_pending');
    expect(await storedInterval(device.device_code)).toBe(1);
    await expectOAuthError(await poll(device.device_code), 'slow_down');
    expect(await storedInterval(device.device_code)).toBe(6);
    await expectOAuthError(await poll(device.device_code), 'slow_down');
    expect(await storedInterval(device.device_code)).toBe(11);
    // Waiting the original interval is no longer enough: the device must respect the grown one.
    await sleep(1100);
    await expectOAuthError(await poll(device.device_code), 'slow_down');
    expect(await storedInterval(device.device_code)).toBe(16);
  });

  it('answers access_denied once the merchant denies the device', async () => {
    const device = await startDevice();
    expect(await denyDevice(db(), decision(device.user_code))).toMatchObject({ ok: true });
    await expectOAuthError(await poll(device.device_code), 'access_denied');
  });

  it('hands out tokens once, then invalid_grant', async () => {
    const device = await startDevice();
    expect(await approveDevice(db(), { ...decision(device.user_code), locationIds: [merchant.locationId] })).toMatchObject({ ok: true });
    const success = await poll(device.device_code);
    expect(success.status).toBe(200);
    expect(await success.json()).toMatchObject({
      token_type: 'Bearer',
      expires_in: 86400,
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
    await expectOAuthError(await poll(device.device_code), 'invalid_grant');
  });

  it('answers invalid_grant for an unknown device code or one issued to another client', async () => {
    await expectOAuthError(await poll('dc_unknown'), 'invalid_grant');
    const otherPos = (await createClient(db(), (await createPartner(db(), { name: 'Other POS', type: 'POS' })).id)).client_id;
    const device = await startDevice();
    await expectOAuthError(await poll(device.device_code, otherPos), 'invalid_grant');
  });

  it('answers expired_token after expires_in, never authorization_pending', async () => {
    resetConfig({ PUBLIC_URL: server.origin, DEVICE_POLL_INTERVAL_SECONDS: '1', DEVICE_CODE_TTL_SECONDS: '1' });
    try {
      const pending = await startDevice();
      const approved = await startDevice();
      expect(pending.expires_in).toBe(1);
      await approveDevice(db(), { ...decision(approved.user_code), locationIds: [merchant.locationId] });
      await sleep(1100);
      await expectOAuthError(await poll(pending.device_code), 'expired_token');
      await expectOAuthError(await poll(pending.device_code), 'expired_token');
      await expectOAuthError(await poll(approved.device_code), 'expired_token');
      // An expired code can no longer be approved either.
      expect(await approveDevice(db(), { ...decision(pending.user_code), locationIds: [merchant.locationId] })).toMatchObject({ ok: false });
    } finally {
      resetConfig({ PUBLIC_URL: server.origin, DEVICE_POLL_INTERVAL_SECONDS: '1' });
    }
  });
});

describe('refresh token rotation', () => {
  async function deviceTokens(clientId = posClientId) {
    const device = await startDevice(clientId);
    await approveDevice(db(), { ...decision(device.user_code), locationIds: [merchant.locationId] });
    return (await (await poll(device.device_code, clientId)).json()) as { access_token: string; refresh_token: string };
  }
  const refresh = (token: string, clientId = posClientId) => post('/oauth/token', { grant_type: 'refresh_token', client_id: clientId, refresh_token: token });
  const grantOf = async (refreshToken: string) => {
    const [row] = await db()
      .select({ grantId: refreshTokens.grantId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, secretDigest(refreshToken)));
    return (await db().select().from(grants).where(eq(grants.id, row!.grantId)))[0]!;
  };

  it('lets exactly one of two racing uses of a token through; the other is a replay that revokes the grant', async () => {
    const { refresh_token: token } = await deviceTokens();
    const answers = await Promise.all([refresh(token), refresh(token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const winner = (await answers.find((answer) => answer.status === 200)!.json()) as { refresh_token: string };
    await expectOAuthError(
      answers.find((answer) => answer.status === 400)!,
      'invalid_grant',
    );
    expect((await grantOf(token)).revokedAt).not.toBeNull();
    await expectOAuthError(await refresh(winner.refresh_token), 'invalid_grant');
  });

  it('refuses a token presented by another client without revoking its grant', async () => {
    const { refresh_token: token } = await deviceTokens();
    const otherPos = (await createClient(db(), (await createPartner(db(), { name: 'Another POS', type: 'POS' })).id)).client_id;
    await expectOAuthError(await refresh(token, otherPos), 'invalid_grant');
    expect((await grantOf(token)).revokedAt).toBeNull();
    expect((await refresh(token)).status).toBe(200);
  });

  it('keeps the device grant\'s "last used" current for the devices page', async () => {
    const { refresh_token: token } = await deviceTokens();
    const { id } = await grantOf(token);
    await db()
      .update(grants)
      .set({ lastUsedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(grants.id, id));
    const refreshed = await refresh(token);
    expect(refreshed.status).toBe(200);
    expect((await grantOf(token)).lastUsedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('POST /oauth/token errors', () => {
  it('answers unsupported_grant_type, invalid_request and invalid_client as RFC 6749 says', async () => {
    await expectOAuthError(await post('/oauth/token', { grant_type: 'password', client_id: posClientId }), 'unsupported_grant_type');
    await expectOAuthError(await post('/oauth/token', { client_id: posClientId }), 'invalid_request');
    await expectOAuthError(await post('/oauth/token', { grant_type: DEVICE_GRANT, client_id: posClientId }), 'invalid_request');
    await expectOAuthError(await post('/oauth/token', { grant_type: 'client_credentials' }), 'invalid_request');
    await expectOAuthError(await post('/oauth/token', { grant_type: 'refresh_token', client_id: posClientId, refresh_token: 'rt_nope' }), 'invalid_grant');
    // A repeated parameter is invalid_request (RFC 6749 §3.2).
    const repeated = await fetch(`${server.origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&grant_type=client_credentials&client_id=${app.clientId}`,
    });
    await expectOAuthError(repeated, 'invalid_request');
  });

  it('answers invalid_client with 401, and a Basic challenge when Basic was used', async () => {
    const wrongBasic = await post('/oauth/token', { grant_type: 'client_credentials' }, { authorization: `Basic ${btoa(`${app.clientId}:wrong`)}` });
    await expectOAuthError(wrongBasic, 'invalid_client', 401);
    expect(wrongBasic.headers.get('www-authenticate')).toMatch(/^Basic/);
    await expectOAuthError(await post('/oauth/token', { grant_type: 'client_credentials', client_id: app.clientId }), 'invalid_client', 401);
    await expectOAuthError(await post('/oauth/token', { grant_type: 'client_credentials', client_id: 'unknown', client_secret: 'x' }), 'invalid_client', 401);
  });

  it('refuses client_credentials to a POS (unauthorized_client) and accepts app credentials over Basic', async () => {
    await expectOAuthError(await post('/oauth/token', { grant_type: 'client_credentials', client_id: posClientId }), 'unauthorized_client');
    const basic = await post('/oauth/token', { grant_type: 'client_credentials' }, { authorization: `Basic ${btoa(`${app.clientId}:${app.clientSecret}`)}` });
    expect(basic.status).toBe(200);
    expect(await basic.json()).toMatchObject({ token_type: 'Bearer', expires_in: 43200 });
  });

  it('rate limits token issuing per client with 429 slow_down, Retry-After and RateLimit headers on every response', async () => {
    resetConfig({ PUBLIC_URL: server.origin, TOKEN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const limitedApp = await createClient(db(), (await createPartner(db(), { name: 'Busy app', type: 'LOYALTY' })).id);
      const request = () =>
        post('/oauth/token', { grant_type: 'client_credentials', client_id: limitedApp.client_id, client_secret: limitedApp.client_secret! });
      const remaining: string[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await request();
        expect(response.status).toBe(200);
        expect(response.headers.get('ratelimit-limit')).toBe('3');
        remaining.push(response.headers.get('ratelimit-remaining')!);
      }
      expect(remaining).toEqual(['2', '1', '0']);
      const limited = await request();
      await expectOAuthError(limited, 'slow_down', 429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limited.headers.get('ratelimit-remaining')).toBe('0');
      // Another client keeps its own budget.
      const other = await post('/oauth/token', { grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.clientSecret });
      expect(other.status).toBe(200);

      // One POS client_id serves a fleet: its devices' polls are paced per device code, not per client.
      const fleet = (await createClient(db(), (await createPartner(db(), { name: 'Fleet POS', type: 'POS' })).id)).client_id;
      const device = await startDevice(fleet);
      for (let i = 0; i < 3; i++) await post('/oauth/token', { grant_type: 'refresh_token', client_id: fleet, refresh_token: 'rt_unknown' });
      await expectOAuthError(await post('/oauth/token', { grant_type: 'refresh_token', client_id: fleet, refresh_token: 'rt_unknown' }), 'slow_down', 429);
      await expectOAuthError(await poll(device.device_code, fleet), 'authorization_pending');
    } finally {
      resetConfig({ PUBLIC_URL: server.origin, DEVICE_POLL_INTERVAL_SECONDS: '1' });
    }
  });
});
