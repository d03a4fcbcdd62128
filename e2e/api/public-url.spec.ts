import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, startServer, type ServerProcess } from '../../lib/testing/server-process';
import { E2E_ADMIN_API_KEY } from '../../playwright.config';
import { DEMO_LOCATIONS, DEMO_MERCHANT } from '../support';
import { cookieHeader, cookiesOf, signInOverHttp } from './dashboard-http';

// The server listens on 127.0.0.1:<port> while PUBLIC_URL names another host, as behind a TLS-terminating balancer.
// Without a trusted proxy (TRUST_PROXY=0) the client writes Host and X-Forwarded-*: none of them may choose the origin
// a server action is checked against, nor where Auth.js sends the browser. Every request below names the server's own
// address in Host (fetch sends the one it connects to) and a foreign one in X-Forwarded-*.
const PUBLIC_ORIGIN = 'https://hub.counterpart.test';
const FORGED = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http', 'x-forwarded-port': '8080' };

const serverActionId = (name: string) => {
  const manifest = JSON.parse(readFileSync(path.join(process.cwd(), '.next', 'server', 'server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { exportedName?: string }>;
  };
  return Object.entries(manifest.node).find(([, entry]) => entry.exportedName === name)![0];
};

/** A form as React posts it to a server action: the state and the form's fields (`_1_<name>`). */
function actionForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(`_1_${name}`, value);
  // React sends the root part last: the server decodes the parts as they arrive, the form's before the root names it.
  form.append('0', JSON.stringify([{}, '$K1']));
  return form;
}

/** Every absolute URL an answer sends the browser to: its Location, the URLs in its query, and in a JSON body. */
async function addressesOf(response: Response): Promise<string[]> {
  const addresses: string[] = [];
  for (const header of ['location', 'x-action-redirect']) {
    const value = response.headers.get(header)?.split(';')[0];
    if (!value) continue;
    const url = new URL(value, PUBLIC_ORIGIN);
    addresses.push(url.href, ...[...url.searchParams.values()].filter((param) => /^[a-z]+:\/\//i.test(param)));
  }
  if (response.headers.get('content-type')?.includes('json')) addresses.push(...((await response.text()).match(/[a-z]+:\/\/[^"\s]+/gi) ?? []));
  return addresses;
}

test.describe('PUBLIC_URL, not the request, decides the origin', () => {
  let server: ServerProcess;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer(await freePort(), {
      PUBLIC_URL: PUBLIC_ORIGIN,
      TRUST_PROXY: '0',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'counterpart-public-url-')),
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      ADMIN_API_KEY: E2E_ADMIN_API_KEY,
      LOG_LEVEL: 'warn',
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('every redirect and URL from /api/auth/* points at PUBLIC_URL, whatever Host and X-Forwarded-* say', async () => {
    const origin = server.origin;
    const csrf = await fetch(`${origin}/api/auth/csrf`, { headers: FORGED });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = cookieHeader(cookiesOf(csrf));
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      redirect: 'manual' as const,
      headers: { ...FORGED, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
    const get = { redirect: 'manual' as const, headers: FORGED };
    const answers: Record<string, Response> = {
      'GET signin': await fetch(`${origin}/api/auth/signin`, get),
      'GET signin?callbackUrl': await fetch(`${origin}/api/auth/signin?callbackUrl=%2Fdashboard%2Forders`, get),
      'GET signin/credentials': await fetch(`${origin}/api/auth/signin/credentials`, get),
      'GET providers': await fetch(`${origin}/api/auth/providers`, get),
      'GET session': await fetch(`${origin}/api/auth/session`, get),
      'POST signout without a CSRF token': await fetch(`${origin}/api/auth/signout`, { ...get, method: 'POST' }),
      'POST callback, wrong password': await fetch(
        `${origin}/api/auth/callback/credentials`,
        form({ csrfToken, email: DEMO_MERCHANT.email, password: 'wrong-password' }),
      ),
      'POST callback, right password': await fetch(
        `${origin}/api/auth/callback/credentials`,
        form({ csrfToken, email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password }),
      ),
      'POST signout': await fetch(`${origin}/api/auth/signout`, form({ csrfToken })),
    };
    let redirects = 0;
    for (const [name, response] of Object.entries(answers)) {
      expect(response.status, name).toBeLessThan(500);
      if (response.status >= 300 && response.status < 400) redirects++;
      for (const address of await addressesOf(response)) expect(new URL(address).origin, `${name}: ${address}`).toBe(PUBLIC_ORIGIN);
    }
    expect(redirects).toBeGreaterThanOrEqual(6);
    expect(JSON.stringify(await (await fetch(`${origin}/api/auth/providers`, get)).json())).toContain(`${PUBLIC_ORIGIN}/api/auth/callback/credentials`);
  });

  test('a server action is taken from PUBLIC_URL’s origin only; a forwarded host naming the foreign origin does not help', async () => {
    const session = cookieHeader(await signInOverHttp(server.origin, DEMO_MERCHANT));
    const addSection = (origin: string, headers: Record<string, string> = {}) =>
      fetch(`${server.origin}/dashboard/tables`, {
        method: 'POST',
        headers: { ...headers, origin, cookie: session, 'next-action': serverActionId('addSectionAction') },
        body: actionForm({ locationId: DEMO_LOCATIONS[0], name: '' }),
      });
    // The request's own address (127.0.0.1) is not the dashboard's origin; nor is one the forwarded headers name.
    expect((await addSection(server.origin)).status).toBe(403);
    expect((await addSection('http://evil.example', FORGED)).status).toBe(403);
    expect((await addSection('http://evil.example', { 'x-forwarded-host': 'evil.example' })).status).toBe(403);
    const own = await addSection(PUBLIC_ORIGIN, FORGED);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('fieldErrors');
  });

  test('where a server action sends the browser comes from PUBLIC_URL, not from Host or X-Forwarded-Host', async () => {
    // Sign-in answers the page to continue to (the form's script opens it), a path of this site.
    const signedIn = await fetch(`${server.origin}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...FORGED, origin: PUBLIC_ORIGIN, 'next-action': serverActionId('signInAction') },
      body: actionForm({ email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password, callbackUrl: '/dashboard/orders' }),
    });
    expect(signedIn.status).toBe(200);
    const answer = await signedIn.text();
    expect(answer).toContain('"continueTo":"/dashboard/orders"');
    expect(answer).not.toContain('evil.example');
    // An action whose session is gone redirects to the sign-in page, on PUBLIC_URL's origin.
    const signedOut = await fetch(`${server.origin}/dashboard/tables`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...FORGED, origin: PUBLIC_ORIGIN, 'next-action': serverActionId('addSectionAction') },
      body: actionForm({ locationId: DEMO_LOCATIONS[0], name: 'Patio' }),
    });
    expect(signedOut.status).toBeLessThan(500);
    const redirect = signedOut.headers.get('x-action-redirect') ?? signedOut.headers.get('location');
    expect(redirect).toBeTruthy();
    expect(new URL(redirect!.split(';')[0]!, PUBLIC_ORIGIN).pathname).toBe('/login');
    expect(new URL(redirect!.split(';')[0]!, PUBLIC_ORIGIN).origin).toBe(PUBLIC_ORIGIN);
    expect(redirect).not.toContain('evil.example');
  });
});
