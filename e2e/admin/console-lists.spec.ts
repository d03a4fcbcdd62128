import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_API_KEY } from '../../playwright.config';
import { DEMO_ADMIN } from '../support';

// The console's lists on a hub with hundreds of partners: each pages with a cursor, filters through the URL, and the
// search box finds a partner by name and a request by its X-Request-Id.

const PARTNERS = 300;
const stamp = Date.now().toString(36);
const prefix = `Scale ${stamp}`;
let requestId = '';

async function signIn(page: Page, path: string) {
  await page.goto(path);
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

/** Follows "Next page" and waits until the page at its cursor is the one shown. */
async function followNext(page: Page) {
  const link = page.getByRole('link', { name: 'Next page' });
  const href = (await link.getAttribute('href'))!;
  await link.click();
  await page.waitForURL((url) => `${url.pathname}${url.search}` === href);
  await page.waitForLoadState('networkidle');
}

test.describe('console lists at scale', () => {
  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    // Within /manage's rate limit (600 a minute): twenty at a time.
    for (let start = 0; start < PARTNERS; start += 20) {
      const batch = Array.from({ length: Math.min(20, PARTNERS - start) }, (_, index) => start + index);
      const responses = await Promise.all(
        batch.map((n) =>
          request.post('/manage/partners', {
            headers: { authorization: `Bearer ${E2E_ADMIN_API_KEY}`, 'x-request-id': `scale-${stamp}-${n}` },
            data: { name: `${prefix} ${String(n).padStart(3, '0')}`, type: n % 2 ? 'ORDERING_APP' : 'BOOKING_APP' },
          }),
        ),
      );
      for (const response of responses) expect(response.status()).toBe(201);
    }
    requestId = `scale-${stamp}-7`;
  });

  test('pages partners by name, filters them, and finds one by name and a request by id', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, '/dashboard/admin/partners');
    // The whole list is a page of 50, not every partner with every form: it loads at once.
    const started = Date.now();
    await page.goto('/dashboard/admin/partners');
    await expect(page.getByTestId('partner-name').first()).toBeVisible();
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(page.getByTestId('partner-name')).toHaveCount(50);

    // Filtered to this run's partners, 100 a page: three pages, the last saying so.
    await page.goto(`/dashboard/admin/partners?name=${encodeURIComponent(prefix)}&size=100`);
    const seen: string[] = [];
    for (const expected of [100, 100, 100]) {
      await expect(page.getByTestId('partner-name')).toHaveCount(expected);
      seen.push(...(await page.getByTestId('partner-name').allTextContents()));
      const next = page.getByRole('link', { name: 'Next page' });
      if (seen.length < PARTNERS) await followNext(page);
      else await expect(next).toHaveCount(0);
    }
    expect(new Set(seen).size).toBe(PARTNERS);
    expect(seen).toEqual([...seen].sort());
    await expect(page.getByTestId('pager')).toContainText('the last page');

    // Type filter in the URL: only booking apps.
    await page.goto(`/dashboard/admin/partners?name=${encodeURIComponent(prefix)}&type=BOOKING_APP&size=100`);
    const rows = page.getByTestId('partners').locator('tbody tr');
    await expect(rows).toHaveCount(100);
    await followNext(page);
    await expect(rows).toHaveCount(PARTNERS / 2 - 100);
    for (const type of await rows.locator('td:nth-child(2)').allTextContents()) expect(type).toBe('Booking app');

    // Find by name: one match goes straight to the partner's page.
    await page.getByLabel('Find by id or name').fill(`${prefix} 123`);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${prefix} 123`);

    // Find by request id: the request's page in the log, with what it did.
    await page.getByLabel('Find by id or name').fill(requestId);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page.getByTestId('request-detail')).toContainText(requestId);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('POST /manage/partners');
  });

  test('pages the request log, filters it by method and route, and hides polling unless asked', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, '/dashboard/admin/requests?method=POST&route=%2Fmanage%2Fpartners&size=25');
    const log = page.getByTestId('request-log');
    await expect(log.locator('tbody tr')).toHaveCount(25);
    // Each row links to the request's own page: the two pages of the list share none.
    const rowLinks = () => log.locator('tbody tr a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    const first = await rowLinks();
    await followNext(page);
    await expect(log.locator('tbody tr')).toHaveCount(25);
    const second = await rowLinks();
    expect(new Set([...first, ...second]).size).toBe(50);
    expect(second.some((row) => first.includes(row))).toBe(false);
    await expect(page).toHaveURL(/after=/);
    // Hide polling is on by default and can be turned off from the form.
    await expect(page.getByLabel('Hide polling')).toBeChecked();
    await page.getByLabel('Hide polling').uncheck();
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/hidePollingShown=1/);
    await expect(page.getByLabel('Hide polling')).not.toBeChecked();
    await expect(page).not.toHaveURL(/after=/);
  });

  test('pages merchants and a merchant’s locations, finds a merchant, and offers locations by search when connecting a partner', async ({ page, request }) => {
    test.setTimeout(120_000);
    const merchantPrefix = `Merchant ${stamp}`;
    const ids: string[] = [];
    for (let start = 0; start < 60; start += 20) {
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          request.post('/manage/merchants', {
            headers: { authorization: `Bearer ${E2E_ADMIN_API_KEY}` },
            data: { name: `${merchantPrefix} ${String(start + index).padStart(2, '0')}` },
          }),
        ),
      );
      for (const response of responses) {
        expect(response.status()).toBe(201);
        ids.push(((await response.json()) as { id: string }).id);
      }
    }
    // The first merchant (by name) has 30 locations.
    const [firstMerchant] = [...ids];
    const locationResponses = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        request.post(`/manage/merchants/${firstMerchant}/locations`, {
          headers: { authorization: `Bearer ${E2E_ADMIN_API_KEY}` },
          data: { name: `Site ${stamp} ${String(n).padStart(2, '0')}`, locationId: `site-${stamp}-${n}` },
        }),
      ),
    );
    for (const response of locationResponses) expect(response.status()).toBe(201);

    await signIn(page, '/dashboard/admin/tenants');
    await page.goto(`/dashboard/admin/tenants?name=${encodeURIComponent(merchantPrefix)}&size=25`);
    const names = page.getByTestId('merchant-name');
    const seen: string[] = [];
    for (const expected of [25, 25, 10]) {
      await expect(names).toHaveCount(expected);
      seen.push(...(await names.allTextContents()));
      if (seen.length < 60) await followNext(page);
    }
    expect(new Set(seen).size).toBe(60);
    await expect(page.getByTestId('pager')).toContainText('the last page');

    // The merchant's own page: its locations 25 at a time.
    await page.getByLabel('Find by id or name').fill(`${merchantPrefix} 00`);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${merchantPrefix} 00`);
    await page.goto(`/dashboard/admin/tenants/${firstMerchant}?size=25`);
    const locationRows = page.getByTestId('locations').locator('tbody tr');
    await expect(locationRows).toHaveCount(25);
    await followNext(page);
    await expect(locationRows).toHaveCount(5);
    await page.goto(`/dashboard/admin/tenants/${firstMerchant}?name=${encodeURIComponent(`site-${stamp}-7`)}`);
    await expect(locationRows).toHaveCount(1);

    // Connecting a partner: the location field asks the server as one types, and offers at most 20 matches.
    await page.goto(`/dashboard/admin/partners?name=${encodeURIComponent(`${prefix} 001`)}`);
    await page.getByRole('link', { name: `${prefix} 001`, exact: true }).click();
    await page.getByRole('button', { name: 'Connect a location', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Location', { exact: true }).fill(`Site ${stamp}`);
    await expect(dialog.locator('datalist option')).toHaveCount(20);
    await expect(page.locator('select option')).toHaveCount(0);
    await dialog.getByLabel('Location', { exact: true }).fill(`site-${stamp}-12`);
    await expect(dialog.locator(`datalist option[value="site-${stamp}-12"]`)).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(dialog.getByText(`Connected to site-${stamp}-12.`)).toBeVisible();
  });

  test('lists users, events and webhook endpoints with their filters in the URL', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, '/dashboard/admin/users?role=ADMIN');
    await expect(page.getByTestId('users')).toContainText(DEMO_ADMIN.email);
    await expect(page.getByTestId('users')).not.toContainText('Merchant owner');
    await page.goto(`/dashboard/admin/users?email=${encodeURIComponent('demo-bistro')}`);
    await expect(page.getByTestId('users').locator('tbody tr').first()).toContainText('Merchant owner');
    await expect(page.getByLabel('Email contains')).toHaveValue('demo-bistro');

    await page.goto('/dashboard/admin/endpoints?state=enabled');
    await expect(page.getByTestId('endpoints').locator('tbody tr').first()).toContainText('enabled');
    await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('enabled');

    await page.goto('/dashboard/admin/events?type=ORDER_CREATED&size=25');
    await expect(page.getByLabel('Event type')).toHaveValue('ORDER_CREATED');
    await expect(page.getByTestId('pager')).toContainText('events on this page');
  });
});
