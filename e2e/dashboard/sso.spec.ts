import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { startOpenIdProvider } from '../../lib/testing/openid-provider';
import { freePort, startServer, type ServerProcess } from '../../lib/testing/server-process';
import { DEMO_MERCHANT } from '../support';

/**
 * Single sign-on against a real OpenID provider (`oidc-provider`, in this process) through its own sign-in and consent
 * pages: a user whose verified email is a Counterpart user's lands on the dashboard in a database-backed session (sign
 * out ends it); an email no user has, or one the provider has not verified, is refused with a message and no account.
 */
let provider: Awaited<ReturnType<typeof startOpenIdProvider>>;
let server: ServerProcess;
// Next writes every loopback address as `localhost` in the URL a route handler sees, so the provider is told the
// callback under that name and PUBLIC_URL says the same: the redirect URI must match to the character at both legs.
let origin: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  origin = `http://localhost:${port}`;
  provider = await startOpenIdProvider({
    redirectUri: `${origin}/api/auth/callback/oidc`,
    accounts: {
      'bistro-owner': { email: DEMO_MERCHANT.email.toUpperCase(), email_verified: true, name: 'Bistro Owner' },
      stranger: { email: 'stranger@elsewhere.test', email_verified: true },
      'unverified-claim': { email: DEMO_MERCHANT.email, email_verified: false },
    },
  });
  server = await startServer(port, {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'counterpart-sso-')),
    DATABASE_URL: '',
    PUBLIC_URL: origin,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_NAME: 'Test Identity',
  });
});

// eslint-disable-next-line no-empty-pattern -- Playwright's hooks take the fixtures first; this one needs none.
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('server output', { body: server.output(), contentType: 'text/plain' });
});

test.afterAll(async () => {
  await server?.stop();
  await provider?.close();
});

/** From /login through the provider's own pages (any password: the test provider checks none) back to Counterpart. */
async function signInAtProvider(browser: Browser, login: string) {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await page.goto('/login?callbackUrl=/dashboard/orders');
  await page.getByRole('button', { name: 'Sign in with Test Identity' }).click();
  await page.waitForURL((url) => url.origin === provider.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.origin === origin);
  return { context, page };
}

test('the sign-in page offers the configured provider by its name', async ({ page }) => {
  await page.goto(`${origin}/login`);
  await expect(page.getByRole('button', { name: 'Sign in with Test Identity' })).toBeVisible();
});

test('a user with a verified email lands on the dashboard, and signing out ends that session', async ({ browser }) => {
  const { context, page } = await signInAtProvider(browser, 'bistro-owner');
  try {
    await expect(page).toHaveURL(/\/dashboard\/orders$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cookies = await context.cookies();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    // The old cookie, replayed, names a session the database no longer has.
    const replay = await browser.newContext({ baseURL: origin });
    await replay.addCookies(cookies);
    const again = await replay.newPage();
    await again.goto('/dashboard/orders');
    await expect(again).toHaveURL(/\/login/);
    await replay.close();
  } finally {
    await context.close();
  }
});

test('an email no Counterpart user has is refused with a message, and no account is made', async ({ browser }) => {
  const { context, page } = await signInAtProvider(browser, 'stranger');
  try {
    await expect(page).toHaveURL(/\/login\?sso=NOT_INVITED/);
    await expect(page.getByRole('alert').filter({ hasText: 'Ask an owner of your team to invite you' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
  } finally {
    await context.close();
  }
});

test('an email the provider has not verified is refused, even when a user has it', async ({ browser }) => {
  const { context, page } = await signInAtProvider(browser, 'unverified-claim');
  try {
    await expect(page).toHaveURL(/\/login\?sso=EMAIL_NOT_VERIFIED/);
    await expect(page.getByRole('alert').filter({ hasText: 'Test Identity has not verified the email' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
  } finally {
    await context.close();
  }
});
