import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_MERCHANT, appWithToken, expect, test } from '../support';

const LOCATION = 'demo-bistro-cbd';
const SHOTS = process.env.E2E_SHOTS_DIR;

async function signIn(page: Page) {
  await page.goto('/dashboard/orders');
  await page.getByLabel('Email').fill(DEMO_MERCHANT.email);
  await page.getByLabel('Password').fill(DEMO_MERCHANT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
}

const order = (request: APIRequestContext, token: string) =>
  request.post('/connect/orders', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      locationId: LOCATION,
      origin: { orderId: `e2e-av-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`, orderReference: 'AV-1' },
      fulfilment: { type: 'PICK_UP' },
      items: [{ id: 'i1', sku: 'FW', description: 'Flat white', quantity: 1, unitPrice: { amount: 480 } }],
      total: { amount: 480 },
    },
  });

async function expectAxeClean(page: Page) {
  // The pointer rests where the last click left it; axe judges the page at rest, not a hovered button.
  await page.mouse.move(0, 0);
  // and after the toasts (fading in and out, half transparent) have gone.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`)).toEqual([]);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the merchant pauses a location for 15 minutes from the board at 768 px and resumes it (${colorScheme})`, async ({ browser, request }) => {
    const app = await appWithToken(request, 'ORDERING_APP', [LOCATION]);
    const context = await browser.newContext({ timezoneId: 'Australia/Sydney', colorScheme, viewport: { width: 768, height: 1000 } });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await signIn(page);

    const panel = page.locator('section', { has: page.getByRole('link', { name: 'Hours and special days' }) }).filter({
      has: page.locator(`a[href="/dashboard/locations/${LOCATION}/availability"]`),
    });
    // While every location takes orders the controls fold into one line above the tickets.
    // The demo merchant has two locations.
    const folded = page.getByText('Taking orders at both locations: pause or set busy…', { exact: true });
    await folded.click();
    await panel.getByText('Pause or set busy…').click();
    await expect(panel.getByRole('button', { name: 'Pause' })).toBeVisible();
    await panel.getByLabel('Pause for').selectOption('15');
    await panel.getByLabel('Reason').selectOption('Kitchen issue');
    await panel.getByRole('button', { name: 'Pause' }).click();

    const banner = panel.getByRole('status');
    await expect(banner).toContainText(/Paused until \d{1,2}:\d{2} (am|pm) \(Kitchen issue\)/);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/board-paused-768-${colorScheme}.png`, fullPage: true });
    }
    await expectAxeClean(page);

    const refused = await order(request, app.token);
    expect(refused.status()).toBe(409);
    const problem = (await refused.json()) as { code: string; state: string; reason: string; nextOpenAt: string };
    expect(problem).toMatchObject({ code: 'LOCATION_UNAVAILABLE', state: 'PAUSED', reason: 'PAUSED_BY_MERCHANT' });
    const minutes = (Date.parse(problem.nextOpenAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(13);
    expect(minutes).toBeLessThanOrEqual(15);

    await panel.getByRole('button', { name: 'Resume' }).click();
    await expect(folded).toBeVisible();
    if (!(await panel.getByText('Pause or set busy…').isVisible())) await folded.click();
    if (!(await panel.getByRole('button', { name: 'Pause' }).isVisible())) await panel.getByText('Pause or set busy…').click();
    await expect(panel.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(banner).toHaveCount(0);
    expect((await order(request, app.token)).status()).toBe(201);

    await panel.getByLabel('Extra minutes').selectOption('20');
    await panel.getByRole('button', { name: 'Set busy' }).click();
    await expect(banner).toContainText('Busy: orders take 20 min longer until cleared.');
    await expectAxeClean(page);
    await panel.getByRole('button', { name: 'Clear busy' }).click();
    await expect(banner).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
}

test('the location page keeps weekly hours with split ranges, special days and the POS-offline rule', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ timezoneId: 'Australia/Sydney', viewport: { width: 390, height: 900 } });
  const page = await context.newPage();
  await signIn(page);
  await page.goto(`/dashboard/locations/${LOCATION}/availability`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('opening hours');
  await page.getByLabel('Monday').fill('25:00–14:30');
  await page.getByRole('button', { name: 'Save hours' }).click();
  await expect(page.getByText('Write ranges as 11:30–14:30, 17:30–22:00.')).toBeVisible();
  const useHours = page.getByLabel('Take orders only within these hours (unticked: at all times)');
  await useHours.check();
  await page.getByLabel('Monday').fill('11:30–14:30, 17:30–22:00');
  for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) await page.getByLabel(day).fill('00:00–24:00');
  await page.getByRole('button', { name: 'Save hours' }).click();
  await expect(page.getByText('Opening hours saved.')).toBeVisible();
  await page.getByLabel('Date', { exact: true }).fill('2030-12-25');
  await page.getByLabel('Note').fill('Christmas');
  await page.getByLabel('Closed all day').check();
  await page.getByRole('button', { name: 'Add special day' }).click();
  await expect(page.getByText('Special day saved.')).toBeVisible();
  await page.getByLabel('Pause ordering while the POS is offline').uncheck();
  await page.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByText('POS-offline rule saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Monday')).toHaveValue('11:30–14:30, 17:30–22:00');
  await expect(page.getByLabel('Pause ordering while the POS is offline')).not.toBeChecked();
  await page.getByRole('button', { name: 'Remove Wed 25 Dec 2030' }).click();
  // The row goes, and its form with it.
  await expect(page.getByRole('button', { name: 'Remove Wed 25 Dec 2030' })).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-390-hours.png`, fullPage: true });
  // Back to how the browser tests' server keeps the demo locations (open at all times; the POS-offline rule off, as
  // POS_OFFLINE_PAUSE_DEFAULT=false makes it) for the other specs.
  await page.getByLabel('Take orders only within these hours (unticked: at all times)').uncheck();
  await page.getByRole('button', { name: 'Save hours' }).click();
  await expect(page.getByText('Open at all times.')).toBeVisible();
  await expect(page.getByLabel('Pause ordering while the POS is offline')).not.toBeChecked();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-390.png`, fullPage: true });
  await expectAxeClean(page);
  await context.close();
});
