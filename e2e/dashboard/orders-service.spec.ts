import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import WebSocket from 'ws';
import { DEMO_MERCHANT, appWithToken, expect, posWithToken, test } from '../support';

/**
 * A busy service on the orders board: 20 open orders over three steps (new, accepted, preparing) at the two demo
 * locations. The board is the screen at a phone, a tablet and a desktop width, in both themes and two browser time
 * zones; tickets read as a kitchen reads them; ages turn amber past the location's threshold; a bump is one tap and
 * recall brings finished tickets back; the all-day counts sum the open items; a POS going offline raises a banner.
 */
const CBD = 'demo-bistro-cbd';
const BONDI = 'demo-bistro-bondi';
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
];
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

test.describe.configure({ mode: 'serial' });

let app: { token: string };
let pos: { token: string };
let session: StorageState;
const stamp = Date.now();
const created: { id: string; reference: string; location: string; status: string }[] = [];

function orderBody(location: string, index: number, status?: 'ACCEPTED') {
  const reference = `SVC${stamp % 10_000}-${String(index).padStart(2, '0')}`;
  return {
    reference,
    body: {
      locationId: location,
      ...(status ? { status } : {}),
      origin: { orderId: `svc-${stamp}-${index}`, orderReference: reference },
      fulfilment: { type: index % 2 ? 'PICK_UP' : 'DINE_IN' },
      ...(index % 2 ? {} : { table: { id: String(10 + index), section: 'Main' } }),
      customers: [{ firstName: `Guest${index}` }],
      notes: index === 0 ? 'Well done, please.' : undefined,
      items: [
        {
          id: 'i1',
          sku: 'BB',
          description: 'Big breakfast',
          quantity: 2,
          unitPrice: { amount: 2450 },
          allergens: index === 0 ? [{ description: 'Nuts' }] : undefined,
          notes: index === 0 ? 'Eggs runny' : undefined,
          modifiers: [{ id: 'm1', sku: 'EB', description: 'Extra bacon', quantity: 1, unitPrice: { amount: 300 } }],
        },
        { id: 'i2', sku: 'FW', description: 'Flat white', quantity: 1 + (index % 3), unitPrice: { amount: 480 } },
      ],
      // Each Big breakfast carries its bacon: 2 × (24.50 + 3.00), and the flat whites.
      total: { amount: 2 * (2450 + 300) + (1 + (index % 3)) * 480 },
    },
  };
}

async function sendOrder(request: APIRequestContext, location: string, index: number, status?: 'ACCEPTED') {
  const { reference, body } = orderBody(location, index, status);
  const response = await request.post('/connect/orders', { headers: { authorization: `Bearer ${app.token}` }, data: body });
  expect(response.status(), await response.text()).toBe(201);
  const order = { id: ((await response.json()) as { id: string }).id, reference, location, status: status ?? 'CREATED' };
  created.push(order);
  return order;
}

async function signedIn(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ storageState: session, ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { context, page, problems };
}

async function openBoard(page: Page, path = '/dashboard/orders') {
  await page.goto(path);
  await expect(page.locator('[data-connection]')).toHaveAttribute('data-connection', 'live');
}

const ticket = (page: Page, id: string) => page.locator(`[data-ticket="${id}"]`);

test.beforeAll(async ({ browser, request }) => {
  test.setTimeout(120_000);
  pos = await posWithToken(browser, request, [CBD]);
  app = await appWithToken(request, 'ORDERING_APP', [CBD, BONDI]);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_MERCHANT.email);
  await page.getByLabel('Password').fill(DEMO_MERCHANT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard\//);
  session = await context.storageState();
  await context.close();
  // 6 accepted, then 6 to be preparing, then 8 new: three steps, two locations, the new ones last (their two minutes run).
  for (let index = 0; index < 12; index++) await sendOrder(request, index % 2 ? BONDI : CBD, index, 'ACCEPTED');
  for (const order of created
    .slice(0, 12)
    .filter((each) => each.location === CBD)
    .slice(0, 3)) {
    const moved = await request.patch(`/connect/orders/${order.id}`, {
      headers: { authorization: `Bearer ${pos.token}`, 'content-type': 'application/merge-patch+json' },
      data: JSON.stringify({ status: 'BEING_PREPARED' }),
    });
    expect(moved.status()).toBe(204);
    order.status = 'BEING_PREPARED';
  }
  for (let index = 12; index < 20; index++) await sendOrder(request, index % 2 ? BONDI : CBD, index);
});

test('new orders stand by urgency, oldest first; a ticket shows its items, modifiers, notes and allergens; all-day sums the open items', async ({
  browser,
}) => {
  const { context, page, problems } = await signedIn(browser, { viewport: VIEWPORTS[1], timezoneId: 'Australia/Sydney' });
  await openBoard(page);
  const newColumn = page.getByRole('region', { name: 'New', exact: true });
  const ours = created.filter((order) => order.status === 'CREATED').map((order) => order.id);
  for (const id of ours) await expect(newColumn.locator(`[data-ticket="${id}"]`)).toBeVisible();
  const order = await newColumn.locator('[data-ticket]').evaluateAll((tickets) => tickets.map((each) => each.getAttribute('data-ticket')));
  expect(order.filter((id) => ours.includes(id!))).toEqual(ours);
  const seconds = await newColumn.getByRole('timer').evaluateAll((timers) => timers.map((timer) => Number(timer.getAttribute('data-seconds'))));
  expect(seconds).toEqual([...seconds].sort((a, b) => a - b));

  const first = created[0]!;
  const card = ticket(page, first.id);
  await expect(card).toContainText('2 × Big breakfast');
  await expect(card.locator('[data-ticket-line="modifier"]')).toContainText('1 × Extra bacon');
  await expect(card).toContainText('“Eggs runny”');
  await expect(card).toContainText('Note: “Well done, please.”');
  await expect(card.getByText('Allergy: leave out Nuts')).toBeVisible();
  await expect(card.getByText('Allergy: leave out Nuts')).toHaveCSS('font-weight', '700');
  await expect(card).toContainText('Dine in · Table 10 · Main · Guest0');
  await expect(card).toContainText('$59.80');
  await expect(card).not.toContainText('Total differs from items');
  const itemSize = await card
    .locator('[data-ticket-line="item"]')
    .first()
    .evaluate((line) => parseFloat(getComputedStyle(line).fontSize));
  expect(itemSize).toBeGreaterThanOrEqual(16);

  // The docket reads line totals as line totals, and focus returns to the ticket when it closes.
  await card.locator('[data-order-card]').click();
  const docket = page.getByRole('article', { name: `Order ${first.reference}` });
  await expect(docket.getByLabel('Line total $49.00')).toBeVisible();
  await expect(docket.getByRole('button', { name: 'Print' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card.locator('[data-order-card]')).toBeFocused();

  // All day: what the open tickets want, summed.
  const openItems = await page
    .locator('[data-ticket]:not([data-status="FULFILLED"]):not([data-status="REJECTED"]) [data-ticket-line="item"]')
    .evaluateAll((lines) => lines.reduce((sum, line) => sum + Number(line.getAttribute('data-quantity')), 0));
  const allDay = await page
    .getByRole('region', { name: 'All day' })
    .locator('[data-all-day]')
    .evaluateAll((rows) => rows.reduce((sum, row) => sum + Number(row.getAttribute('data-quantity')), 0));
  expect(allDay).toBe(openItems);
  expect(allDay).toBeGreaterThanOrEqual(20 * 3);
  await context.close();
  expect(problems, problems.join('\n')).toEqual([]);
});

test('a location whose POS goes offline raises a banner with its orders at risk and their countdowns', async ({ browser, request, baseURL }) => {
  test.setTimeout(90_000);
  const socket = new WebSocket(`${baseURL!.replace(/^http/, 'ws')}/connect/pos/notifications/${CBD}`, { headers: { authorization: `Bearer ${pos.token}` } });
  await new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject));
  socket.send(JSON.stringify({ type: 'HELLO', posVersion: '1.0', supportedApis: [{ name: 'FOOD_ORDERING', version: '1.0' }] }));
  const { context, page, problems } = await signedIn(browser, { viewport: VIEWPORTS[1] });
  await openBoard(page, `/dashboard/orders?location=${CBD}`);
  // The board reads the POS presence with its orders (and every 30 s): a new order makes it read again at once.
  const before = await sendOrder(request, CBD, 20);
  await expect(ticket(page, before.id)).toBeVisible();
  await expect(page.locator('[data-pos-offline]')).toHaveAttribute('data-pos-offline', '');
  await expect(page.locator(`[data-offline-banner="${CBD}"]`)).toHaveCount(0);
  socket.close();
  await expect
    .poll(async () => (await request.get(`/connect/locations/${CBD}`, { headers: { authorization: `Bearer ${app.token}` } })).text())
    .toContain('RED');
  const after = await sendOrder(request, CBD, 21);
  const banner = page.getByRole('region', { name: 'POS offline at Demo Bistro CBD' });
  await expect(banner).toBeVisible();
  for (const order of [before, after]) await expect(banner).toContainText(order.reference);
  await expect(banner.getByRole('timer')).toHaveCount(await page.getByRole('region', { name: 'New', exact: true }).locator('[data-ticket]').count());
  await expect(page.locator('[data-pos-offline]')).toHaveAttribute('data-pos-offline', CBD);
  await context.close();
  expect(problems, problems.join('\n')).toEqual([]);
});

test('the first ticket is on screen at 390, 768 and 1280, light and dark, in two time zones; axe clean, no console errors', async ({ browser }) => {
  test.setTimeout(240_000);
  const tops: string[] = [];
  for (const [index, timezoneId] of ['Australia/Sydney', 'America/New_York'].entries()) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page, problems } = await signedIn(browser, { timezoneId, colorScheme, viewport: VIEWPORTS[0] });
      await openBoard(page);
      await expect(page.locator('html')).toHaveClass(new RegExp(colorScheme));
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.evaluate(() => window.scrollTo(0, 0));
        const first = page.locator('[data-ticket]').first();
        await expect(first).toBeVisible();
        const box = (await first.boundingBox())!;
        // Its header and first item line, at least, without scrolling.
        expect(box.y + 120, `${viewport.width}px ${colorScheme}: first ticket at ${box.y}px`).toBeLessThan(viewport.height);
        if (index === 0) tops.push(`${viewport.width}px ${colorScheme}: ${Math.round(box.y)}px`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${viewport.width}px: wider than the screen`).toBeLessThanOrEqual(0);
        // At 1024 px and wider a column per step in use; below, one list by step.
        const rows = await page
          .locator('[data-step-column]')
          .evaluateAll((sections) => [sections.length, new Set(sections.map((section) => Math.round(section.getBoundingClientRect().top))).size]);
        expect(rows[0]).toBeGreaterThanOrEqual(2);
        expect(rows[1]).toBe(viewport.width >= 1024 ? 1 : rows[0]);
        // axe over a busy board takes seconds: every width in light, the tablet in dark, in the first zone.
        if (index === 0 && (colorScheme === 'light' || viewport.width === 768)) {
          const axe = await new AxeBuilder({ page }).analyze();
          expect(
            axe.violations.map(
              (violation) => `${viewport.width}px ${colorScheme}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3)}`,
            ),
          ).toEqual([]);
        }
      }
      // No column for a step no open order uses (no delivery is open on this board).
      await expect(page.getByRole('region', { name: 'Out for delivery', exact: true })).toHaveCount(0);
      await context.close();
      expect(problems, problems.join('\n')).toEqual([]);
    }
  }
  test.info().annotations.push({ type: 'first ticket top', description: tops.join('; ') });
  console.log(`first ticket top: ${tops.join('; ')}`);
});

test('keyboard: the first ticket is one Tab past the toolbar, ? lists the shortcuts; a bump is one tap and recall brings it back', async ({ browser }) => {
  const { context, page, problems } = await signedIn(browser, { viewport: VIEWPORTS[2] });
  await openBoard(page);
  // The last control above the tickets: the folded ordering controls (pause, busy) that close the toolbar.
  await page.locator('summary', { hasText: /^Taking orders at/ }).focus();
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-order-card]').first()).toBeFocused();
  await page.keyboard.press('?');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts).toContainText('Bump the ticket to its next step');
  await page.keyboard.press('Escape');

  const preparing = created.find((order) => order.status === 'BEING_PREPARED')!;
  await page.getByRole('button', { name: `Mark ready order ${preparing.reference}` }).click();
  await expect(page.getByRole('region', { name: 'Ready', exact: true }).locator(`[data-ticket="${preparing.id}"]`)).toBeVisible();
  // b bumps the focused ticket.
  await page.locator(`[data-order-id="${preparing.id}"]`).focus();
  await page.keyboard.press('b');
  await expect(ticket(page, preparing.id)).toHaveCount(0);
  preparing.status = 'FULFILLED';

  await page.getByRole('button', { name: 'Recall' }).click();
  const recalled = page.getByRole('region', { name: 'Done' }).locator(`[data-ticket="${preparing.id}"]`);
  await expect(recalled).toBeVisible();
  await expect(recalled).toContainText('Fulfilled');
  await expect(recalled).toContainText(/at \d{1,2}:\d{2}/);
  await context.close();
  expect(problems, problems.join('\n')).toEqual([]);
});

test('a ticket turns amber, then red, past the thresholds the merchant sets for its location', async ({ browser }) => {
  test.setTimeout(150_000);
  const { context, page, problems } = await signedIn(browser, { viewport: VIEWPORTS[2] });
  await openBoard(page, `/dashboard/orders?location=${CBD}`);
  const setTimers = async (warn: string, late: string) => {
    await page.locator('summary[title="More"]').click();
    await page.getByRole('button', { name: 'Ticket timers…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ticket timers' });
    await dialog.getByLabel('Location').selectOption(CBD);
    await dialog.getByLabel('Amber after (min)').fill(warn);
    await dialog.getByLabel('Red after (min)').fill(late);
    await dialog.getByRole('button', { name: 'Save timers' }).click();
    await expect(dialog).toHaveCount(0);
  };
  try {
    // An accepted order waited since the start of this file; a fresh one starts at 00:00.
    const accepted = created.find((order) => order.location === CBD && order.status === 'ACCEPTED')!;
    const age = Number(await ticket(page, accepted.id).locator('[data-age]').getAttribute('data-age'));
    if (age < 5 * 60) await expect(ticket(page, accepted.id)).toHaveAttribute('data-age-level', 'ok');
    await setTimers('1', '2');
    await expect(ticket(page, accepted.id)).toHaveAttribute('data-age-level', /warn|late/, { timeout: 70_000 });
    await expect(ticket(page, accepted.id)).toHaveAttribute('data-age-level', 'late', { timeout: 70_000 });
  } finally {
    await setTimers('5', '10');
  }
  await context.close();
  expect(problems, problems.join('\n')).toEqual([]);
});
