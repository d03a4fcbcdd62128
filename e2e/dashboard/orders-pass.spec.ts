import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page, type Request as PlaywrightRequest } from '@playwright/test';
import { DEMO_MERCHANT, appWithToken, manage } from '../support';

/**
 * docs/contract.md#merchant-moves: the merchant runs the pass from the board by a POS's rules. Each move reaches the ordering app (its
 * webhook receiver gets the event), the docket's history names the merchant, and a refused move shows the API's
 * message.
 */
const LOCATION = 'demo-bistro-cbd';

let receiver: Server;
const received: { type: string; data: { id: string } }[] = [];

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      try {
        received.push(JSON.parse(body) as { type: string; data: { id: string } });
      } catch {
        // Not an event.
      }
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

async function orderingAppWithWebhook(request: APIRequestContext) {
  const app = await appWithToken(request, 'ORDERING_APP', [LOCATION]);
  const port = (receiver.address() as AddressInfo).port;
  await manage(request, `/partners/${app.partnerId}/webhooks`, { url: `http://127.0.0.1:${port}/hook` });
  return app;
}

async function sendOrder(request: APIRequestContext, token: string, reference: string) {
  const created = await request.post('/connect/orders', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      locationId: LOCATION,
      origin: { orderId: `pass-${Date.now()}-${Math.random()}`, orderReference: reference },
      fulfilment: { type: 'PICK_UP' },
      customers: [{ firstName: 'Ada' }],
      items: [{ id: 'i1', sku: 'LT', description: 'Latte', quantity: 1, unitPrice: { amount: 500 } }],
      total: { amount: 500 },
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

async function signIn(page: Page) {
  await page.goto('/login?callbackUrl=/dashboard/orders');
  await page.getByLabel('Email').fill(DEMO_MERCHANT.email);
  await page.getByLabel('Password').fill(DEMO_MERCHANT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('[data-connection]')).toHaveAttribute('data-connection', 'live');
}

const eventsFor = (orderId: string) => received.filter((event) => event.data.id === orderId).map((event) => event.type);

test('accept → preparing → ready → fulfilled from the board, each event delivered to the app, the merchant in the history', async ({ page, request }) => {
  const app = await orderingAppWithWebhook(request);
  await signIn(page);
  const reference = `PASS ${Date.now()}`;
  const orderId = await sendOrder(request, app.token, reference);
  const card = page.locator(`[data-order-id="${orderId}"]`);
  await expect(page.getByRole('region', { name: 'New', exact: true }).locator(`[data-order-id="${orderId}"]`)).toBeVisible();
  // The tab's title counts the orders waiting for a decision, and the arrival is announced until it is decided.
  await expect(page).toHaveTitle(/^\(\d+\) Orders/);
  await expect(page.getByText(`New order ${reference}`)).toBeVisible();

  // Keyboard: focus the card and press "a" to accept.
  await card.focus();
  await page.keyboard.press('a');
  await expect(page.getByRole('region', { name: 'Accepted', exact: true }).locator(`[data-order-id="${orderId}"]`)).toBeVisible();
  await expect(page.getByText(`New order ${reference}`)).toHaveCount(0);
  await expect.poll(() => eventsFor(orderId)).toContain('ORDER_ACCEPTED');

  await page.getByRole('button', { name: `Start preparing order ${reference}` }).click();
  await expect(page.getByRole('region', { name: 'Preparing', exact: true }).locator(`[data-order-id="${orderId}"]`)).toBeVisible();
  await page.getByRole('button', { name: `Mark ready order ${reference}` }).click();
  await expect(page.getByRole('region', { name: 'Ready', exact: true }).locator(`[data-order-id="${orderId}"]`)).toBeVisible();
  await page.getByRole('button', { name: `Mark fulfilled order ${reference}` }).click();
  await expect(card).toHaveCount(0);
  await expect.poll(() => eventsFor(orderId)).toEqual(['ORDER_ACCEPTED', 'ORDER_BEING_PREPARED', 'ORDER_READY', 'ORDER_FULFILLED']);

  // Recall brings the finished tickets back into view.
  await page.getByRole('button', { name: 'Recall' }).click();
  await expect(page).toHaveURL(/view=done/);
  // Enter on a card opens its docket.
  await page.getByRole('region', { name: 'Done' }).locator(`[data-order-id="${orderId}"]`).focus();
  await page.keyboard.press('Enter');
  const history = page.getByRole('article', { name: `Order ${reference}` }).getByRole('region', { name: 'Status history' });
  await expect(history).toContainText('New → Accepted');
  await expect(history).toContainText('Ready → Fulfilled');
  await expect(history).toContainText('Demo Bistro Manager');
});

test('reject with a reason from the board; a move the API refuses shows its message', async ({ page, request }) => {
  // The board's reads of the feed still under way, so the stale-board step below can wait for them to land.
  const feedReads = new Set<PlaywrightRequest>();
  page.on('request', (read) => {
    if (read.url().includes('/dashboard/orders/feed')) feedReads.add(read);
  });
  page.on('requestfinished', (read) => feedReads.delete(read));
  page.on('requestfailed', (read) => feedReads.delete(read));
  const app = await orderingAppWithWebhook(request);
  await signIn(page);
  const reference = `REJ ${Date.now()}`;
  const orderId = await sendOrder(request, app.token, reference);
  // Keyboard: j/k move between cards, r rejects the focused one (after a reason).
  await expect(page.locator(`[data-order-id="${orderId}"]`)).toBeVisible();
  const cards = page.locator('[data-order-card]');
  await cards.first().focus();
  const index = await cards.evaluateAll((buttons, id) => buttons.findIndex((button) => button.getAttribute('data-order-id') === id), orderId);
  for (let i = 0; i < index; i++) await page.keyboard.press('j');
  await expect(page.locator(`[data-order-id="${orderId}"]`)).toBeFocused();
  await page.keyboard.press('r');
  const dialog = page.getByRole('dialog', { name: `Reject order ${reference}?` });
  await dialog.getByLabel('Other', { exact: true }).check();
  await dialog.getByRole('button', { name: 'Reject order' }).click();
  await expect(dialog.getByText('Say why, in a few words.')).toBeVisible();
  await dialog.getByLabel('Other reason').fill('Oven broke down');
  await dialog.getByRole('button', { name: 'Reject order' }).click();
  await expect(page.locator(`[data-order-id="${orderId}"]`)).toHaveCount(0);
  await expect.poll(() => eventsFor(orderId)).toEqual(['ORDER_REJECTED']);
  const order = await request.get(`/connect/orders/${orderId}`, { headers: { authorization: `Bearer ${app.token}` } });
  expect(await order.text()).toContain('REJECTED');

  // A board that missed an update (its stream blocked) offers a move the order no longer allows: the API's 409 message.
  const second = `STALE ${Date.now()}`;
  const secondId = await sendOrder(request, app.token, second);
  await expect(page.locator(`[data-order-id="${secondId}"]`)).toBeVisible();
  await page.route('**/dashboard/orders/feed**', (route) => route.abort());
  // A read that left before the block could otherwise come back after the cancellation and take the card away.
  await expect.poll(() => feedReads.size).toBe(0);
  const cancelled = await request.patch(`/connect/orders/${secondId}`, {
    headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/merge-patch+json' },
    data: JSON.stringify({ status: 'CANCELLED_BY_CUSTOMER', reason: 'Changed my mind' }),
  });
  expect(cancelled.status()).toBe(204);
  const refused = await request.patch(`/connect/orders/${secondId}`, {
    headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/merge-patch+json' },
    data: JSON.stringify({ status: 'FULFILLED' }),
  });
  const apiMessage = ((await refused.json()) as { detail: string }).detail;
  expect(apiMessage).toContain('cannot be updated to FULFILLED');
  await page.getByRole('button', { name: `Accept order ${second}` }).click();
  await expect(page.getByText(apiMessage.replace('FULFILLED', 'ACCEPTED')).first()).toBeVisible();
});
