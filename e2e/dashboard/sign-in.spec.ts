import { DEMO_ADMIN, DEMO_MERCHANT, DEMO_REVIEWER, expect, test } from '../support';

test.describe('dashboard sign-in', () => {
  test('the demo merchant signs in and sees the merchant navigation', async ({ page }) => {
    await page.goto('/dashboard/tables');
    await expect(page).toHaveURL(/\/login\?callbackUrl=/);
    await page.getByLabel('Email').fill(DEMO_MERCHANT.email);
    await page.getByLabel('Password').fill(DEMO_MERCHANT.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard\/tables$/);
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    for (const label of ['Orders', 'Tables', 'Bookings', 'Loyalty']) await expect(nav.getByRole('link', { name: label })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  });

  test('a return address that names another host ends on this site after signing in', async ({ page, baseURL }) => {
    const elsewhere: string[] = [];
    await page.route(
      (url) => url.origin !== new URL(baseURL!).origin,
      (route) => {
        elsewhere.push(route.request().url());
        return route.abort();
      },
    );
    // As the probe sent them: "/\evil.example/x" and "/<tab>/evil.example", which browsers read as protocol-relative.
    for (const callbackUrl of ['%2F%5Cevil.example%2Fx', '%2F%09%2Fevil.example', '%2F%2Fevil.example', 'https%3A%2F%2Fevil.example']) {
      await page.context().clearCookies();
      await page.goto(`/login?callbackUrl=${callbackUrl}`);
      await page.getByLabel('Email').fill(DEMO_MERCHANT.email);
      await page.getByLabel('Password').fill(DEMO_MERCHANT.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
      expect(new URL(page.url()).origin, callbackUrl).toBe(new URL(baseURL!).origin);
    }
    expect(elsewhere).toEqual([]);
  });

  test('a wrong password is refused with a clear message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO_MERCHANT.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Email or password is incorrect.')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('each role sees only its own pages', async ({ page }) => {
    for (const [user, visible] of [
      [DEMO_ADMIN, 'Admin'],
      [DEMO_REVIEWER, 'Onboarding'],
    ] as const) {
      await page.context().clearCookies();
      await page.goto('/login');
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      await expect(nav.getByRole('link', { name: visible })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Orders' })).toHaveCount(0);
    }
    const forbidden = await page.goto('/dashboard/orders');
    expect(forbidden?.status()).toBe(404);
  });
});
