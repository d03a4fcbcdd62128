import type { APIRequestContext, Cookie, Page, Request } from '@playwright/test';
import { DEMO_MERCHANT, expect, test } from '../support';

const LOCATION = 'demo-bistro-bondi';
const TABLES = `/dashboard/tables?location=${LOCATION}`;

async function signIn(page: Page, path = TABLES) {
  await page.goto(path);
  await page.getByLabel('Email').fill(DEMO_MERCHANT.email);
  await page.getByLabel('Password').fill(DEMO_MERCHANT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/tables/);
}

/** A captured server-action call, replayable with any cookie and another section name. */
interface ActionCall {
  url: string;
  headers: Record<string, string>;
  body: string;
  name: string;
}

async function captureAddSection(page: Page, name: string): Promise<ActionCall> {
  const sent = page.waitForRequest((request: Request) => request.method() === 'POST' && request.headers()['next-action'] !== undefined);
  await page.getByLabel('Section name').fill(name);
  await page.getByRole('button', { name: 'Add section' }).click();
  const request = await sent;
  const headers = Object.fromEntries(
    Object.entries(await request.allHeaders()).filter(([header]) => !['cookie', 'content-length', 'host', 'connection'].includes(header)),
  );
  await expect(page.getByRole('list', { name: 'Sections' }).getByLabel(`Rename section ${name}`)).toBeVisible();
  return { url: request.url(), headers, body: request.postDataBuffer()!.toString('utf8'), name };
}

function replay(request: APIRequestContext, call: ActionCall, cookie: Cookie, name: string) {
  return request.fetch(call.url, {
    method: 'POST',
    headers: { ...call.headers, cookie: `${cookie.name}=${cookie.value}` },
    data: Buffer.from(call.body.replaceAll(call.name, name), 'utf8'),
    maxRedirects: 0,
  });
}

const sessionCookieOf = async (page: Page) => (await page.context().cookies()).find((cookie) => cookie.name.endsWith('authjs.session-token'));

test('after sign-out the old session cookie opens no page and runs no server action', async ({ page, browser, playwright, baseURL }) => {
  await signIn(page);
  const cookie = await sessionCookieOf(page);
  expect(cookie).toBeDefined();
  const suffix = Date.now().toString(36).toUpperCase();
  const call = await captureAddSection(page, `Terrace ${suffix}`);

  // Replayed while the session is live, the captured call works (so the refusal below is the session's doing).
  const api = await playwright.request.newContext({ baseURL });
  const live = await replay(api, call, cookie!, `Patio ${suffix}`);
  expect(live.status()).toBe(200);
  expect(live.headers()['x-action-redirect']).toBeUndefined();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => sessionCookieOf(page)).toBeUndefined();

  // A browser that kept a copy of the cookie: every dashboard page sends it to /login.
  const thief = await browser.newContext();
  await thief.addCookies([cookie!]);
  const stolen = await thief.newPage();
  for (const path of [TABLES, '/dashboard', '/dashboard/orders', '/activate']) {
    await stolen.goto(path);
    await expect(stolen, path).toHaveURL(/\/login/);
    await expect(stolen.getByLabel('Password')).toBeVisible();
  }
  // The dashboard's data routes refuse it as well.
  const feed = await api.get('/dashboard/orders/feed', { headers: { cookie: `${cookie!.name}=${cookie!.value}` } });
  expect(feed.status()).toBe(401);

  // The server action is refused: it answers with a redirect to /login and changes nothing.
  const refused = await replay(api, call, cookie!, `Balcony ${suffix}`);
  expect(refused.headers()['x-action-redirect'] ?? refused.headers()['location'] ?? '').toContain('/login');

  await signIn(page);
  const sections = page.getByRole('list', { name: 'Sections' });
  await expect(sections.getByLabel(`Rename section Patio ${suffix}`)).toBeVisible();
  await expect(sections.getByLabel(`Rename section Balcony ${suffix}`)).toHaveCount(0);
  await thief.close();
  await api.dispose();
});

test('a page left open stops receiving live updates within 5 s of signing out in another tab, and goes to sign in', async ({ page }) => {
  const isStream = (request: Request) => new URL(request.url()).pathname === '/dashboard/stream';
  const opened = page.waitForResponse((response) => isStream(response.request()) && response.status() === 200);
  await signIn(page);
  const stream = (await opened).request();
  // The stream ends from the server, or is cut by the page leaving for sign-in once told the session is over.
  const isThisStream = (request: Request) => request === stream;
  const at = (settled: Promise<unknown>) =>
    settled.then(
      () => Date.now(),
      () => undefined,
    );
  const ended = Promise.race([
    at(page.waitForEvent('requestfinished', { predicate: isThisStream, timeout: 20_000 })),
    at(page.waitForEvent('requestfailed', { predicate: isThisStream, timeout: 20_000 })),
  ]);

  const other = await page.context().newPage();
  await other.goto(TABLES);
  const since = Date.now();
  await other.getByRole('button', { name: 'Sign out' }).click();
  await expect(other).toHaveURL(/\/login/);
  const endedAt = await ended;
  expect(endedAt, 'the stream ended').toBeDefined();
  expect(endedAt! - since).toBeLessThan(5000);
  // The stream's last word is that the session is over: the page goes to sign in, to come back where it was.
  await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe(TABLES);
  await expect(page.getByLabel('Password')).toBeVisible();
  await other.close();
});
