import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { DEMO_ADMIN, expect, manage, test } from '../support';

const SHOTS = '/tmp/shots/mail';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The operator reads the reset mail to `email` in the console's outbox (no SMTP_URL in this run) and returns its link. */
async function resetLinkFromOutbox(browser: Browser, email: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.waitForURL(/\/dashboard\//);
  await page.goto('/dashboard/admin/mail?status=KEPT');
  const mail = page.getByRole('listitem').filter({ hasText: email });
  await expect(async () => {
    await page.reload();
    await expect(mail).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await mail.getByText('Read mail').click();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  const text = (await mail.getByTestId('mail-text').textContent()) ?? '';
  await context.close();
  const link = /http:\/\/\S+\/reset-password\?token=\S+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  return link!;
}

test.describe('forgotten password', () => {
  test('is reset by a single-use mailed link that ends every other session; an unknown email gets the same answer', async ({ browser, page, request }) => {
    test.setTimeout(120_000);
    const email = `reset-${Date.now()}@bistro.test`;
    const merchant = await manage<{ id: string }>(request, '/merchants', { name: `Reset Bistro ${Date.now()}` });
    await manage(request, '/users', { email, password: 'the first kitchen password', role: 'MERCHANT', merchantId: merchant.id });

    // Signed in on another device, which the reset must sign out.
    const otherDevice = await browser.newContext();
    const otherPage = await otherDevice.newPage();
    await signIn(otherPage, email, 'the first kitchen password');
    await otherPage.waitForURL(/\/dashboard\//);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const answer = await page.getByRole('status').textContent();
    expect(answer).toContain(email);

    // An email of no account: the same words, and no mail.
    const stranger = `nobody-${Date.now()}@bistro.test`;
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(stranger);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toHaveText(answer!.replace(email, stranger));

    const link = await resetLinkFromOutbox(browser, email);
    expect(link.startsWith(new URL(page.url()).origin)).toBe(true);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
    await expect(page.getByText(email)).toBeVisible();
    // The form with a live link, as the page matrix cannot open it: axe-clean, light and dark, phone to laptop.
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const width of [390, 768, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/reset-form-${colorScheme}-${width}.png` });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // A common password is refused, and the link still works for a better one.
    await page.getByLabel('New password').fill('password1234');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText(/too common/)).toBeVisible();
    await page.getByLabel('New password').fill('a fresh pass phrase for service');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/login\?reset=done$/);
    await expect(page.getByRole('status')).toContainText('Your password was changed');
    await page.screenshot({ path: `${SHOTS}/login-after-reset.png` });

    // The other device's session has ended.
    await otherPage.goto('/dashboard/orders');
    await expect(otherPage).toHaveURL(/\/login\?callbackUrl=/);
    await otherDevice.close();

    // The old password no longer opens the dashboard; the new one does.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('the first kitchen password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Email or password is incorrect.')).toBeVisible();
    await signIn(page, email, 'a fresh pass phrase for service');
    await page.waitForURL(/\/dashboard\//);

    // The link worked once.
    await page.goto(link);
    await expect(page.getByText(/^This link no longer works/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  });
});
