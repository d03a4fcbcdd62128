import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import { E2E_ADMIN_API_KEY } from '../playwright.config';

export { expect };

// Chromium reports a blocked script, style, frame or connection as a console message ("Refused to execute inline
// script because it violates the following Content Security Policy directive…"); the page also gets a
// `securitypolicyviolation` event, which the init script below turns into such a message.
const CSP_VIOLATION = /Content Security Policy|Refused to (?:execute|load|apply|connect|frame|evaluate|create)/i;

function reportViolationsToConsole() {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error(`Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`);
  });
}

const watched = new WeakMap<BrowserContext, string[]>();

/** Collects the CSP violations of every page of `context`; the returned list fills as they happen. */
export function watchCsp(context: BrowserContext): string[] {
  let violations = watched.get(context);
  if (violations) return violations;
  const list: string[] = [];
  violations = list;
  watched.set(context, list);
  void context.addInitScript(reportViolationsToConsole);
  context.on('console', (message) => {
    if (CSP_VIOLATION.test(message.text())) list.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
  });
  return list;
}

/**
 * The `test` of every dashboard spec: fails the test when any page it opened (in its own context or in contexts it
 * made with `browser.newContext()` / `browser.newPage()`) hit a Content-Security-Policy violation, so the dashboard
 * is known to work under the CSP that proxy.ts sends.
 */
export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ browser, context }, use) => {
      const contexts: BrowserContext[] = [context];
      watchCsp(context);
      const { newContext, newPage } = browser;
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const created = await newContext.apply(browser, args);
        contexts.push(created);
        watchCsp(created);
        return created;
      };
      browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
        const created = await newPage.apply(browser, args);
        contexts.push(created.context());
        watchCsp(created.context());
        return created;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
        browser.newPage = newPage;
      }
      const violations = contexts.flatMap((each) => watched.get(each) ?? []);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export const DEMO_MERCHANT = { email: 'merchant@demo-bistro.test', password: 'demo-bistro' };
export const DEMO_ADMIN = { email: 'admin@counterpart.test', password: 'counterpart-admin' };
export const DEMO_REVIEWER = { email: 'reviewer@demo-loyalty.test', password: 'demo-loyalty' };
export const DEMO_LOCATIONS = ['demo-bistro-cbd', 'demo-bistro-bondi'] as const;

/** Calls the management API of the server under test. */
export async function manage<T = Record<string, unknown>>(request: APIRequestContext, path: string, body: unknown = {}): Promise<T> {
  const response = await request.post(`/manage${path}`, {
    headers: { authorization: `Bearer ${E2E_ADMIN_API_KEY}` },
    data: body,
  });
  if (response.status() !== 201) throw new Error(`POST /manage${path} → ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * An app partner of `type` connected to `locationIds`, with a client-credentials access token.
 */
export async function appWithToken(request: APIRequestContext, type: 'ORDERING_APP' | 'BOOKING_APP' | 'LOYALTY', locationIds: readonly string[]) {
  const partner = await manage<{ id: string }>(request, '/partners', { name: `E2E ${type} ${Date.now()}`, type });
  const client = await manage<{ client_id: string; client_secret: string }>(request, `/partners/${partner.id}/clients`);
  for (const locationId of locationIds) await manage(request, `/partners/${partner.id}/connections`, { locationId });
  const token = await request.post('/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret },
  });
  if (!token.ok()) throw new Error(`client_credentials → ${token.status()}: ${await token.text()}`);
  const { access_token } = (await token.json()) as { access_token: string };
  return { partnerId: partner.id, clientId: client.client_id, token: access_token };
}

/** A merchant user approves a device code on /activate (docs/contract.md#dashboard-names labels) in a browser context of its own. */
export async function approveOnActivate(
  browser: Browser,
  verificationUriComplete: string,
  locationIds: readonly string[],
  merchant: { email: string; password: string } = DEMO_MERCHANT,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(verificationUriComplete);
  await page.getByLabel('Email').fill(merchant.email);
  await page.getByLabel('Password').fill(merchant.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  const choice = page.getByRole('group', { name: 'Location' });
  for (const locationId of locationIds) await choice.locator(`input[value="${locationId}"]`).check();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Device connected')).toBeVisible();
  await context.close();
}

/**
 * A POS partner connected to `locationIds` through the real device flow: the POS asks for a code, a merchant user
 * approves it on /activate in its own browser context, and the POS polls the token endpoint.
 */
export async function posWithToken(
  browser: Browser,
  request: APIRequestContext,
  locationIds: readonly string[],
  merchant: { email: string; password: string } = DEMO_MERCHANT,
) {
  const partner = await manage<{ id: string }>(request, '/partners', { name: `E2E POS ${Date.now()}`, type: 'POS' });
  const client = await manage<{ client_id: string }>(request, `/partners/${partner.id}/clients`);
  const deviceResponse = await request.post('/oauth/device/code', { form: { client_id: client.client_id, scope: 'offline_access' } });
  if (!deviceResponse.ok()) throw new Error(`device code → ${deviceResponse.status()}: ${await deviceResponse.text()}`);
  const device = (await deviceResponse.json()) as { device_code: string; verification_uri_complete: string };

  await approveOnActivate(browser, device.verification_uri_complete, locationIds, merchant);

  const tokenResponse = await request.post('/oauth/token', {
    form: { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: device.device_code, client_id: client.client_id },
  });
  if (!tokenResponse.ok()) throw new Error(`device token → ${tokenResponse.status()}: ${await tokenResponse.text()}`);
  const tokens = (await tokenResponse.json()) as { access_token: string; refresh_token: string };
  return { partnerId: partner.id, clientId: client.client_id, token: tokens.access_token, refreshToken: tokens.refresh_token };
}
