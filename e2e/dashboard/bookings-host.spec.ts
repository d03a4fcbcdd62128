import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_MERCHANT, appWithToken, manage, posWithToken } from '../support';

/**
 * The host's view of bookings (docs/contract.md#webhooks): the day's covers, the door moves (arrived, seat, no-show, walk-in) made from
 * the dashboard reaching the booking app's webhook as a POS change would, the history in the location's time, and the
 * page at phone, tablet and laptop widths, light and dark, in a browser in Sydney.
 */
const LOCATION = 'demo-bistro-cbd';
const ZONE = 'Australia/Sydney';
const SHOTS = '/tmp/shots/host';

let receiver: Server;
const received: { type: string; data: { id: string; version: number } }[] = [];

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      try {
        received.push(JSON.parse(body) as (typeof received)[number]);
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

const dayAt = (offsetDays: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(Date.now() + offsetDays * 24 * 3600_000));
const timeAt = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
const eventsFor = (bookingId: string) => received.filter((event) => event.data.id === bookingId).map((event) => event.type);

async function bookingAppWithWebhook(request: APIRequestContext) {
  const app = await appWithToken(request, 'BOOKING_APP', [LOCATION]);
  await manage(request, `/partners/${app.partnerId}/webhooks`, { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` });
  return app;
}

async function book(request: APIRequestContext, token: string, body: { startTime: string; numberOfPeople: number; name: string; table?: string }) {
  const created = await request.post('/connect/bookings', {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json; version=1.0' },
    data: {
      locationId: LOCATION,
      origin: { bookingReference: `host-${Date.now()}-${Math.random()}` },
      asset: { type: 'TABLE', ...(body.table ? { tables: [{ number: body.table }] } : {}) },
      numberOfPeople: body.numberOfPeople,
      startTime: body.startTime,
      customer: { name: body.name },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

type StorageState = Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>;

async function signedIn(browser: Browser, path: string, options: { width?: number; colorScheme?: 'light' | 'dark'; storageState?: StorageState } = {}) {
  const context = await browser.newContext({
    timezoneId: ZONE,
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: options.width ?? 1280, height: 900 },
    storageState: options.storageState,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 404/.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const streamOpened = page.waitForResponse((response) => response.url().includes('/dashboard/stream'));
  if (options.storageState) {
    await page.goto(path);
  } else {
    await page.goto(`/login?callbackUrl=${encodeURIComponent(path)}`);
    await page.getByLabel('Email').fill(DEMO_MERCHANT.email);
    await page.getByLabel('Password').fill(DEMO_MERCHANT.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
  await streamOpened;
  return { page, context, problems };
}

const detailOf = (page: Page) => page.getByRole('list', { name: 'Booking history' }).locator('xpath=ancestor::section[1]');

test("the day's covers: the totals are the bookings and their party sizes, per service too", async ({ browser, request }) => {
  const app = await bookingAppWithWebhook(request);
  // Five days ahead at the location, a day no other spec books: two lunches and three dinners.
  const day = dayAt(5);
  const sydney = (hhmm: string) => new Date(`${day}T${hhmm}:00+11:00`).toISOString();
  const parties = [
    { at: '12:00', people: 2 },
    { at: '12:30', people: 5 },
    { at: '18:00', people: 4 },
    { at: '19:15', people: 6 },
    { at: '19:45', people: 3 },
  ];
  for (const [index, party] of parties.entries()) {
    await book(request, app.token, { startTime: sydney(party.at), numberOfPeople: party.people, name: `Covers ${index}` });
  }
  // A cancelled booking counts for nothing.
  const cancelled = await book(request, app.token, { startTime: sydney('20:00'), numberOfPeople: 8, name: 'Covers cancelled' });
  const patch = await request.patch(`/connect/bookings/${cancelled}`, {
    headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/merge-patch+json' },
    data: JSON.stringify({ bookingStatus: 'CANCELLED_BY_CUSTOMER', reason: 'Ill' }),
  });
  expect(patch.status()).toBe(204);

  const { page, context, problems } = await signedIn(browser, `/dashboard/bookings?location=${LOCATION}&date=${day}&to=${day}`);
  const covers = page.getByRole('region', { name: 'Covers' });
  await expect(covers.getByTestId('total-bookings')).toHaveText(String(parties.length));
  await expect(covers.getByTestId('total-covers')).toHaveText(String(parties.reduce((sum, party) => sum + party.people, 0)));
  await expect(covers.getByTestId('service-lunch')).toHaveText(/^7 covers, 2 bookings/);
  await expect(covers.getByTestId('service-dinner')).toHaveText(/^13 covers, 3 bookings/);
  await expect(covers.getByRole('list', { name: 'Covers per hour' }).getByRole('listitem')).toHaveText(['12:00 7', '18:00 4', '19:00 9']);
  // Every block shows its time, party size and guest; the cancelled one says so in words.
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.locator('[data-booking-id]')).toHaveCount(parties.length + 1);
  await expect(timeline.locator(`[data-booking-id="${cancelled}"]`)).toContainText('20:00 · 8 ppl');
  await expect(timeline.locator(`[data-booking-id="${cancelled}"]`)).toContainText('Cancelled');
  await context.close();
  expect(problems).toEqual([]);
});

test('arrived, seat and no-show from the dashboard reach the booking app as a POS change would; the history is in the location’s time', async ({
  browser,
  request,
}) => {
  const app = await bookingAppWithWebhook(request);
  const pos = await posWithToken(browser, request, [LOCATION]);
  const soon = new Date(Date.now() + 20 * 60_000).toISOString();
  const guest = `Host Guest ${Date.now()}`;
  const seated = await book(request, app.token, { startTime: soon, numberOfPeople: 4, name: guest, table: 'T1' });
  const absent = await book(request, app.token, { startTime: soon, numberOfPeople: 2, name: `${guest} absent`, table: 'T2' });
  // The POS path, for comparison: the POS seats a booking of the same app.
  const byPos = await book(request, app.token, { startTime: soon, numberOfPeople: 2, name: `${guest} POS`, table: 'T3' });
  const posPatch = await request.patch(`/connect/bookings/${byPos}`, {
    headers: { authorization: `Bearer ${pos.token}`, 'content-type': 'application/merge-patch+json' },
    data: JSON.stringify({ asset: { tableStatus: 'SEATED' } }),
  });
  expect(posPatch.status()).toBe(204);

  const { page, context, problems } = await signedIn(browser, `/dashboard/bookings?location=${LOCATION}&booking=${seated}`);
  const detail = detailOf(page);
  await expect(page.getByRole('heading', { name: new RegExp(`^${guest} party of 4`) })).toBeVisible();
  await detail.getByRole('button', { name: 'Arrived' }).click();
  await expect(page.getByText('Marked arrived.')).toBeVisible();
  await expect.poll(() => eventsFor(seated)).toContain('BOOKING_UPDATED');
  await detail.getByRole('button', { name: 'Seat' }).click();
  await expect(page.getByText('Seated.').first()).toBeVisible();
  await expect.poll(() => eventsFor(seated)).toContain('BOOKING_SEATED');
  await expect.poll(() => eventsFor(byPos)).toContain('BOOKING_SEATED');

  // The history says what happened when, at the location ("Seated at 19:42"), and who did it.
  const history = page.getByRole('list', { name: 'Booking history' }).getByRole('listitem');
  await expect(history).toHaveCount(3);
  const changes = (await (await request.get(`/connect/bookings/${seated}/events`, { headers: { authorization: `Bearer ${pos.token}` } })).json()) as {
    events: { type: string; sourceOfChange: string; eventData: unknown; createdAt: string }[];
  };
  expect(changes.events.map((event) => [event.type, event.sourceOfChange, event.eventData])).toEqual([
    ['BOOKING_SEATED', 'MERCHANT', { asset: { tableStatus: 'SEATED' } }],
    ['BOOKING_UPDATED', 'MERCHANT', { asset: { arrivalStatus: expect.stringMatching(/^(ON_TIME|EARLY)$/) } }],
    ['BOOKING_CREATED', 'APP', expect.anything()],
  ]);
  await expect(history.nth(0)).toContainText(`Seated at ${timeAt(changes.events[0]!.createdAt)}`);
  await expect(history.nth(0)).toContainText('Demo Bistro Manager (Merchant)');
  await expect(history.nth(1)).toContainText(`Arrived`);
  await expect(history.nth(2)).toContainText(`Booked at ${timeAt(changes.events[2]!.createdAt)}`);

  // No-show on the other booking: the app hears BOOKING_UPDATED, the block says No-show.
  await page.getByRole('region', { name: 'Timeline' }).locator(`a[data-booking-id="${absent}"]`).click();
  await expect(page.getByRole('heading', { name: new RegExp(`^${guest} absent`) })).toBeVisible();
  await detailOf(page).getByRole('button', { name: 'No-show' }).click();
  await expect(page.getByText('Marked no-show.')).toBeVisible();
  await expect.poll(() => eventsFor(absent)).toContain('BOOKING_UPDATED');
  await expect(page.getByRole('region', { name: 'Timeline' }).locator(`a[data-booking-id="${absent}"]`)).toContainText('No-show');
  await context.close();
  expect(problems).toEqual([]);
});

test('seating well before the booked time asks first and the history warns; a walk-in is seated and every app hears of it', async ({ browser, request }) => {
  const app = await bookingAppWithWebhook(request);
  await posWithToken(browser, request, [LOCATION]);
  const later = new Date(Date.now() + 3 * 3600_000).toISOString();
  const early = await book(request, app.token, { startTime: later, numberOfPeople: 2, name: `Early ${Date.now()}` });
  const { page, context, problems } = await signedIn(browser, `/dashboard/bookings?location=${LOCATION}&date=${dayAt(0)}&booking=${early}`);
  await detailOf(page).getByRole('button', { name: 'Seat' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText(/Seat (2 h 59 min|3 h) early\?/);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  expect(eventsFor(early)).not.toContain('BOOKING_SEATED');
  await detailOf(page).getByRole('button', { name: 'Seat' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Seat anyway' }).click();
  await expect.poll(() => eventsFor(early)).toContain('BOOKING_SEATED');
  await expect(page.getByRole('list', { name: 'Booking history' }).getByRole('note')).toHaveText(/⚠ (2 h 59 min|3 h) before the booked time/);

  // A walk-in for the terrace: seated now, and the booking app is told (a walk-in goes to every booking app).
  const walkInName = `Walk-in ${Date.now()}`;
  await page.getByRole('button', { name: 'Add walk-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a walk-in' });
  await dialog.getByLabel('Party size').fill('3');
  await dialog.getByLabel('Guest name (optional)').fill(walkInName);
  await dialog.getByRole('button', { name: 'Seat walk-in' }).click();
  await expect(page.getByText('Walk-in of 3 seated.')).toBeVisible();
  const block = page.getByRole('region', { name: 'Timeline' }).locator('[data-booking-id]', { hasText: walkInName });
  await expect(block).toContainText('Seated');
  const walkInId = (await block.getAttribute('data-booking-id'))!;
  await expect.poll(() => eventsFor(walkInId)).toContain('BOOKING_CREATED');
  await context.close();
  expect(problems).toEqual([]);
});

test('the location applies at once and is remembered; the page fits 390, 768 and 1280, light and dark, axe clean, at now', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const app = await bookingAppWithWebhook(request);
  // Tonight's service for the screenshots: bookings through the evening at the location.
  const today = dayAt(0);
  for (const [index, [at, people, table]] of (
    [
      ['18:00', 2, '1'],
      ['18:30', 4, '2'],
      ['19:00', 6, '3'],
      ['19:30', 2, '4'],
      ['20:00', 5, '6'],
      ['20:30', 3, 'T1'],
    ] as const
  ).entries()) {
    await book(request, app.token, {
      startTime: new Date(`${today}T${at}:00+11:00`).toISOString(),
      numberOfPeople: people,
      name: ['Olivia Nguyen', 'Jack Thompson', 'Charlotte Williams', 'Noah Brown', 'Amelia Wilson', 'Lucas Martin'][index]!,
      table,
    });
  }

  const { page, context, problems } = await signedIn(browser, `/dashboard/bookings?location=${LOCATION}`);
  // No "Show" button: choosing applies at once, and the choice is the page's default next time.
  await expect(page.getByRole('button', { name: 'Show' })).toHaveCount(0);
  await page.getByLabel('Location').selectOption('demo-bistro-bondi');
  await expect(page).toHaveURL(/location=demo-bistro-bondi/);
  await page.goto('/dashboard/bookings');
  await expect(page.getByLabel('Location')).toHaveValue('demo-bistro-bondi');
  await page.getByLabel('Location').selectOption(LOCATION);
  await expect(page).toHaveURL(new RegExp(`location=${LOCATION}`));
  await page.goto('/dashboard/bookings');
  await expect(page.getByLabel('Location')).toHaveValue(LOCATION);
  const storageState = await context.storageState();
  await context.close();
  expect(problems).toEqual([]);

  mkdirSync(SHOTS, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [390, 768, 1280]) {
      const view = await signedIn(browser, `/dashboard/bookings?location=${LOCATION}`, { width, colorScheme, storageState });
      const timeline = view.page.getByRole('region', { name: 'Timeline' });
      // The timeline opens at now: the now-line is in its visible part.
      const nowLine = view.page.getByTestId('now-line');
      await expect(nowLine).toBeAttached();
      const [box, line] = [await timeline.boundingBox(), await nowLine.boundingBox()];
      expect(line!.x, `${width}px`).toBeGreaterThan(box!.x);
      expect(line!.x, `${width}px`).toBeLessThan(box!.x + box!.width);
      const overflow = await view.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${width}px ${colorScheme}`).toBeLessThanOrEqual(0);
      const axe = await new AxeBuilder({ page: view.page }).analyze();
      expect(
        axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`),
        `${width}px ${colorScheme}`,
      ).toEqual([]);
      await view.page.screenshot({ path: `${SHOTS}/bookings-${width}-${colorScheme}.png`, fullPage: true });
      if (width === 768) {
        // The evening at a tablet's width: scrolled to 17:00, tonight's blocks show time, party and guest whole.
        await timeline.evaluate((element) => (element.scrollLeft = 16 * 96));
        const block = timeline.locator('[data-booking-id]', { hasText: 'Charlotte Williams' }).first();
        await expect(block).toBeInViewport();
        await expect(block).toContainText('19:00 · 6 ppl');
        const fits = await block.evaluate((element) => [...element.children].every((child) => child.scrollWidth <= child.clientWidth));
        expect(fits).toBe(true);
        await view.page.screenshot({ path: `${SHOTS}/bookings-768-${colorScheme}-evening.png` });
      }
      await view.context.close();
      expect(view.problems, `${width}px ${colorScheme}`).toEqual([]);
    }
  }
});
