import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '@/lib/config';
import { useTestDatabase } from '@/lib/testing/database';
import type { RouteServer } from '@/lib/testing/route-server';
import { createClient, createPartner } from '@/lib/tenancy/partners';
import { startOAuthServer } from '@/app/_testing/oauth';

// docs/contract.md#errors: bytes the database refuses are the client's error. The authorisation server answers them as
// RFC 6749 invalid_request, never server_error.
const { db } = useTestDatabase();
let server: RouteServer;
let app: { clientId: string; clientSecret: string };

beforeAll(async () => {
  server = await startOAuthServer();
  const client = await createClient(db(), (await createPartner(db(), { name: 'Ordering', type: 'ORDERING_APP' })).id);
  app = { clientId: client.client_id, clientSecret: client.client_secret! };
});
afterAll(async () => {
  await server.close();
  resetConfig();
});

/** Posts a form body exactly as written, so `%00` arrives as sent. */
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body });

async function expectInvalidRequest(response: Response) {
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ error: 'invalid_request', error_description: expect.stringMatching(/control character/) });
}

describe('OAuth parameters with bytes the database refuses', () => {
  it.each([
    ['/oauth/token', 'grant_type=client_credentials&client_id=%00&client_secret=x'],
    ['/oauth/token', 'grant_type=refresh_token&client_id=CLIENT&client_secret=SECRET&refresh_token=rt%00'],
    ['/oauth/token', 'grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&client_id=CLIENT&device_code=%00'],
    ['/oauth/device/code', 'client_id=%00'],
    ['/oauth/device/code', 'client_id=pos%00x&scope=offline_access'],
    ['/oauth/revoke', 'client_id=%00&token=x'],
    ['/oauth/revoke', 'client_id=CLIENT&client_secret=SECRET&token=%01'],
    ['/oauth/token', 'grant_type=client_credentials&client_id=CLIENT&client_secret=SECRET&%00=1'],
  ])('%s with %s answers 400 invalid_request', async (path, body) => {
    await expectInvalidRequest(await post(path, body.replace('CLIENT', app.clientId).replace('SECRET', app.clientSecret)));
  });

  it('refuses a NUL inside HTTP Basic credentials the same way', async () => {
    const basic = Buffer.from(`%00:${app.clientSecret}`).toString('base64');
    await expectInvalidRequest(await post('/oauth/token', 'grant_type=client_credentials', { authorization: `Basic ${basic}` }));
  });

  it('still issues a token for clean parameters (the control case)', async () => {
    const response = await post('/oauth/token', `grant_type=client_credentials&client_id=${app.clientId}&client_secret=${app.clientSecret}`);
    expect(response.status).toBe(200);
  });
});
