import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { DEMO_MERCHANT } from '../support';

const RATE_LIMIT_HEADERS = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'];

/** docs/contract.md#rate-limit-headers: RateLimit headers, each a non-negative integer. */
function expectRateLimitHeaders(response: APIResponse, what: string) {
  for (const name of RATE_LIMIT_HEADERS) expect(response.headers()[name], `${name} on ${what}`).toMatch(/^\d+$/);
}

async function signIn(request: APIRequestContext) {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const response = await request.post('/api/auth/callback/credentials', { form: { csrfToken, ...DEMO_MERCHANT }, maxRedirects: 0 });
  expect(response.headers()['location']).not.toContain('error=');
}

test.describe('response headers on every surface', () => {
  test('surfaces without a limit publish the unmetered policy: health, readiness, the OpenAPI document, dashboard pages and assets', async ({ request }) => {
    for (const path of ['/connect/openapi.json', '/healthz', '/readyz', '/login']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expectRateLimitHeaders(response, path);
      expect(response.headers()['ratelimit-limit'], path).toBe('2147483647');
    }
    // The reference counts per address, as anonymous API calls do.
    const docs = await request.get('/docs');
    expect(docs.status()).toBe(200);
    expectRateLimitHeaders(docs, '/docs');
    expect(Number(docs.headers()['ratelimit-limit'])).toBeLessThan(2147483647);
    const redirected = await request.get('/dashboard/orders', { maxRedirects: 0 });
    expect(redirected.status()).toBe(307);
    expectRateLimitHeaders(redirected, 'the sign-in redirect');

    const page = await request.get('/login');
    const asset = /\/_next\/static\/[^"]+\.(?:js|css)/.exec(await page.text())?.[0];
    expect(asset).toBeTruthy();
    expectRateLimitHeaders(await request.get(asset!), asset!);

    await signIn(request);
    for (const path of ['/dashboard/orders', '/dashboard/tables', '/dashboard/loyalty']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      expectRateLimitHeaders(response, path);
    }
  });

  test('metered surfaces keep their own limits', async ({ request }) => {
    const partner = await request.get('/connect/orders/anything');
    expect(partner.status()).toBe(401);
    expect(partner.headers()['ratelimit-limit']).toBe('600');
    const metadata = await request.get('/.well-known/jwks.json');
    expect(metadata.headers()['ratelimit-limit']).toBe('600');
  });

  test("every partner-API answer names its Api-Version, a 406 the interface's default", async ({ request }) => {
    const unsupported = await request.get('/connect/orders/anything', { headers: { accept: 'application/json; version=9.9' } });
    expect(unsupported.status()).toBe(406);
    expect(unsupported.headers()['api-version']).toBe('1.0');
    expect((await unsupported.json()).detail).toContain('(default 1.0)');
    const unauthenticated = await request.get('/connect/orders/anything', { headers: { accept: 'application/json; version=1.1' } });
    expect(unauthenticated.headers()['api-version']).toBe('1.1');
  });
});
