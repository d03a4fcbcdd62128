import { DEMO_MERCHANT, posWithToken, expect, test } from '../support';

const LOCATION = 'demo-bistro-bondi';

test.describe('floor page', () => {
  test('the merchant adds a section and a table; a POS opens a sale on it and the table turns Open without a reload', async ({ page, browser, request }) => {
    const pos = await posWithToken(browser, request, [LOCATION]);
    const suffix = Date.now().toString(36).toUpperCase();
    const sectionName = `Mezzanine ${suffix}`;
    const tableNumber = `M-${suffix}`;

    // The page follows the dashboard event stream; wait until it is open so no event is missed.
    const streamOpened = page.waitForResponse((response) => response.url().includes('/dashboard/stream'));
    await page.goto(`/dashboard/tables?location=${LOCATION}`);
    await page.getByLabel('Email').fill(DEMO_MERCHANT.email);
    await page.getByLabel('Password').fill(DEMO_MERCHANT.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard\/tables/);
    await streamOpened;

    // Inline validation uses the API's rules: a comma is not allowed in a table number.
    await page.getByLabel('Table number').fill('A,B');
    await page.getByRole('button', { name: 'Add table' }).click();
    await expect(page.getByText('A table number holds letters and digits')).toBeVisible();

    await page.getByLabel('Section name').fill(sectionName);
    await page.getByRole('button', { name: 'Add section' }).click();
    await expect(page.getByRole('list', { name: 'Sections' }).getByLabel(`Rename section ${sectionName}`)).toBeVisible();

    await page.getByLabel('Table number').fill(tableNumber);
    await page.getByLabel('Section', { exact: true }).selectOption({ label: sectionName });
    await page.getByRole('button', { name: 'Add table' }).click();
    const row = page.getByRole('row', { name: `Table ${tableNumber}`, exact: true });
    await expect(row).toContainText(sectionName);
    await expect(row.getByText('Free', { exact: true })).toBeVisible();

    const sale = await request.post('/connect/sales', {
      headers: { authorization: `Bearer ${pos.token}` },
      data: {
        locationId: LOCATION,
        origin: { saleId: `e2e-${suffix}` },
        status: 'OPEN',
        openedZonedDateTime: '2026-05-02T19:05:00+10:00',
        table: { number: tableNumber, seats: 2 },
        staff: { id: 'staff-42' },
        total: { amount: 4250, currency: 'AUD' },
      },
    });
    expect(sale.status()).toBe(201);

    await expect(row.getByText('Open', { exact: true })).toBeVisible();
    await expect(row).toContainText('$42.50');
    await expect(row).toContainText('staff staff-42');
  });
});
