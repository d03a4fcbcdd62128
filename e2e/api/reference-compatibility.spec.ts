import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import WebSocket from 'ws';
import { appWithToken, manage, posWithToken } from '../support';
import {
  acceptOf,
  exampleQuery,
  loadReferenceDocuments,
  namedQueries,
  ReferenceValidator,
  replay,
  requestExamples,
  type ReferenceDocument,
  type ReferenceOperation,
  type ReplayOutcome,
} from './reference-documents';

// A partner that speaks Tyro Connect works unchanged: every example request of the reference documents
// (../shared/reference/tyro-connect), sent as a reference client sends it — its media type, the version it pins, its
// path and query — is accepted, and every answer is valid against the reference's schema for its status. The examples'
// placeholder ids are filled with real resources made here; nothing else of an example is changed.

const documents = loadReferenceDocuments();
const validator = new ReferenceValidator(documents);
const aud = (amount: number) => ({ amount, currency: 'AUD' });

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The example's placeholder values replaced: every `locationId` by `locationId`, and each value of `values` by its own. */
function filled(value: Json, locationId: string, values: Record<string, string> = {}): Json {
  if (Array.isArray(value)) return value.map((entry) => filled(entry, locationId, values));
  if (typeof value === 'string') return values[value] ?? value;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [key, key === 'locationId' && typeof entry === 'string' ? locationId : filled(entry, locationId, values)]),
  );
}

interface World {
  stamp: number;
  locationId: string;
  spareLocationId: string;
  locationName: string;
  spareLocationName: string;
  merchant: { email: string; password: string };
  pos: { token: string };
  orderingApp: { token: string };
  bookingApp: { token: string };
}

// One merchant and location of the suite's own, so the demo floor stays as other tests expect it.
let world: World | undefined;
async function theWorld(browser: Browser, request: APIRequestContext): Promise<World> {
  if (world) return world;
  const stamp = Date.now();
  const merchantRecord = await manage<{ id: string }>(request, '/merchants', { name: `Reference Bistro ${stamp}` });
  const locationId = `reference-${stamp}`;
  const spareLocationId = `reference-spare-${stamp}`;
  const locationName = `Reference Bistro ${stamp}`;
  const spareLocationName = `Reference Bistro Spare ${stamp}`;
  await manage(request, `/merchants/${merchantRecord.id}/locations`, { locationId, name: locationName, timezone: 'Australia/Sydney' });
  await manage(request, `/merchants/${merchantRecord.id}/locations`, { locationId: spareLocationId, name: spareLocationName, timezone: 'Australia/Sydney' });
  const merchant = { email: `reference-${stamp}@bistro.test`, password: `reference-password-${stamp}` };
  await manage(request, '/users', { ...merchant, role: 'MERCHANT', merchantId: merchantRecord.id });
  const pos = await posWithToken(browser, request, [locationId, spareLocationId], merchant);
  const orderingApp = await appWithToken(request, 'ORDERING_APP', [locationId]);
  const bookingApp = await appWithToken(request, 'BOOKING_APP', [locationId]);
  // The booking examples seat their party at table 1.
  await setUp(request, pos.token, 'POST', '/tables', { locationId, number: '1' });
  world = { stamp, locationId, spareLocationId, locationName, spareLocationName, merchant, pos, orderingApp, bookingApp };
  return world;
}

/** Calls Counterpart in its own terms (plain JSON), to make the resources the examples refer to. */
async function setUp<T = Record<string, unknown>>(
  request: APIRequestContext,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  contentType = 'application/json',
): Promise<T> {
  const response = await request.fetch(`/connect${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': contentType }) },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  if (response.status() >= 300) throw new Error(`set-up ${method} ${path} → ${response.status()}: ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : {}) as T;
}

/**
 * Replays the reference's requests of one document, in the order `play` makes them, and checks at the end that every
 * example request and every operation of the document was replayed.
 */
class Session {
  readonly outcomes: ReplayOutcome[] = [];
  readonly #replayed = new Set<string>();

  constructor(
    private readonly request: APIRequestContext,
    readonly reference: ReferenceDocument,
  ) {}

  operation(method: string, path: string): ReferenceOperation {
    const found = this.reference.operations.find((operation) => operation.method === method && operation.path === path);
    if (!found) throw new Error(`${this.reference.file} has no ${method} ${path}`);
    return found;
  }

  examples(method: string, path: string) {
    return requestExamples(this.reference, this.operation(method, path));
  }

  /** Sends a request of `method` `path` (the reference's path template) to `realPath`, and records the outcome. */
  async send(
    method: string,
    path: string,
    call: { realPath: string; token: string; example?: string; body?: unknown; contentType?: string; query?: Record<string, string> },
  ): Promise<ReplayOutcome> {
    const operation = this.operation(method, path);
    const label = `${this.reference.file} ${method} ${path}${call.example ? ` «${call.example}»` : ''}${call.query ? ` ?${new URLSearchParams(call.query)}` : ''}`;
    const outcome = await replay(this.request, validator, {
      label,
      operation,
      path: call.realPath,
      token: call.token,
      accept: acceptOf(this.reference, operation),
      query: call.query,
      body: call.body,
      contentType: call.contentType,
    });
    this.#replayed.add(`${method} ${path}${call.example ? ` «${call.example}»` : ''}`);
    this.outcomes.push(outcome);
    expect.soft(outcome.status, `${label} is accepted; it answered ${outcome.body.slice(0, 600)}`).toBeGreaterThanOrEqual(200);
    expect.soft(outcome.status, `${label} is accepted; it answered ${outcome.body.slice(0, 600)}`).toBeLessThan(300);
    expect.soft(outcome.problems, `${label} answers as the reference documents it`).toEqual([]);
    return outcome;
  }

  /** Replays one request-body example, its placeholders filled. */
  async example(method: string, path: string, name: string, call: { realPath: string; token: string; fill: (value: Json) => Json }) {
    const example = this.examples(method, path).find((candidate) => candidate.name === name);
    if (!example) throw new Error(`${this.reference.file} ${method} ${path} has no example «${name}»`);
    return this.send(method, path, {
      realPath: call.realPath,
      token: call.token,
      example: name,
      body: call.fill(example.value),
      contentType: example.mediaType,
    });
  }

  /** Every example request and every operation of the document was replayed; the figures are printed. */
  finish() {
    const expected = this.reference.operations.flatMap((operation) => {
      const examples = requestExamples(this.reference, operation);
      return examples.length ? examples.map((example) => `${operation.method} ${operation.path} «${example.name}»`) : [`${operation.method} ${operation.path}`];
    });
    expect(
      expected.filter((key) => !this.#replayed.has(key)),
      `${this.reference.file}: requests not replayed`,
    ).toEqual([]);
    const accepted = this.outcomes.filter((outcome) => outcome.accepted);
    const valid = accepted.filter((outcome) => outcome.problems.length === 0);
    console.log(`${this.reference.file}: ${this.outcomes.length} replayed, ${accepted.length} accepted, ${valid.length} schema-valid`);
    for (const outcome of this.outcomes.filter((each) => !each.accepted || each.problems.length)) {
      console.log(`  ✗ ${outcome.label} → ${outcome.status} ${outcome.problems.join('; ')} ${outcome.accepted ? '' : outcome.body.slice(0, 300)}`);
    }
  }
}

function sessionOf(request: APIRequestContext, file: string) {
  const reference = documents.find((document) => document.file === file);
  if (!reference) throw new Error(`The reference document ${file} is missing.`);
  return new Session(request, reference);
}

test('the reference documents are read from beside the repository, every one of them', () => {
  expect(documents.map((document) => document.file)).toEqual([
    'tyro-connect-booking.yml',
    'tyro-connect-locations.yml',
    'tyro-connect-loyalty.yml',
    'tyro-connect-ordering.yml',
    'tyro-connect-sales.yml',
    'tyro-connect-tables.yml',
  ]);
});

test('ordering: every reference request is accepted and answered as the reference documents it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { locationId, pos, orderingApp, stamp } = await theWorld(browser, request);
  const session = sessionOf(request, 'tyro-connect-ordering.yml');
  const fill = (value: Json) => filled(value, locationId);
  const created: string[] = [];
  for (const { name } of session.examples('POST', '/orders')) {
    const outcome = await session.example('POST', '/orders', name, { realPath: '/orders', token: orderingApp.token, fill });
    if (outcome.accepted) created.push((JSON.parse(outcome.body) as { id: string }).id);
  }
  const [first] = session.examples('POST', '/orders');
  const newOrder = async (orderId: string) =>
    (
      await setUp<{ id: string }>(request, orderingApp.token, 'POST', '/orders', {
        ...(fill(first!.value) as object),
        origin: { orderId, orderReference: orderId },
      })
    ).id;
  const someOrder = created[0] ?? (await newOrder(`reference-read-${stamp}`));
  await session.send('GET', '/orders/{orderId}', { realPath: `/orders/${someOrder}`, token: orderingApp.token });

  // FULFILLED ends an order the POS made ready; a customer cancels one still waiting.
  const ready = await newOrder(`reference-ready-${stamp}`);
  for (const status of ['ACCEPTED', 'BEING_PREPARED', 'READY']) {
    await setUp(request, pos.token, 'PATCH', `/orders/${ready}`, { status }, 'application/merge-patch+json');
  }
  await session.example('PATCH', '/orders/{orderId}', 'FULFILLED', { realPath: `/orders/${ready}`, token: orderingApp.token, fill });
  const waiting = await newOrder(`reference-waiting-${stamp}`);
  await session.example('PATCH', '/orders/{orderId}', 'CANCELLED_BY_CUSTOMER', { realPath: `/orders/${waiting}`, token: orderingApp.token, fill });
  session.finish();
});

test('tables: every reference request is accepted and answered as the reference documents it', async ({ browser, request }) => {
  const { locationId, pos } = await theWorld(browser, request);
  const session = sessionOf(request, 'tyro-connect-tables.yml');
  const fill = (value: Json) => filled(value, locationId);
  const [newTable] = session.examples('POST', '/tables');
  const createdTable = await session.example('POST', '/tables', newTable!.name, { realPath: '/tables', token: pos.token, fill });
  const tableId = createdTable.accepted
    ? (JSON.parse(createdTable.body) as { id: string }).id
    : (await setUp<{ id: string }>(request, pos.token, 'POST', '/tables', { locationId, number: 'table-1' })).id;

  const list = session.operation('GET', '/tables');
  const queries = [exampleQuery(session.reference, list), ...namedQueries(session.reference, list, validator.ajv)];
  for (const query of queries) await session.send('GET', '/tables', { realPath: '/tables', token: pos.token, query: { ...query, locationId } });
  await session.send('GET', '/tables/{tableId}', { realPath: `/tables/${tableId}`, token: pos.token });
  for (const { name } of session.examples('PATCH', '/tables/{tableId}')) {
    await session.example('PATCH', '/tables/{tableId}', name, { realPath: `/tables/${tableId}`, token: pos.token, fill });
  }
  await session.send('DELETE', '/tables/{tableId}', { realPath: `/tables/${tableId}`, token: pos.token });
  session.finish();
});

test('sales: every reference request is accepted and answered as the reference documents it', async ({ browser, request }) => {
  const { locationId, pos, stamp } = await theWorld(browser, request);
  const session = sessionOf(request, 'tyro-connect-sales.yml');
  // The reference has no request to create a sale: the POS records one in Counterpart's terms.
  const sale = await setUp<{ id: string; version: number }>(request, pos.token, 'POST', '/sales', {
    locationId,
    // The reference's sale names the POS's own store id beside its sale id.
    origin: { saleId: `reference-sale-${stamp}`, locationId: 'POS-0000001' },
    status: 'OPEN',
    openedZonedDateTime: '2023-04-29T12:30:00+10:00',
    staff: { id: '8675309' },
    items: [{ id: 'i1', name: 'Diet Soda', sku: '1123581321', quantity: 3, unitPrice: aud(123), unitPriceTax: aud(11), tax: aud(33), total: aud(369) }],
    tax: aud(33),
    total: aud(369),
  });
  const list = session.operation('GET', '/sales');
  const queries = [exampleQuery(session.reference, list), ...namedQueries(session.reference, list, validator.ajv), {}];
  for (const query of queries) await session.send('GET', '/sales', { realPath: '/sales', token: pos.token, query: { ...query, locationId } });
  await session.send('GET', '/sales/{saleId}', { realPath: `/sales/${sale.id}`, token: pos.token });
  // The update has no example: the POS closes the sale with the version it read, as its description says.
  await session.send('PATCH', '/sales/{saleId}', {
    realPath: `/sales/${sale.id}`,
    token: pos.token,
    body: { version: sale.version, status: 'CLOSED', closedZonedDateTime: '2023-04-29T13:30:00+10:00' },
    contentType: 'application/json',
  });
  // The reference reopens a closed sale as a new sale, REOPENED with parentSaleId: it reads and lists as the reference's sale.
  const reopened = await setUp<{ id: string }>(request, pos.token, 'POST', '/sales', {
    locationId,
    origin: { saleId: `reference-sale-${stamp}-reopened`, locationId: 'POS-0000001' },
    status: 'REOPENED',
    parentSaleId: sale.id,
    openedZonedDateTime: '2023-04-29T13:40:00+10:00',
    staff: { id: '8675309' },
    tax: aud(0),
    total: aud(0),
  });
  await session.send('GET', '/sales/{saleId}', { realPath: `/sales/${reopened.id}`, token: pos.token });
  const listed = await session.send('GET', '/sales', { realPath: '/sales', token: pos.token, query: { locationId, saleStatus: 'REOPENED' } });
  expect((JSON.parse(listed.body) as { results: { id: string; parentSaleId?: string }[] }).results).toEqual([
    expect.objectContaining({ id: reopened.id, parentSaleId: sale.id }),
  ]);
  session.finish();
});

test('booking: every reference request is accepted and answered as the reference documents it', async ({ browser, request }) => {
  const { locationId, bookingApp, stamp } = await theWorld(browser, request);
  const session = sessionOf(request, 'tyro-connect-booking.yml');
  const fill = (value: Json) => filled(value, locationId);
  const [newBooking] = session.examples('POST', '/bookings');
  const created = await session.example('POST', '/bookings', newBooking!.name, { realPath: '/bookings', token: bookingApp.token, fill });
  // Each update has a booking of its own, made in Counterpart's terms.
  const aBooking = async (reference: string) =>
    (
      await setUp<{ id: string }>(request, bookingApp.token, 'POST', '/bookings', {
        ...(fill(newBooking!.value) as object),
        bookingStatus: undefined,
        origin: { bookingReference: `${reference}-${stamp}` },
      })
    ).id;
  const bookingId = created.accepted ? (JSON.parse(created.body) as { id: string }).id : await aBooking('reference-read');
  await session.send('GET', '/bookings/{bookingId}', { realPath: `/bookings/${bookingId}`, token: bookingApp.token });
  for (const { name } of session.examples('PATCH', '/bookings/{bookingId}')) {
    const target = await aBooking(`reference-${name.toLowerCase().replace(/\W+/g, '-')}`);
    await session.example('PATCH', '/bookings/{bookingId}', name, { realPath: `/bookings/${target}`, token: bookingApp.token, fill });
  }
  session.finish();
});

test('locations: every reference request is accepted and answered as the reference documents it', async ({ browser, request, baseURL }) => {
  const { locationId, pos, orderingApp } = await theWorld(browser, request);
  const session = sessionOf(request, 'tyro-connect-locations.yml');
  // The POS says HELLO on its notification socket, so the location has been online.
  const socket = new WebSocket(`${baseURL!.replace(/^http/, 'ws')}/connect/pos/notifications/${locationId}`, {
    headers: { authorization: `Bearer ${pos.token}` },
  });
  await new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject));
  socket.send(JSON.stringify({ type: 'HELLO', posVersion: '1.0', supportedApis: [{ name: 'FOOD_ORDERING', version: '1.0' }] }));
  await expect
    .poll(async () => (await setUp<{ status: { code: string } }>(request, orderingApp.token, 'GET', `/locations/${locationId}`)).status.code)
    .toBe('GREEN');
  try {
    await session.send('GET', '/locations/{tcLocationId}', { realPath: `/locations/${locationId}`, token: orderingApp.token });
  } finally {
    socket.close();
  }
  session.finish();
});

test('loyalty: every reference request is accepted and answered as the reference documents it', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { locationId, spareLocationId, locationName, spareLocationName, merchant, stamp, pos } = await theWorld(browser, request);
  const session = sessionOf(request, 'tyro-connect-loyalty.yml');
  const partnerName = `Reference Loyalty ${stamp}`;
  const partner = await manage<{ id: string }>(request, '/partners', { name: partnerName, type: 'LOYALTY' });
  const programId = `reference-rewards-${stamp}`;
  await manage(request, `/partners/${partner.id}/loyalty-programs`, { loyaltyProgramId: programId, name: 'Reference Rewards' });
  const client = await manage<{ client_id: string; client_secret: string }>(request, `/partners/${partner.id}/clients`);
  const tokenResponse = await request.post('/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret },
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };

  // The merchant asks for loyalty at both locations: one request to approve, one to reject.
  const page = await browser.newPage();
  await page.goto(`/login?callbackUrl=${encodeURIComponent('/dashboard/loyalty')}`);
  await page.getByLabel('Email').fill(merchant.email);
  await page.getByLabel('Password').fill(merchant.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  for (const name of [locationName, spareLocationName]) {
    const region = page.getByRole('region', { name, exact: true });
    await region.getByLabel('Loyalty partner').selectOption({ label: partnerName });
    await region.getByLabel('ABN').fill('12 345 678 901');
    await region.getByLabel('Business address').fill('1 Main Street');
    await region.getByLabel('Postcode').fill('2000');
    await region.getByRole('button', { name: 'Activate loyalty' }).click();
    await expect(region.getByText('Waiting for approval')).toBeVisible();
  }
  await page.close();
  const feed = await setUp<{
    results?: { type: string; locationId: string; data: { id: string } }[];
    events?: { type: string; locationId: string; data: { id: string } }[];
  }>(request, token, 'GET', '/events?limit=50');
  const onboardingOf = (location: string) =>
    (feed.results ?? feed.events ?? []).find((event) => event.type === 'NEW_ONBOARDING_REQUEST' && event.locationId === location)!.data.id;
  const toApprove = onboardingOf(locationId);
  const toReject = onboardingOf(spareLocationId);

  const onboardingPath = '/locations/merchant-onboarding/loyalty/{onboardingReference}';
  await session.send('GET', onboardingPath, { realPath: `/locations/merchant-onboarding/loyalty/${toApprove}`, token });
  const programs = { 'my-loyalty-program-id': programId };
  const approval = await session.example('POST', onboardingPath, 'Approve onboarding', {
    realPath: `/locations/merchant-onboarding/loyalty/${toApprove}`,
    token,
    fill: (value) => filled(value, locationId, programs),
  });
  // What follows needs the location's loyalty approved: in Counterpart's terms when the example was refused.
  if (!approval.accepted) {
    await setUp(request, token, 'POST', `/locations/merchant-onboarding/loyalty/${toApprove}`, { action: 'APPROVE', loyaltyProgramId: programId });
  }
  await session.example('POST', onboardingPath, 'Reject onboarding', {
    realPath: `/locations/merchant-onboarding/loyalty/${toReject}`,
    token,
    fill: (value) => filled(value, locationId, programs),
  });

  // Non-members pay first: their payments and memberReferences are what members register with.
  const nonMember = () =>
    setUp<{ paymentId: string; memberReference: string }>(request, token, 'POST', '/payments/test', {
      locationId,
      memberId: null,
      paymentType: 'PURCHASE',
      paymentSource: 'EFTPOS',
      goodsAndServicesAmount: 500,
    });
  const payments = session.examples('POST', '/payments/test');
  const firstVisit = await nonMember();
  const secondVisit = await nonMember();
  const memberId = 'member-1';
  const values: Record<string, string> = {
    'some-member-id': memberId,
    '6940871887d8': firstVisit.paymentId,
    '8f5e6eac-4adb-4b4c-93c0-eb72fad3be35': secondVisit.memberReference,
    'ab6775c4-b446-4cd7-b2b6-d4dae6e9563b': firstVisit.memberReference,
  };
  const fill = (value: Json) => filled(value, locationId, values);
  for (const { name } of session.examples('POST', '/loyalty/members')) {
    await session.example('POST', '/loyalty/members', name, { realPath: '/loyalty/members', token, fill });
  }
  let activityId: string | undefined;
  let activityPayment: { paymentId: string; amount: number } | undefined;
  for (const { name, value } of payments) {
    const outcome = await session.example('POST', '/payments/test', name, { realPath: '/payments/test', token, fill });
    const made = outcome.accepted ? (JSON.parse(outcome.body) as { loyaltyActivityId?: string; paymentId: string }) : undefined;
    if (!activityId && made?.loyaltyActivityId) {
      activityId = made.loyaltyActivityId;
      activityPayment = { paymentId: made.paymentId, amount: (value as { goodsAndServicesAmount: number }).goodsAndServicesAmount };
    }
  }
  const events = await setUp<{ results?: { type: string; data: { id: string } }[]; events?: { type: string; data: { id: string } }[] }>(
    request,
    token,
    'GET',
    '/events?limit=50',
  );
  const all = events.results ?? events.events ?? [];
  activityId ??= all.find((event) => event.type === 'NEW_LOYALTY_ACTIVITY')?.data.id ?? 'no-activity';
  const cardId = all.find((event) => event.type === 'NEW_REGISTERED_CARD')?.data.id ?? 'no-card';
  await session.send('GET', '/loyalty/activities/{loyaltyActivityId}', { realPath: `/loyalty/activities/${activityId}`, token });
  // The activity with its sale: the POS records the sale the member's payment belongs to, first one that leaves out what
  // the Sales API makes optional and the loyalty reference's sale requires (staff, tax, store and terminal ids), then a
  // whole one. Each answer is checked against the reference's loyalty-activity, and the whole sale is carried.
  expect(activityPayment, 'a member’s test payment made a loyalty activity').toBeDefined();
  const { paymentId, amount } = activityPayment!;
  const sale = (saleId: string) => ({
    locationId,
    origin: { saleId },
    status: 'CLOSED',
    openedZonedDateTime: '2023-04-29T12:30:00+10:00',
    closedZonedDateTime: '2023-04-29T12:45:00+10:00',
    items: [{ id: 'i1', name: 'Cherry', sku: 'cherry-pie', quantity: 1, unitPrice: aud(amount), unitPriceTax: aud(0), tax: aud(0), total: aud(amount) }],
    total: aud(amount),
    payments: [{ method: 'EFTPOS', acquirer: { name: 'TYRO', transactionReference: paymentId }, goodsAndServicesAmount: aud(amount) }],
  });
  await setUp(request, pos.token, 'POST', '/sales', sale(`reference-loyalty-partial-${stamp}`));
  await session.send('GET', '/loyalty/activities/{loyaltyActivityId}', { realPath: `/loyalty/activities/${activityId}`, token });
  const whole = sale(`reference-loyalty-whole-${stamp}`);
  await setUp(request, pos.token, 'POST', '/sales', {
    ...whole,
    origin: { ...whole.origin, locationId: 'POS-0000001' },
    staff: { id: '8675309' },
    tax: aud(0),
    payments: [{ ...whole.payments[0], acquirer: { name: 'TYRO', transactionReference: paymentId, terminalId: 'T-0000001' } }],
  });
  const withSale = await session.send('GET', '/loyalty/activities/{loyaltyActivityId}', { realPath: `/loyalty/activities/${activityId}`, token });
  expect((JSON.parse(withSale.body) as { sale: { origin: { saleId: string } } | null }).sale?.origin.saleId).toBe(whole.origin.saleId);
  await session.send('GET', '/loyalty/registered-cards/{registeredCardId}', { realPath: `/loyalty/registered-cards/${cardId}`, token });
  for (const { name } of session.examples('DELETE', '/loyalty/registered-cards/{registeredCardId}')) {
    await session.example('DELETE', '/loyalty/registered-cards/{registeredCardId}', name, { realPath: `/loyalty/registered-cards/${cardId}`, token, fill });
  }
  // Deregistering has no example: the member registered above leaves, as the request schema has it.
  await session.send('DELETE', '/loyalty/members', { realPath: '/loyalty/members', token, body: { origin: { memberId } }, contentType: 'application/json' });
  session.finish();
});
