import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { freePort, startServer, type ServerProcess } from '../../lib/testing/server-process';
import { E2E_ADMIN_API_KEY } from '../../playwright.config';
import { DEMO_MERCHANT, appWithToken } from '../support';

/**
 * A restart of the server (its own process here, with its own data directory) drops the board's stream: the page
 * says so, reconnects by itself, and an order that arrived while it was away appears within 5 s of the server
 * answering again.
 */
test('the board reconnects after a server restart and shows the order it missed', async ({ browser }) => {
  test.setTimeout(180_000);
  const port = await freePort();
  const env = {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'counterpart-reconnect-')),
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    ADMIN_API_KEY: E2E_ADMIN_API_KEY,
    LOG_LEVEL: 'warn',
  };
  let server: ServerProcess | undefined = await startServer(port, env);
  const api = await playwrightRequest.newContext({ baseURL: server.origin });
  const context = await browser.newContext({ baseURL: server.origin });
  try {
    const app = await appWithToken(api, 'ORDERING_APP', ['demo-bistro-cbd']);
    const page = await context.newPage();
    await page.goto('/login?callbackUrl=/dashboard/orders');
    await page.getByLabel('Email').fill(DEMO_MERCHANT.email);
    await page.getByLabel('Password').fill(DEMO_MERCHANT.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const connection = page.locator('[data-connection]');
    await expect(connection).toHaveAttribute('data-connection', 'live');

    await server.stop();
    server = undefined;
    await expect(connection).toHaveAttribute('data-connection', /reconnecting|offline/);

    server = await startServer(port, env);
    const answering = Date.now();
    const reference = `MISSED ${Date.now()}`;
    const created = await api.post('/connect/orders', {
      headers: { authorization: `Bearer ${app.token}` },
      data: {
        locationId: 'demo-bistro-cbd',
        origin: { orderId: `missed-${Date.now()}`, orderReference: reference },
        fulfilment: { type: 'PICK_UP' },
        items: [{ id: 'i1', sku: 'TEA', description: 'Tea', quantity: 1, unitPrice: { amount: 400 } }],
        total: { amount: 400 },
      },
    });
    expect(created.status()).toBe(201);
    const orderAt = Date.now() - answering;
    await expect(connection).toHaveAttribute('data-connection', 'live', { timeout: 5_000 });
    const liveAt = Date.now() - answering;
    await expect(page.getByRole('region', { name: 'New', exact: true }).getByText(reference)).toBeVisible({ timeout: 5_000 });
    const shownAt = Date.now() - answering;
    console.info(`after the server answered: order created at ${orderAt} ms, stream live at ${liveAt} ms, order shown at ${shownAt} ms`);
    expect(shownAt).toBeLessThan(5_000);
  } finally {
    await context.close();
    await api.dispose();
    await server?.stop();
  }
});
