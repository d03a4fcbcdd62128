import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { freePort, startServer, type ServerProcess } from '../../lib/testing/server-process';
import { DEMO_MERCHANT, expect, test } from '../support';

// A server action that ends in redirect() makes Next fetch the target page from the server's own origin over HTTP, to
// send its render along with the action's answer; after a connection flood every sign-in and sign-out waited 10 s for
// that connection. Sign-in and sign-out must not depend on such a request. Next sends it to __NEXT_PRIVATE_ORIGIN when
// set (else to http://localhost:PORT): this server points it at a trap that records whatever reaches it.

let server: ServerProcess;
let trap: Server;
const trapped: string[] = [];

test.beforeAll(async () => {
  // The trap means something only while Next sends its self-requests there.
  const actionHandler = createRequire(import.meta.url).resolve('next/dist/server/app-render/action-handler.js');
  expect(readFileSync(actionHandler, 'utf8')).toContain('process.env.__NEXT_PRIVATE_ORIGIN');
  trap = createServer((request: IncomingMessage) => {
    trapped.push(`${request.method} ${request.url}`);
    request.socket.destroy();
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  server = await startServer(await freePort(), {
    DATABASE_URL: '',
    DATA_DIR: 'memory://',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    __NEXT_PRIVATE_ORIGIN: `http://127.0.0.1:${(trap.address() as AddressInfo).port}`,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => trap?.close(resolve));
});

async function signIn(page: Page, path: string) {
  await page.goto(`${server.origin}/login?callbackUrl=${encodeURIComponent(path)}`);
  await page.getByLabel('Email').fill(DEMO_MERCHANT.email);
  await page.getByLabel('Password').fill(DEMO_MERCHANT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('sign-in and sign-out make no request from the server to itself', () => {
  test('with script: the page follows the action’s answer', async ({ page }) => {
    await signIn(page, '/dashboard/tables?location=demo-bistro-cbd');
    await expect(page).toHaveURL(`${server.origin}/dashboard/tables?location=demo-bistro-cbd`);
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`${server.origin}/login`);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    // Signed out for real: the dashboard sends the browser back to /login.
    await page.goto(`${server.origin}/dashboard/orders`);
    await expect(page).toHaveURL(/\/login\?callbackUrl=/);
    expect(trapped, server.output()).toEqual([]);
  });

  test('without script: the form posts and the server answers a plain redirect', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, '/dashboard/orders');
    await expect(page).toHaveURL(`${server.origin}/dashboard/orders`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`${server.origin}/login`);
    await context.close();
    expect(trapped, server.output()).toEqual([]);
  });
});
