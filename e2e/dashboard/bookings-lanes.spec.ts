import { expect, test } from '@playwright/test';
import { DEMO_MERCHANT, appWithToken } from '../support';

const LOCATION = 'demo-bistro-cbd';
// A dining-room table of the demo floor that no other spec books.
const TABLE = '5';

test('overlapping bookings on one table sit in lanes, are both clickable, and the row warns of the conflict', async ({ page, request }) => {
  const app = await appWithToken(request, 'BOOKING_APP', [LOCATION]);
  // Midday tomorrow at the location (02:00 UTC is 12:00 or 13:00 in Sydney, the same calendar day), so both bookings
  // fall on one day whatever the time the test runs.
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(Date.now() + 24 * 3600_000));
  const start = Date.parse(`${day}T02:00:00Z`);
  const book = async (guest: string, at: number) => {
    const created = await request.post('/connect/bookings', {
      headers: { authorization: `Bearer ${app.token}`, accept: 'application/json; version=1.0' },
      data: {
        locationId: LOCATION,
        origin: { bookingReference: `lane-${guest}-${at}` },
        asset: { type: 'TABLE', tables: [{ number: TABLE }] },
        numberOfPeople: 2,
        startTime: new Date(at).toISOString(),
        endTime: new Date(at + 90 * 60_000).toISOString(),
        customer: { name: guest, phoneNumber: '0400 000 000', email: `${guest.toLowerCase()}@example.test` },
      },
    });
    expect(created.status()).toBe(201);
    return ((await created.json()) as { id: string }).id;
  };
  const first = await book('Early', start);
  const second = await book('Late', start + 30 * 60_000);

  await page.goto(`/login?callbackUrl=${encodeURIComponent(`/dashboard/bookings?location=${LOCATION}&date=${day}&to=${day}`)}`);
  await page.getByLabel('Email').fill(DEMO_MERCHANT.email);
  await page.getByLabel('Password').fill(DEMO_MERCHANT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  const row = page.getByTestId(`table-${TABLE}`);
  await expect(row).toHaveAttribute('data-lanes', '2');
  await expect(row.getByRole('note')).toHaveText(/Overlap/);
  for (const [id, guest] of [
    [first, 'Early'],
    [second, 'Late'],
  ] as const) {
    await row.locator(`[data-booking-id="${id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`booking=${id}`));
    const detail = page.getByRole('heading', { name: new RegExp(`^${guest} party of 2`) }).locator('xpath=ancestor::section[1]');
    await expect(detail).toContainText(guest);
    await expect(detail).toContainText('0400 000 000');
    await expect(detail).toContainText(`${guest.toLowerCase()}@example.test`);
  }
});
