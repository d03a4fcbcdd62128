import { expect, test } from '@playwright/test';
import { manage } from '../support';

// The server under test runs without TRUST_PROXY: what a client writes in X-Forwarded-For, or in the header server.ts
// uses to hand route handlers the socket's address, must not give it a fresh per-address count (docs/contract.md#configuration, docs/contract.md#errors).
test.describe('per-address limits behind no proxy', () => {
  test('rotating X-Forwarded-For (or forging the remote-address header) does not reset a token-endpoint lockout', async ({ request }) => {
    const partner = await manage<{ id: string }>(request, '/partners', { name: `E2E lockout ${Date.now()}`, type: 'ORDERING_APP' });
    const client = await manage<{ client_id: string; client_secret: string }>(request, `/partners/${partner.id}/clients`);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await request.post('/oauth/token', {
        form: { grant_type: 'client_credentials', client_id: client.client_id, client_secret: `cs_wrong-${i}` },
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}`, 'x-real-ip': `198.51.100.${i + 1}`, 'x-counterpart-remote-address': `203.0.113.${i + 1}` },
      });
      statuses.push(response.status());
      expect(response.headers()['ratelimit-limit']).toBeTruthy();
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const locked = await request.post('/oauth/token', {
      form: { grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret },
      headers: { 'x-forwarded-for': '192.0.2.1' },
    });
    expect(locked.status()).toBe(429);
    expect(Number(locked.headers()['retry-after'])).toBeGreaterThan(0);
    expect(await locked.json()).toMatchObject({ error: 'slow_down' });
  });
});
