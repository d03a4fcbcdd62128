import { expect, test } from '@playwright/test';
import { E2E_ADMIN_API_KEY } from '../../playwright.config';

test.describe('service surfaces', () => {
  test('health and readiness answer', async ({ request }) => {
    expect((await request.get('/healthz')).status()).toBe(200);
    const ready = await request.get('/readyz');
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  test('the OpenAPI document is 3.1 and the reference page renders it', async ({ request }) => {
    const document = await (await request.get('/connect/openapi.json')).json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/manage/merchants');
    const docs = await request.get('/docs');
    expect(docs.status()).toBe(200);
    expect(await docs.text()).toContain('/manage/merchants');
  });

  test('partner-API answers go out uncompressed; pages and the OpenAPI document are gzipped', async ({ request }) => {
    const gzip = { 'accept-encoding': 'gzip' };
    for (const path of ['/healthz', '/readyz', '/connect/orders/anything', '/.well-known/jwks.json']) {
      const small = await request.get(path, { headers: gzip });
      expect(small.headers()['content-encoding'], path).toBeUndefined();
      expect((await small.json()) as unknown, path).toBeTruthy();
    }
    expect((await request.get('/login', { headers: gzip })).headers()['content-encoding']).toBe('gzip');
    const large = await request.get('/connect/openapi.json', { headers: gzip });
    expect(large.headers()['content-encoding']).toBe('gzip');
    expect((await large.json()).openapi).toBe('3.1.0');
  });

  test('partner endpoints answer 401 problem bodies without a token', async ({ request }) => {
    const response = await request.get('/connect/orders/anything');
    expect(response.status()).toBe(401);
    expect(response.headers()['content-type']).toBe('application/problem+json');
    expect(response.headers()['www-authenticate']).toContain('invalid_token');
    expect(response.headers()['ratelimit-limit']).toBeTruthy();
  });

  test('the management API creates a merchant with the admin key and refuses others', async ({ request }) => {
    const refused = await request.post('/manage/merchants', { data: { name: 'Nope' } });
    expect(refused.status()).toBe(401);
    const created = await request.post('/manage/merchants', {
      headers: { authorization: `Bearer ${E2E_ADMIN_API_KEY}` },
      data: { name: 'E2E Merchant' },
    });
    expect(created.status()).toBe(201);
    expect(await created.json()).toMatchObject({ name: 'E2E Merchant' });
  });
});
