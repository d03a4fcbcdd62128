import type { Page } from '@playwright/test';
import { DEMO_MERCHANT, appWithToken, posWithToken, expect, test } from '../support';

const LOCATION = 'demo-bistro-cbd';

async function openBoard(page: Page) {
  // The board follows the dashboard event stream; wait until it is open so no event is missed.
  const streamOpened = page.waitForResponse((response) => response.url().includes('/dashboard/stream'));
  await page.goto('/dashboard/orders');
  await page.getByLabel('Email').fill(DEMO_MERCHANT.email);
  await page.getByLabel('Password').fill(DEMO_MERCHANT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  // Columns show only for the steps open orders use: the board is ready when its stream is.
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await streamOpened;
}

test.describe('live orders board', () => {
  test('a new order appears without reload with its countdown, and moves when the POS accepts it', async ({ page, browser, request }) => {
    const pos = await posWithToken(browser, request, [LOCATION]);
    const app = await appWithToken(request, 'ORDERING_APP', [LOCATION]);
    await openBoard(page);

    const reference = `E2E ${Date.now()}`;
    const created = await request.post('/connect/orders', {
      headers: { authorization: `Bearer ${app.token}` },
      data: {
        locationId: LOCATION,
        origin: { orderId: `e2e-${Date.now()}`, orderReference: reference },
        fulfilment: { type: 'PICK_UP' },
        customers: [{ firstName: 'Wilhelmina-Theodora-Maximiliana' }],
        items: [{ id: 'i1', sku: 'FW', description: 'Flat white', quantity: 2, unitPrice: { amount: 480 } }],
        total: { amount: 960 },
      },
    });
    expect(created.status()).toBe(201);
    const orderId = ((await created.json()) as { id: string }).id;

    const newColumn = page.getByRole('region', { name: 'New', exact: true });
    const card = newColumn.locator(`[data-order-id="${orderId}"]`);
    await expect(card).toBeVisible();
    await expect(card).toContainText(reference);
    await expect(card).toContainText('New order');
    await expect(page.getByText(`New order ${reference}`)).toBeVisible();

    const timer = card.getByRole('timer');
    const first = Number(await timer.getAttribute('data-seconds'));
    expect(first).toBeGreaterThan(100);
    await expect.poll(async () => Number(await timer.getAttribute('data-seconds')), { timeout: 5000 }).toBeLessThan(first);

    const accepted = await request.patch(`/connect/orders/${orderId}`, {
      headers: { authorization: `Bearer ${pos.token}`, 'content-type': 'application/merge-patch+json' },
      data: JSON.stringify({ status: 'ACCEPTED' }),
    });
    expect(accepted.status()).toBe(204);
    await expect(page.getByRole('region', { name: 'Accepted', exact: true }).locator(`[data-order-id="${orderId}"]`)).toBeVisible();
    await expect(card).toHaveCount(0);

    await page.getByRole('region', { name: 'Accepted', exact: true }).locator(`[data-order-id="${orderId}"]`).click();
    const docket = page.getByRole('article', { name: `Order ${reference}` });
    await expect(docket).toContainText('Flat white');
    await expect(docket.getByRole('region', { name: 'Status history' })).toContainText('New → Accepted');
  });

  test('the sandbox sends a sample order from the demo ordering app', async ({ page }) => {
    await openBoard(page);
    // Sample orders sit in the toolbar's menu, never above the live tickets.
    await expect(page.getByRole('button', { name: 'Send sample order' })).toBeHidden();
    await page.locator('summary', { hasText: 'More' }).click();
    await page.getByRole('button', { name: 'Send sample order' }).click();
    const sent = page.getByText(/Sample order S-\d+ sent/);
    await expect(sent).toBeVisible();
    // Found by its reference, not by counting the column: other specs' orders come and go (auto-rejected) meanwhile.
    const reference = /S-\d+/.exec((await sent.textContent()) ?? '')![0];
    const card = page.getByRole('region', { name: 'New', exact: true }).locator('[data-order-id]', { hasText: new RegExp(`\\b${reference}\\b`) });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Demo Ordering App');
  });
});
