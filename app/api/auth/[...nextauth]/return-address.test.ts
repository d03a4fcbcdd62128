import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '@/lib/config';
import { hostileReturnAddresses } from '@/lib/testing/hostile-return-addresses';
import { useTestDatabase } from '@/lib/testing/database';
import { createUser } from '@/lib/tenancy/users';

// Auth.js's own endpoints take return addresses too (a callbackUrl field or query, the callback-url cookie): each
// answer must send the browser to a page of this site, whatever the address asked for, and never be a 500.
process.env.AUTH_SECRET ??= 'a-test-secret-of-at-least-thirty-two-characters';
const { GET, POST } = await import('./route');

const database = useTestDatabase();
const ORIGIN = 'http://localhost:3000';
const EMAIL = `return-address-${process.pid}@sessions.test`;
const PASSWORD = 'correct horse battery';

async function call(method: 'GET' | 'POST', path: string, { form, cookie = '' }: { form?: Record<string, string>; cookie?: string } = {}) {
  const request = new NextRequest(`${ORIGIN}/api/auth/${path}`, {
    method,
    headers: { cookie, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  return (method === 'GET' ? GET : POST)(request);
}

/** A CSRF token and the cookie that goes with it. */
async function csrf() {
  const response = await call('GET', 'csrf');
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { csrfToken: ((await response.json()) as { csrfToken: string }).csrfToken, cookie };
}

/** The cookie header without the callback-url cookie that Auth.js set on its own. */
const withoutCallbackUrl = (cookie: string) =>
  cookie
    .split('; ')
    .filter((pair) => !pair.startsWith('authjs.callback-url='))
    .join('; ');

/** Where a browser goes with this answer's Location, as an absolute URL. */
function destination(response: Response): URL {
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!, ORIGIN);
}

function expectOwnPage(url: URL) {
  expect(url.origin).toBe(ORIGIN);
  // The path alone must not name a host either (`//evil.example`, `/\evil.example`).
  expect(url.pathname).toMatch(/^\/(?![/\\])/);
}

describe('Auth.js return addresses', () => {
  beforeAll(async () => {
    resetConfig({ PUBLIC_URL: ORIGIN });
    await createUser(database.db(), { email: EMAIL, password: PASSWORD, role: 'ADMIN' });
  });
  afterAll(() => resetConfig());

  it.each(hostileReturnAddresses(ORIGIN).map((payload) => [JSON.stringify(payload).slice(0, 60), payload]))(
    'sign-in, its page and sign-out with callbackUrl %s stay on the site',
    async (_name, payload) => {
      const { csrfToken, cookie } = await csrf();
      const signedIn = await call('POST', 'callback/credentials', { form: { email: EMAIL, password: PASSWORD, csrfToken, callbackUrl: payload }, cookie });
      expectOwnPage(destination(signedIn));
      expect(signedIn.headers.getSetCookie().some((line) => line.startsWith('authjs.session-token='))).toBe(true);

      const signInPage = destination(await call('GET', `signin?${new URLSearchParams({ callbackUrl: payload })}`));
      expectOwnPage(signInPage);
      expectOwnPage(new URL(signInPage.searchParams.get('callbackUrl')!, ORIGIN));

      expectOwnPage(destination(await call('POST', 'signout', { form: { csrfToken, callbackUrl: payload }, cookie })));
    },
  );

  it.each(['/\\evil.example/x', '//evil.example', 'javascript:alert(1)', '@evil.example'])('a callback-url cookie %j is not followed either', async (value) => {
    const { csrfToken, cookie } = await csrf();
    const response = await call('POST', 'callback/credentials', {
      form: { email: EMAIL, password: PASSWORD, csrfToken },
      cookie: `${withoutCallbackUrl(cookie)}; authjs.callback-url=${encodeURIComponent(value)}`,
    });
    expectOwnPage(destination(response));
  });

  it('a POST with a hostile callbackUrl query still reads its form and signs in', async () => {
    const { csrfToken, cookie } = await csrf();
    const response = await call('POST', `callback/credentials?${new URLSearchParams({ callbackUrl: 'javascript:alert(1)' })}`, {
      form: { email: EMAIL, password: PASSWORD, csrfToken },
      cookie,
    });
    expectOwnPage(destination(response));
    expect(response.headers.get('location')).not.toContain('error=');
    expect(response.headers.getSetCookie().some((line) => line.startsWith('authjs.session-token='))).toBe(true);
  });

  it('keeps a return address on the site', async () => {
    const { csrfToken, cookie } = await csrf();
    const response = await call('POST', 'callback/credentials', {
      form: { email: EMAIL, password: PASSWORD, csrfToken, callbackUrl: '/dashboard/orders?location=a' },
      cookie,
    });
    const url = destination(response);
    expect(`${url.pathname}${url.search}`).toBe('/dashboard/orders?location=a');
  });
});
