import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as unguarded, type APIResponse, type Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_MERCHANT, expect, test, watchCsp } from '../support';

/** The security headers every page sends (PUBLIC_URL is http here, so no HSTS). Returns the script nonce. */
function expectPageHeaders(headers: Record<string, string>, what: string): string {
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, `${what}: Content-Security-Policy`).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).toContain("base-uri 'self'");
  const scriptSrc =
    csp
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('script-src')) ?? '';
  expect(scriptSrc, what).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
  expect(scriptSrc, `${what}: inline scripts run only with the nonce`).not.toContain("'unsafe-inline'");
  expect(scriptSrc, what).not.toContain("'unsafe-eval'");
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security'], `${what}: no HSTS over http`).toBeUndefined();
  return /'nonce-([^']+)'/.exec(scriptSrc)![1]!;
}

/** Every script of the page carries this response's nonce (Next.js reads it from the CSP the proxy set). */
async function expectScriptsCarryNonce(response: APIResponse, nonce: string, what: string) {
  const html = await response.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length, `${what}: scripts`).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, what).toContain(`nonce="${nonce}"`);
}

async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

test.describe('security headers', () => {
  test('the signed-out pages send them, with a fresh nonce on every response that every script carries', async ({ request }) => {
    const nonces = new Set<string>();
    for (const path of ['/login', '/login?callbackUrl=%2Fdashboard%2Forders', '/docs']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      const nonce = expectPageHeaders(response.headers(), path);
      await expectScriptsCarryNonce(response, nonce, path);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
    // The redirects to /login carry them too.
    for (const path of ['/activate', '/activate?user_code=ABCD-EFGH', '/dashboard', '/dashboard/orders', '/']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBeGreaterThanOrEqual(300);
      expect(response.status(), path).toBeLessThan(400);
      expectPageHeaders(response.headers(), path);
    }
    // An unknown page's 404 as well.
    const missing = await request.get('/no-such-page', { maxRedirects: 0 });
    expect(missing.status()).toBe(404);
    expectPageHeaders(missing.headers(), '/no-such-page');
  });

  test('every dashboard page sends them to a signed-in user', async ({ page }) => {
    await signIn(page, DEMO_MERCHANT);
    const home = await page.request.get('/dashboard', { maxRedirects: 0 });
    expectPageHeaders(home.headers(), '/dashboard');
    for (const path of ['/activate', '/dashboard/orders', '/dashboard/tables', '/dashboard/bookings', '/dashboard/loyalty', '/dashboard/devices']) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      await expectScriptsCarryNonce(response, expectPageHeaders(response.headers(), path), path);
    }
    await page.context().clearCookies();
    await signIn(page, DEMO_ADMIN);
    const admin = await page.request.get('/dashboard/admin', { maxRedirects: 0 });
    expect(admin.status()).toBe(200);
    await expectScriptsCarryNonce(admin, expectPageHeaders(admin.headers(), '/dashboard/admin'), '/dashboard/admin');
  });

  test('API responses forbid MIME sniffing', async ({ request }) => {
    for (const path of ['/connect/openapi.json', '/.well-known/openid-configuration', '/healthz', '/connect/orders']) {
      const response = await request.get(path);
      expect(response.headers()['x-content-type-options'], path).toBe('nosniff');
    }
  });
});

// These tests provoke violations on purpose, so they run without the guard and check what it would have seen.
unguarded.describe('framing and the CSP guard', () => {
  unguarded('/login and /activate refuse to load in a cross-origin frame', async ({ page, baseURL }) => {
    // The framing page is served by a server of its own on 127.0.0.1 (another origin, and another site, than
    // localhost), as an attacker's page would be.
    let target = '';
    const attacker = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(`<!doctype html><iframe id="victim" src="${target}"></iframe>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    const attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
    const violations = watchCsp(page.context());
    const refused: string[] = [];
    page.on('requestfailed', (request) => {
      if (request.failure()?.errorText.includes('BLOCKED_BY_RESPONSE')) refused.push(request.url());
    });
    try {
      // The harness can frame the server at all: a JSON document with no page headers loads in the frame.
      target = `${baseURL}/connect/openapi.json`;
      await page.goto(attackerUrl);
      await expect(page.frameLocator('#victim').locator('pre')).toContainText('openapi');

      for (const path of ['/login', '/activate', '/activate?user_code=ABCD-EFGH']) {
        target = `${baseURL}${path}`;
        const before = violations.length;
        await page.goto(attackerUrl);
        await expect.poll(() => violations.slice(before).join('\n'), { message: `${path} framed` }).toContain("frame-ancestors 'none'");
        expect(refused.some((url) => url.startsWith(`${baseURL}${path.split('?')[0]}`) || url.startsWith(`${baseURL}/login`))).toBe(true);
        const frame = page.frameLocator('#victim');
        await expect(frame.getByLabel('Email')).toHaveCount(0);
        await expect(frame.getByLabel('User code')).toHaveCount(0);
      }
    } finally {
      attacker.close();
    }
  });

  unguarded('the guard notices inline code without the nonce', async ({ page }) => {
    const violations = watchCsp(page.context());
    await page.goto('/login');
    // What an injected attribute would do: an inline handler has no nonce, so it must not run.
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.setAttribute('onclick', 'window.injected = true');
      document.body.append(button);
      button.click();
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  });
});
