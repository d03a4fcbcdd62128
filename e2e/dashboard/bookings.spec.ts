import type { Page } from '@playwright/test';
import { DEMO_MERCHANT, appWithToken, posWithToken, expect, test } from '../support';

const LOCATION = 'demo-bistro-cbd';
// A terrace table of the demo floor (lib/tables/demo-floor.ts) that no other spec seats.
const TABLE = 'T4';

async function openBookings(page: Page) {
  // The page follows the dashboard event stream; wait until it is open so no event is missed.
  const streamOpened = page.waitForResponse((response) => response.url().includes('/dashboard/stream'));
  await page.goto(`/dashboard/bookings?location=${LOCATION}`);
  await page.getByLabel('Email').fill(DEMO_MERCHANT.email);
  await page.getByLabel('Password').fill(DEMO_MERCHANT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/bookings/);
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
  await streamOpened;
}

test.describe('bookings day view', () => {
  test("a booking app's reservation appears live on the day view, the merchant accepts it, and its table status follows the POS", async ({
    page,
    browser,
    request,
  }) => {
    const pos = await posWithToken(browser, request, [LOCATION]);
    const app = await appWithToken(request, 'BOOKING_APP', [LOCATION]);
    await openBookings(page);

    const guest = `E2E Guest ${Date.now()}`;
    const created = await request.post('/connect/bookings', {
      headers: { authorization: `Bearer ${app.token}`, accept: 'application/json; version=1.0' },
      data: {
        locationId: LOCATION,
        origin: { bookingReference: `e2e-${Date.now()}` },
        asset: { type: 'TABLE', tables: [{ number: TABLE }] },
        numberOfPeople: 4,
        // Now is on today's page at the location, whatever its time zone.
        startTime: new Date().toISOString(),
        customer: { name: guest },
      },
    });
    expect(created.status()).toBe(201);
    const bookingId = ((await created.json()) as { id: string }).id;

    // Live: no reload. On the timeline in the table's row, and in the list with party size and statuses.
    const bar = page.getByTestId(`table-${TABLE}`).locator(`[data-booking-id="${bookingId}"]`);
    await expect(bar).toContainText(guest);
    await expect(bar).toContainText('4 ppl');
    const row = page.getByRole('table', { name: 'Bookings' }).locator(`tr[data-booking-id="${bookingId}"]`);
    await expect(row).toContainText(guest);
    await expect(row).toContainText('Created');

    // The merchant accepts it in the detail, which shows the history.
    await bar.click();
    await expect(page).toHaveURL(new RegExp(`booking=${bookingId}`));
    const history = page.getByRole('list', { name: 'Booking history' });
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Booking accepted.')).toBeVisible();
    await expect(row).toContainText('Accepted');
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').first()).toContainText('Merchant');

    // The POS moves the table status forward; each step shows without reload.
    for (const [tableStatus, shown] of [
      ['SEATED', 'Seated'],
      ['DINING', 'Dining'],
      ['FINALISED', 'Finalised'],
    ] as const) {
      const patched = await request.patch(`/connect/bookings/${bookingId}`, {
        headers: { authorization: `Bearer ${pos.token}`, 'content-type': 'application/merge-patch+json' },
        data: JSON.stringify({ asset: { tableStatus } }),
      });
      expect(patched.status()).toBe(204);
      await expect(row.locator('td').nth(6)).toHaveText(shown);
      await expect(bar).toContainText(shown);
      await expect(page.getByTestId('detail-table-status')).toHaveText(shown);
    }
    await expect(history.getByRole('listitem')).toHaveCount(5);
    await expect(history.getByRole('listitem').first()).toContainText('Finalised');
  });
});
