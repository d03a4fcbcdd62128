import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as createMerchant } from '@/app/manage/merchants/route';
import { POST as token } from '@/app/oauth/token/route';
import { POST as deviceCode } from '@/app/oauth/device/code/route';
import { FAILED_ATTEMPTS_PER_ADDRESS, FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS } from '@/lib/auth/client-authentication';
import { resetConfig } from '@/lib/config';
import { useTestDatabase } from '@/lib/testing/database';
import { startRouteServer, type RouteServer } from '@/lib/testing/route-server';
import { createClient, createPartner } from '@/lib/tenancy/partners';

// docs/contract.md#access-tokens and docs/contract.md#errors: failed attempts at the token endpoint lock out the source that fails, never the client itself,
// and a source is the socket's peer unless TRUST_PROXY says which proxies' X-Forwarded-For to believe.
const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const ADMIN_API_KEY = 'lockout-test-admin-key-0123';
const { db } = useTestDatabase();
let server: RouteServer;
let app: { clientId: string; clientSecret: string };
let posClientId: string;

beforeAll(async () => {
  server = await startRouteServer({
    '/oauth/token': { POST: token },
    '/oauth/device/code': { POST: deviceCode },
    '/manage/merchants': { POST: createMerchant },
  });
  resetConfig({ PUBLIC_URL: server.origin, TRUST_PROXY: '1' });
  const appClient = await createClient(db(), (await createPartner(db(), { name: 'Victim app', type: 'ORDERING_APP' })).id);
  app = { clientId: appClient.client_id, clientSecret: appClient.client_secret! };
  posClientId = (await createClient(db(), (await createPartner(db(), { name: 'Victim POS', type: 'POS' })).id)).client_id;
});

afterAll(async () => {
  await server.close();
  resetConfig();
});

/** A form POST that a proxy in front of Counterpart received from `from`. */
function post(path: string, parameters: Record<string, string>, from?: string, headers: Record<string, string> = {}) {
  return fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(from ? { 'x-forwarded-for': from } : {}), ...headers },
    body: new URLSearchParams(parameters),
  });
}

const clientCredentials = (secret: string, from: string, clientId = app.clientId) =>
  post('/oauth/token', { grant_type: 'client_credentials', client_id: clientId, client_secret: secret }, from);

async function outcome(response: Response) {
  const body = (await response.json()) as { error?: string; access_token?: string };
  return { status: response.status, error: body.error, retryAfter: response.headers.get('retry-after') };
}

describe('token endpoint lockout', () => {
  it('70 wrong secrets with a client_id lock out the address that sent them, while the real client keeps getting tokens', async () => {
    const attacker = '198.51.100.66';
    const realApp = '203.0.113.10';
    const seen: number[] = [];
    for (let i = 0; i < 70; i++) {
      const attempt = await outcome(await clientCredentials(`cs_wrong-${i}`, attacker));
      seen.push(attempt.status);
      if (attempt.status === 429) {
        expect(attempt.error).toBe('slow_down');
        expect(Number(attempt.retryAfter)).toBeGreaterThan(0);
      }
      if (i % 10 === 5) expect((await clientCredentials(app.clientSecret, realApp)).status).toBe(200);
    }
    expect(seen.slice(0, FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS).every((status) => status === 401)).toBe(true);
    expect(seen.slice(FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS).every((status) => status === 429)).toBe(true);

    const real = await clientCredentials(app.clientSecret, realApp);
    expect(real.status).toBe(200);
    expect(await real.json()).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });
    // The locked-out address learns nothing, not even from the right secret.
    expect(await outcome(await clientCredentials(app.clientSecret, attacker))).toMatchObject({ status: 429, error: 'slow_down' });
  });

  it('locks out an address walking through made-up client_ids, and only that address', async () => {
    const walker = '198.51.100.77';
    const statuses: number[] = [];
    for (let i = 0; i <= FAILED_ATTEMPTS_PER_ADDRESS; i++) statuses.push((await clientCredentials('cs_x', walker, `made-up-${i}`)).status);
    expect(statuses.slice(0, FAILED_ATTEMPTS_PER_ADDRESS).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await clientCredentials(app.clientSecret, walker)).status).toBe(429);
    expect((await clientCredentials(app.clientSecret, '203.0.113.11')).status).toBe(200);
  });
});

describe('token endpoint under a burst', () => {
  const tally = (statuses: number[]) => ({
    checked: statuses.filter((status) => status !== 429).length,
    refused: statuses.filter((status) => status === 429).length,
  });

  it('checks at most the limit of 30 parallel wrong client secrets, then refuses the right one unread', async () => {
    const from = '198.51.100.120';
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => clientCredentials(`cs_wrong-${i}`, from).then((response) => response.status)));
    console.log(`/oauth/token burst of 30 wrong client secrets: ${JSON.stringify(tally(burst))}`);
    expect(burst.filter((status) => status === 401)).toHaveLength(FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS);
    expect(tally(burst).refused).toBe(30 - FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS);
    expect(await outcome(await clientCredentials(app.clientSecret, from))).toMatchObject({ status: 429, error: 'slow_down' });
  });

  it('checks at most the limit of 30 parallel guessed device codes, then refuses the real one unread', async () => {
    const guesser = '198.51.100.121';
    const started = await post('/oauth/device/code', { client_id: posClientId }, '203.0.113.21');
    const { device_code: realCode } = (await started.json()) as { device_code: string };
    const guess = (deviceCode: string) =>
      post('/oauth/token', { grant_type: DEVICE_GRANT, client_id: posClientId, device_code: deviceCode }, guesser).then((response) => response.status);
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => guess(`dc_guess-${i}-${Math.random()}`)));
    console.log(`/oauth/token burst of 30 guessed device codes: ${JSON.stringify(tally(burst))}`);
    expect(burst.filter((status) => status === 400)).toHaveLength(FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS);
    expect(tally(burst).refused).toBe(30 - FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS);
    expect(await guess(realCode)).toBe(429);
  });

  it('right secrets in parallel give their attempts back: a client that authenticates is never locked out', async () => {
    const from = '203.0.113.122';
    for (let round = 0; round < 3; round++) {
      const burst = await Promise.all(Array.from({ length: FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS }, () => clientCredentials(app.clientSecret, from)));
      expect(burst.map((response) => response.status)).toEqual(Array(FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS).fill(200));
    }
  });
});

describe('device-code grant', () => {
  it('answers a right and a wrong client secret alike, without checking it', async () => {
    const from = '198.51.100.88';
    const right = await post(
      '/oauth/token',
      { grant_type: DEVICE_GRANT, device_code: 'dc_whatever', client_id: app.clientId, client_secret: app.clientSecret },
      from,
    );
    const wrong = await post(
      '/oauth/token',
      { grant_type: DEVICE_GRANT, device_code: 'dc_whatever', client_id: app.clientId, client_secret: 'cs_wrong' },
      from,
    );
    const rightBody = await right.json();
    expect(right.status).toBe(401);
    expect(rightBody).toMatchObject({ error: 'invalid_client' });
    expect({ status: wrong.status, body: await wrong.json() }).toEqual({ status: right.status, body: rightBody });
    // Over HTTP Basic as well.
    const basic = (secret: string) =>
      post('/oauth/token', { grant_type: DEVICE_GRANT, device_code: 'dc_whatever' }, from, { authorization: `Basic ${btoa(`${app.clientId}:${secret}`)}` });
    const [rightBasic, wrongBasic] = [await basic(app.clientSecret), await basic('cs_wrong')];
    expect({ status: wrongBasic.status, body: await wrongBasic.json(), challenge: wrongBasic.headers.get('www-authenticate') }).toEqual({
      status: rightBasic.status,
      body: await rightBasic.json(),
      challenge: rightBasic.headers.get('www-authenticate'),
    });
  });

  it('limits guessed device codes per client and address, while the POS fleet keeps polling its real codes', async () => {
    const guesser = '198.51.100.99';
    const device = '203.0.113.20';
    const started = await post('/oauth/device/code', { client_id: posClientId }, device);
    expect(started.status).toBe(200);
    const { device_code: realCode } = (await started.json()) as { device_code: string };

    const guesses: string[] = [];
    for (let i = 0; i <= FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS; i++) {
      const response = await post('/oauth/token', { grant_type: DEVICE_GRANT, client_id: posClientId, device_code: `dc_guess-${i}-${Math.random()}` }, guesser);
      guesses.push(`${response.status} ${(await outcome(response)).error}`);
    }
    expect(guesses.slice(0, FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS)).toEqual(Array(FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS).fill('400 invalid_grant'));
    expect(guesses.at(-1)).toBe('429 slow_down');
    // Even the real code, sent from the locked-out address, is refused unread.
    expect((await post('/oauth/token', { grant_type: DEVICE_GRANT, client_id: posClientId, device_code: realCode }, guesser)).status).toBe(429);

    const poll = await outcome(await post('/oauth/token', { grant_type: DEVICE_GRANT, client_id: posClientId, device_code: realCode }, device));
    expect(poll).toMatchObject({ status: 400, error: 'authorization_pending' });
  });
});

describe('X-Forwarded-For without TRUST_PROXY', () => {
  it('is ignored, so rotating it does not reset a lockout', async () => {
    resetConfig({ PUBLIC_URL: server.origin, TRUST_PROXY: '0' });
    try {
      const lonely = await createClient(db(), (await createPartner(db(), { name: 'Rotated app', type: 'BOOKING_APP' })).id);
      const statuses: number[] = [];
      for (let i = 0; i <= FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS; i++) {
        statuses.push((await clientCredentials('cs_wrong', `192.0.2.${i + 1}`, lonely.client_id)).status);
      }
      expect(statuses.slice(0, FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS).every((status) => status === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      resetConfig({ PUBLIC_URL: server.origin, TRUST_PROXY: '1' });
    }
  });

  it('is ignored by the management API limit: rotating it yields 429 after the published limit', async () => {
    resetConfig({ PUBLIC_URL: server.origin, TRUST_PROXY: '0', ADMIN_API_KEY, RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const response = await fetch(`${server.origin}/manage/merchants`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer wrong-admin-key-000000', 'x-forwarded-for': `192.0.2.${100 + i}` },
          body: JSON.stringify({ name: 'x' }),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    } finally {
      resetConfig({ PUBLIC_URL: server.origin, TRUST_PROXY: '1' });
    }
  });

  it('is believed with TRUST_PROXY=1: each forwarded client has its own budget', async () => {
    resetConfig({ PUBLIC_URL: server.origin, TRUST_PROXY: '1', ADMIN_API_KEY, RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const call = (from: string) =>
        fetch(`${server.origin}/manage/merchants`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer wrong-admin-key-000000', 'x-forwarded-for': from },
          body: JSON.stringify({ name: 'x' }),
        }).then((response) => response.status);
      expect([await call('192.0.2.200'), await call('192.0.2.200'), await call('192.0.2.200')]).toEqual([401, 401, 429]);
      expect(await call('192.0.2.201')).toBe(401);
      // What the client wrote before the proxy's entry does not matter.
      expect(await call('192.0.2.201, 192.0.2.200')).toBe(429);
    } finally {
      resetConfig({ PUBLIC_URL: server.origin, TRUST_PROXY: '1' });
    }
  });
});
