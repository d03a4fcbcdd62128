import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { clientCredentials, createCounterpartClient, getAvailability, unwrap } from '../../sdk/src/index';
import { DEMO_LOCATIONS, DEMO_MERCHANT, manage } from '../support';
import { approveOnActivate } from '../support';

const FINAL = ['REJECTED', 'CANCELLED_BY_MERCHANT', 'CANCELLED_BY_CUSTOMER', 'FULFILLED'];

/** `npm run simulate -- <args>` as a child process, its output collected line by line. */
function simulate(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/simulate.ts', ...args], { env: { ...process.env, FORCE_COLOR: '0' } });
  const lines: string[] = [];
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const complete = text.split('\n');
    partial = complete.pop()!;
    lines.push(...complete);
  });
  child.stderr.on('data', (chunk: Buffer) => lines.push(`stderr: ${chunk.toString().trimEnd()}`));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, lines, exited };
}

async function lineMatching(run: { lines: string[]; child: ChildProcessWithoutNullStreams }, pattern: RegExp, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = run.lines.find((line) => pattern.test(line));
    if (found) return found;
    if (run.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no line matching ${pattern} in:\n${run.lines.join('\n')}`);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function summaryOf(lines: string[]) {
  const line = lines.find((entry) => entry.startsWith('summary '));
  if (!line) throw new Error(`no summary in:\n${lines.join('\n')}`);
  return JSON.parse(line.slice('summary '.length)) as Record<string, unknown>;
}

/** `simulate pos` for a new POS partner, approved on /activate by `merchant` as soon as it prints its link. */
async function startPos(
  browser: Parameters<typeof approveOnActivate>[0],
  request: Parameters<typeof manage>[0],
  baseURL: string,
  locationId: string,
  merchant: { email: string; password: string },
  extra: string[],
) {
  const partner = await manage<{ id: string }>(request, '/partners', { name: `Simulated POS ${Date.now()}`, type: 'POS' });
  const client = await manage<{ client_id: string }>(request, `/partners/${partner.id}/clients`);
  const tokenFile = path.join(mkdtempSync(path.join(tmpdir(), 'simulate-pos-')), 'tokens.json');
  const pos = simulate(['pos', '--url', baseURL, '--location', locationId, '--client-id', client.client_id, '--token-file', tokenFile, ...extra]);
  try {
    const prompt = await lineMatching(pos, /open (http\S+)/);
    await approveOnActivate(browser, prompt.match(/open (http\S+)/)![1]!, [locationId], merchant);
    await lineMatching(pos, new RegExp(`${locationId} socket open`));
    return pos;
  } catch (error) {
    // A POS left running would work the next specs' orders at this location.
    if (pos.child.exitCode === null) pos.child.kill('SIGKILL');
    throw new Error(`the simulated POS did not start: ${(error as Error).message}\n${pos.lines.join('\n')}`, { cause: error });
  }
}

test('simulate pos + simulate ordering-app for 10 s: every order reaches a final status and the counts match the server', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // A merchant of its own, so no other test's orders reach this POS.
  const stamp = Date.now();
  const merchant = await manage<{ id: string }>(request, '/merchants', { name: `Simulated Bistro ${stamp}` });
  const location = await manage<{ locationId: string }>(request, `/merchants/${merchant.id}/locations`, {
    locationId: `sim-${stamp}`,
    name: 'Simulated Bistro',
    timezone: 'Australia/Sydney',
  });
  const user = { email: `sim-${stamp}@bistro.test`, password: `sim-password-${stamp}` };
  await manage(request, '/users', { ...user, role: 'MERCHANT', merchantId: merchant.id });
  const appPartner = await manage<{ id: string }>(request, '/partners', { name: `Simulated app ${stamp}`, type: 'ORDERING_APP' });
  const appClient = await manage<{ client_id: string; client_secret: string }>(request, `/partners/${appPartner.id}/clients`);
  await manage(request, `/partners/${appPartner.id}/connections`, { locationId: location.locationId });

  const common = ['--url', baseURL!, '--location', location.locationId];
  // The POS prints the link to approve; the merchant approves it on /activate.
  const pos = await startPos(browser, request, baseURL!, location.locationId, user, [
    '--accept-delay',
    '1',
    '--prepare-delay',
    '1',
    '--ready-delay',
    '1',
    '--reject-share',
    '0.25',
    '--sale-every',
    '0',
  ]);
  try {
    const app = simulate([
      'ordering-app',
      ...common,
      '--client-id',
      appClient.client_id,
      '--client-secret',
      appClient.client_secret,
      // One order a second for 10 s: as many orders (about ten) as a slower, longer run, in a third of the time.
      '--duration',
      '10',
      '--rate',
      '60',
      '--collect-delay',
      '1',
      '--drain-timeout',
      '60',
    ]);
    expect(await app.exited, app.lines.join('\n')).toBe(0);
    const appSummary = summaryOf(app.lines) as { placed: number; failed: number; byStatus: Record<string, number>; orders: Record<string, string> };
    expect(appSummary.placed).toBeGreaterThanOrEqual(8);
    expect(appSummary.failed).toBe(0);
    expect(Object.keys(appSummary.orders)).toHaveLength(appSummary.placed);
    expect(
      Object.values(appSummary.orders).every((status) => FINAL.includes(status)),
      JSON.stringify(appSummary.byStatus),
    ).toBe(true);

    // The server agrees with the simulator on every order's final status.
    const api = createCounterpartClient({
      baseUrl: baseURL!,
      auth: clientCredentials({ baseUrl: baseURL!, clientId: appClient.client_id, clientSecret: appClient.client_secret }),
    });
    const serverByStatus: Record<string, number> = {};
    for (const [orderId, status] of Object.entries(appSummary.orders)) {
      const order = await unwrap(api.GET('/orders/{orderId}', { params: { path: { orderId } } }));
      expect(order.status, orderId).toBe(status);
      serverByStatus[order.status] = (serverByStatus[order.status] ?? 0) + 1;
    }
    expect(serverByStatus).toEqual(appSummary.byStatus);

    // Ctrl-C stops the POS cleanly, and its counts match the same orders.
    pos.child.kill('SIGINT');
    expect(await pos.exited, pos.lines.join('\n')).toBe(0);
    const posSummary = summaryOf(pos.lines) as { accepted: number; rejected: number; ready: number; errors: number };
    expect(posSummary.errors).toBe(0);
    expect(posSummary.accepted + posSummary.rejected).toBe(appSummary.placed);
    expect(posSummary.rejected).toBe(serverByStatus.REJECTED ?? 0);
    expect(posSummary.ready).toBe(serverByStatus.FULFILLED ?? 0);
  } finally {
    if (pos.child.exitCode === null) pos.child.kill('SIGKILL');
  }
});

test('simulate pos --pause --busy, typed commands, and an ordering app that holds its orders while the location is paused', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const merchant = await manage<{ id: string }>(request, '/merchants', { name: `Paused Bistro ${stamp}` });
  const { locationId } = await manage<{ locationId: string }>(request, `/merchants/${merchant.id}/locations`, {
    locationId: `paused-${stamp}`,
    name: 'Paused Bistro',
    timezone: 'Australia/Sydney',
  });
  const user = { email: `paused-${stamp}@bistro.test`, password: `paused-password-${stamp}` };
  await manage(request, '/users', { ...user, role: 'MERCHANT', merchantId: merchant.id });
  const appPartner = await manage<{ id: string }>(request, '/partners', { name: `Patient app ${stamp}`, type: 'ORDERING_APP' });
  const appClient = await manage<{ client_id: string; client_secret: string }>(request, `/partners/${appPartner.id}/clients`);
  await manage(request, `/partners/${appPartner.id}/connections`, { locationId });
  const api = createCounterpartClient({
    baseUrl: baseURL!,
    auth: clientCredentials({ baseUrl: baseURL!, clientId: appClient.client_id, clientSecret: appClient.client_secret }),
  });

  const pos = await startPos(browser, request, baseURL!, locationId, user, [
    ...['--pause', '30', '--reason', 'Kitchen issue', '--busy', '20'],
    ...['--accept-delay', '0.5', '--prepare-delay', '0.5', '--ready-delay', '0.5', '--reject-share', '0', '--sale-every', '0'],
  ]);
  try {
    // The flags paused ordering for 30 minutes with the reason, and set busy mode, as GET availability tells any partner.
    await lineMatching(pos, new RegExp(`${locationId} PAUSED until \\d\\d:\\d\\d \\(Kitchen issue\\), busy \\+20 min`));
    const paused = await getAvailability(api, locationId);
    expect(paused).toMatchObject({ state: 'PAUSED', reason: 'PAUSED_BY_POS', note: 'Kitchen issue', busy: { minutes: 20 } });
    expect(Math.abs(Date.parse(paused.until!) - (Date.now() + 30 * 60_000))).toBeLessThan(60_000);

    const app = simulate([
      ...['ordering-app', '--url', baseURL!, '--location', locationId],
      ...['--client-id', appClient.client_id, '--client-secret', appClient.client_secret],
      ...['--rate', '60', '--collect-delay', '0.5', '--drain-timeout', '60'],
    ]);
    try {
      // Read at start: the app sends nothing while the location is paused, and says why and until when.
      await lineMatching(app, new RegExp(`${locationId} paused until \\d\\d:\\d\\d \\(Kitchen issue\\): holding orders`));
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(app.lines.filter((line) => / placed at /.test(line))).toEqual([]);

      // The POS resumes (a typed command); the app hears LOCATION_AVAILABILITY_UPDATED and sends again.
      pos.child.stdin.write('resume\n');
      await lineMatching(pos, new RegExp(`${locationId} OPEN, busy \\+20 min`));
      const reopened = await lineMatching(app, new RegExp(`${locationId} open again, busy \\+20 min: sending orders`), 30_000);
      await lineMatching(app, new RegExp(` placed at ${locationId}:`), 30_000);
      expect(app.lines.findIndex((line) => / placed at /.test(line))).toBeGreaterThan(app.lines.indexOf(reopened));

      // Paused again while it runs: the app holds its orders once more.
      pos.child.stdin.write('pause until-resumed Out of stock\n');
      await lineMatching(app, new RegExp(`${locationId} paused until further notice \\(Out of stock\\): holding orders`), 30_000);
      expect(await getAvailability(api, locationId)).toMatchObject({ state: 'PAUSED', until: null, note: 'Out of stock' });
      const placedWhenHeld = app.lines.filter((line) => / placed at /.test(line)).length;
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(app.lines.filter((line) => / placed at /.test(line))).toHaveLength(placedWhenHeld);

      app.child.kill('SIGINT');
      expect(await app.exited, app.lines.join('\n')).toBe(0);
      const summary = summaryOf(app.lines) as { placed: number; failed: number; held: number; orders: Record<string, string> };
      expect(summary.failed, app.lines.join('\n')).toBe(0);
      expect(summary.placed).toBeGreaterThanOrEqual(1);
      expect(summary.held).toBeGreaterThanOrEqual(4);
      // Busy mode stands through the pause and resume: the orders taken carry the extra minutes.
      const [orderId] = Object.keys(summary.orders);
      const order = await unwrap(api.GET('/orders/{orderId}', { params: { path: { orderId: orderId! } } }));
      expect(order).toMatchObject({ busyMinutes: 20 });
    } finally {
      if (app.child.exitCode === null) app.child.kill('SIGKILL');
    }

    pos.child.kill('SIGINT');
    expect(await pos.exited, pos.lines.join('\n')).toBe(0);
    expect(summaryOf(pos.lines)).toMatchObject({ errors: 0 });
  } finally {
    if (pos.child.exitCode === null) pos.child.kill('SIGKILL');
  }
});

test('an ordering app that misses the event holds its orders on 409 LOCATION_UNAVAILABLE, without retrying, until the location opens', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const merchant = await manage<{ id: string }>(request, '/merchants', { name: `Refusing Bistro ${stamp}` });
  const { locationId } = await manage<{ locationId: string }>(request, `/merchants/${merchant.id}/locations`, {
    locationId: `refusing-${stamp}`,
    name: 'Refusing Bistro',
    timezone: 'America/New_York',
  });
  const user = { email: `refusing-${stamp}@bistro.test`, password: `refusing-password-${stamp}` };
  await manage(request, '/users', { ...user, role: 'MERCHANT', merchantId: merchant.id });
  const appPartner = await manage<{ id: string }>(request, '/partners', { name: `Deaf app ${stamp}`, type: 'ORDERING_APP' });
  const appClient = await manage<{ client_id: string; client_secret: string }>(request, `/partners/${appPartner.id}/clients`);
  await manage(request, `/partners/${appPartner.id}/connections`, { locationId });

  const pos = await startPos(browser, request, baseURL!, locationId, user, [
    ...['--accept-delay', '0.5', '--prepare-delay', '0.5', '--ready-delay', '0.5', '--reject-share', '0', '--sale-every', '0'],
  ]);
  // Webhooks on a port no endpoint points at: the app hears no event, only the answers to its own requests.
  const app = simulate([
    ...['ordering-app', '--url', baseURL!, '--location', locationId],
    ...['--client-id', appClient.client_id, '--client-secret', appClient.client_secret],
    ...['--rate', '60', '--webhook-port', String(await freePort())],
    '--drain-timeout',
    '0',
  ]);
  try {
    await lineMatching(app, new RegExp(` placed at ${locationId}:`));
    pos.child.stdin.write('pause until-resumed\n');
    await lineMatching(pos, new RegExp(`${locationId} PAUSED \\(PAUSED_BY_POS\\)`));
    await lineMatching(app, new RegExp(`an order to ${locationId} was refused: .*not taking orders`), 30_000);
    await lineMatching(app, new RegExp(`${locationId} paused until further notice \\(PAUSED_BY_POS\\): holding orders`));
    // One refusal, then nothing sent for several turns of the app's one-a-second rate.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(app.lines.filter((line) => / was refused: /.test(line))).toHaveLength(1);

    // Resumed: the app finds out when it reads the availability again (every 15 s while held), and sends again.
    pos.child.stdin.write('resume\n');
    const reopened = await lineMatching(app, new RegExp(`${locationId} open again: sending orders`), 30_000);
    await expect.poll(() => app.lines.slice(app.lines.indexOf(reopened)).some((line) => / placed at /.test(line)), { timeout: 15_000 }).toBe(true);

    app.child.kill('SIGINT');
    expect(await app.exited, app.lines.join('\n')).toBe(0);
    expect(summaryOf(app.lines)).toMatchObject({ failed: 0, refused: 1 });
  } finally {
    if (app.child.exitCode === null) app.child.kill('SIGKILL');
    if (pos.child.exitCode === null) pos.child.kill('SIGKILL');
  }
});

test('simulate pos + simulate booking-app: bookings are accepted, seated and finalised, and table sales open and close', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const location = DEMO_LOCATIONS[1];
  const pos = await startPos(browser, request, baseURL!, location, DEMO_MERCHANT, [
    '--accept-delay',
    '0.5',
    '--prepare-delay',
    '0.5',
    '--ready-delay',
    '0.5',
    '--sale-every',
    '2',
  ]);
  try {
    const partner = await manage<{ id: string }>(request, '/partners', { name: `Simulated booking app ${Date.now()}`, type: 'BOOKING_APP' });
    const client = await manage<{ client_id: string; client_secret: string }>(request, `/partners/${partner.id}/clients`);
    await manage(request, `/partners/${partner.id}/connections`, { locationId: location });
    const app = simulate([
      'booking-app',
      '--url',
      baseURL!,
      '--location',
      location,
      '--client-id',
      client.client_id,
      '--client-secret',
      client.client_secret,
      '--duration',
      '12',
      '--rate',
      '20',
    ]);
    expect(await app.exited, app.lines.join('\n')).toBe(0);
    const appSummary = summaryOf(app.lines) as { placed: number; failed: number; events: number };
    expect(appSummary.placed).toBeGreaterThanOrEqual(3);
    expect(appSummary.failed).toBe(0);

    // Each booking walks ACCEPTED → SEATED → DINING → CLOSING → FINALISED in about 2.5 s; give the last one time.
    await lineMatching(pos, /progress: .*bookings finalised/);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    pos.child.kill('SIGINT');
    expect(await pos.exited, pos.lines.join('\n')).toBe(0);
    const posSummary = summaryOf(pos.lines) as { bookingsFinalised: number; salesOpened: number; salesClosed: number; errors: number };
    expect(posSummary.errors, pos.lines.join('\n')).toBe(0);
    expect(posSummary.bookingsFinalised).toBe(appSummary.placed);
    expect(posSummary.salesOpened).toBeGreaterThanOrEqual(2);
    expect(posSummary.salesClosed).toBeGreaterThanOrEqual(1);
    // The app heard of every step the POS took, from its events feed.
    expect(appSummary.events).toBeGreaterThan(0);
  } finally {
    if (pos.child.exitCode === null) pos.child.kill('SIGKILL');
  }
});

test('simulate loyalty approves a merchant’s onboarding request through the API', async ({ browser, request, baseURL }) => {
  test.setTimeout(120_000);
  // A merchant and a loyalty partner of their own, so the demo's loyalty state stays as other tests expect it.
  const stamp = Date.now();
  const merchant = await manage<{ id: string }>(request, '/merchants', { name: `Loyal Bistro ${stamp}` });
  const locationName = `Loyal Bistro ${stamp}`;
  await manage(request, `/merchants/${merchant.id}/locations`, { locationId: `loyal-${stamp}`, name: locationName, timezone: 'Australia/Sydney' });
  const user = { email: `loyal-${stamp}@bistro.test`, password: `loyal-password-${stamp}` };
  await manage(request, '/users', { ...user, role: 'MERCHANT', merchantId: merchant.id });
  const partner = await manage<{ id: string }>(request, '/partners', { name: `Simulated Loyalty ${stamp}`, type: 'LOYALTY' });
  await manage(request, `/partners/${partner.id}/loyalty-programs`, { loyaltyProgramId: `sim-rewards-${stamp}`, name: 'Simulated Rewards' });
  const client = await manage<{ client_id: string; client_secret: string }>(request, `/partners/${partner.id}/clients`);

  // Onboarding requests concern a location the partner is not connected to yet, so they come by webhook.
  const port = await freePort();
  const endpoint = await manage<{ secret: string }>(request, `/partners/${partner.id}/webhooks`, { url: `http://127.0.0.1:${port}/hooks` });
  const loyalty = simulate([
    'loyalty',
    ...['--url', baseURL!, '--client-id', client.client_id, '--client-secret', client.client_secret, '--program', `sim-rewards-${stamp}`],
    ...['--webhook-port', String(port), '--webhook-secret', endpoint.secret],
  ]);
  try {
    await lineMatching(loyalty, /receiving webhooks on port/);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`/login?callbackUrl=${encodeURIComponent('/dashboard/loyalty')}`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const location = page.getByRole('region', { name: locationName });
    await location.getByLabel('Loyalty partner').selectOption({ label: `Simulated Loyalty ${stamp}` });
    await location.getByLabel('ABN').fill('12 345 678 901');
    await location.getByLabel('Business address').fill('1 Campbell Parade, Bondi Beach');
    await location.getByLabel('Postcode').fill('2026');
    await location.getByRole('button', { name: 'Activate loyalty' }).click();

    await lineMatching(loyalty, /onboarding .*: approved → COMPLETED/, 30_000);
    await page.reload();
    await expect(page.getByRole('region', { name: locationName }).getByText('Active')).toBeVisible();
    await context.close();

    loyalty.child.kill('SIGINT');
    expect(await loyalty.exited, loyalty.lines.join('\n')).toBe(0);
    expect(summaryOf(loyalty.lines)).toMatchObject({ onboardingDecided: 1, errors: 0 });
  } finally {
    if (loyalty.child.exitCode === null) loyalty.child.kill('SIGKILL');
  }
});

test('every simulator lists --location in --help with its default, and takes several locations at once', async ({ request, baseURL }) => {
  for (const kind of ['pos', 'ordering-app', 'booking-app']) {
    const help = simulate([kind, '--help']);
    expect(await help.exited).toBe(0);
    expect(help.lines.join('\n'), kind).toMatch(
      /--location <locationId>\s+a location to work at: repeat it, or separate\s+several with commas \(default: demo-bistro-cbd\)/,
    );
    if (kind === 'pos') {
      expect(help.lines.join('\n')).toMatch(/--pause <minutes>\s+at start, pause ordering[\s\S]*until-resumed[\s\S]*--reason <text>[\s\S]*--busy <minutes>/);
      expect(help.lines.join('\n')).toMatch(/^\s+pause <minutes\|until-resumed> \[reason\]\s+pause ordering/m);
    }
  }

  // Both demo locations from one booking app, named once with a comma: the bookings land at each.
  const partner = await manage<{ id: string }>(request, '/partners', { name: `Two-location booking app ${Date.now()}`, type: 'BOOKING_APP' });
  const client = await manage<{ client_id: string; client_secret: string }>(request, `/partners/${partner.id}/clients`);
  for (const locationId of DEMO_LOCATIONS) await manage(request, `/partners/${partner.id}/connections`, { locationId });
  const app = simulate([
    'booking-app',
    '--url',
    baseURL!,
    '--location',
    DEMO_LOCATIONS.join(','),
    '--client-id',
    client.client_id,
    '--client-secret',
    client.client_secret,
    '--duration',
    '4',
    '--rate',
    '60',
  ]);
  expect(await app.exited, app.lines.join('\n')).toBe(0);
  expect(app.lines.join('\n')).toContain(`booking 60 tables a minute at ${DEMO_LOCATIONS.join(', ')}`);
  const summary = summaryOf(app.lines) as { placed: number; failed: number };
  expect(summary.failed).toBe(0);
  expect(summary.placed).toBeGreaterThanOrEqual(2);

  const api = createCounterpartClient({
    baseUrl: baseURL!,
    auth: clientCredentials({ baseUrl: baseURL!, clientId: client.client_id, clientSecret: client.client_secret }),
  });
  for (const locationId of DEMO_LOCATIONS) {
    const booked = app.lines
      .map((line) => line.match(/ (\S+) booked at (\S+) for /))
      .filter((match) => match?.[2] === locationId)
      .map((match) => match![1]!);
    expect(booked.length, `${locationId}:\n${app.lines.join('\n')}`).toBeGreaterThanOrEqual(1);
    for (const bookingId of booked) {
      const booking = await unwrap(api.GET('/bookings/{bookingId}', { params: { path: { bookingId } } }));
      expect(booking.locationId).toBe(locationId);
    }
  }
});
