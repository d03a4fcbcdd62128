import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { DEMO_MERCHANT, appWithToken } from '../support';

const LOCATION = 'demo-bistro-cbd';
const BOOKINGS = 55;

test('a busy day: the timeline shows every booking, the list a page of 50 at a time, and its pager fits every width in the dark', async ({
  browser,
  request,
}) => {
  const app = await appWithToken(request, 'BOOKING_APP', [LOCATION]);
  // Three days ahead at the location (no other spec books that day), from 01:00 UTC (midday there) every 5 minutes.
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(Date.now() + 3 * 24 * 3600_000));
  const start = Date.parse(`${day}T01:00:00Z`);
  const run = Date.now();
  for (let index = 0; index < BOOKINGS; index++) {
    const created = await request.post('/connect/bookings', {
      headers: { authorization: `Bearer ${app.token}`, accept: 'application/json; version=1.0' },
      data: {
        locationId: LOCATION,
        origin: { bookingReference: `busy-${run}-${index}` },
        asset: { type: 'TABLE', tables: [{ number: String(1 + (index % 6)) }] },
        numberOfPeople: 2,
        startTime: new Date(start + index * 5 * 60_000).toISOString(),
        customer: { name: `Busy ${index}` },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }

  const context = await browser.newContext({ colorScheme: 'dark', viewport: { width: 390, height: 800 } });
  const page = await context.newPage();
  await page.goto(`/login?callbackUrl=${encodeURIComponent(`/dashboard/bookings?location=${LOCATION}&date=${day}&to=${day}`)}`);
  await page.getByLabel('Email').fill(DEMO_MERCHANT.email);
  await page.getByLabel('Password').fill(DEMO_MERCHANT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.locator('[data-booking-id]')).toHaveCount(BOOKINGS);
  const rows = page.getByRole('table', { name: 'Bookings' }).locator('tbody tr');
  const pager = page.getByRole('navigation', { name: 'Pages of bookings' });
  await expect(rows).toHaveCount(50);
  await expect(pager.getByRole('status')).toHaveText(`1–50 of ${BOOKINGS} bookings`);
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect((await new AxeBuilder({ page }).include('nav[aria-label="Pages of bookings"]').analyze()).violations).toEqual([]);
  }

  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(rows).toHaveCount(BOOKINGS - 50);
  await expect(rows.first()).toContainText('Busy 50');
  await expect(pager.getByRole('status')).toHaveText(`51–${BOOKINGS} of ${BOOKINGS} bookings`);
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

  // A filter starts again at the first page: table 1 (of the dining room's six) has every sixth booking, one page.
  await page.getByLabel('Filter by table').selectOption('1');
  await expect(rows).toHaveCount(Math.ceil(BOOKINGS / 6));
  await expect(rows.first()).toContainText('Busy 0');
  await expect(pager).toBeHidden();
  await context.close();
});
