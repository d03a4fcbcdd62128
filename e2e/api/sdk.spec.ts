import { expect, test } from '@playwright/test';
import { sampleOrderRequest } from '@/lib/orders/sample-order';
import { E2E_ADMIN_API_KEY } from '../../playwright.config';
import {
  CounterpartProblem,
  createCounterpartClient,
  EventConsumer,
  PosNotifications,
  unwrap,
  verifyWebhook,
  version,
  WebhookVerificationError,
  type CounterpartEvent,
} from '../../sdk/src/index';
import { DEMO_LOCATIONS, manage } from '../support';
import { eventually, sdkApp, sdkPos, tcpRelay, webhookReceiver } from './sdk-fixtures';

const [CBD, BONDI] = DEMO_LOCATIONS;

test.describe('@counterpart/client against the server', () => {
  test('client credentials: an app places an order, reads it in both Ordering versions, and re-sends it safely', async ({ request, baseURL }) => {
    const app = await sdkApp(request, baseURL!, 'ORDERING_APP', [CBD]);
    const body = sampleOrderRequest(CBD);
    const created = await unwrap(app.api.POST('/orders', { body }));
    expect(created).toMatchObject({ locationId: CBD, status: 'CREATED' });
    expect(app.tokens.current()?.expiresAt).toBeGreaterThan(Date.now() + 60_000);

    // The same origin.orderId with the same content is the same order (docs/contract.md#orders), so a retried POST is harmless.
    expect((await unwrap(app.api.POST('/orders', { body }))).id).toBe(created.id);

    const v10 = await app.api.GET('/orders/{orderId}', { params: { path: { orderId: created.id } } });
    expect(v10.response.headers.get('api-version')).toBe('1.0');
    expect(v10.data).not.toHaveProperty('paymentStatus');
    const v11 = await app.api.GET('/orders/{orderId}', { params: { path: { orderId: created.id } }, headers: version('1.1') });
    expect(v11.response.headers.get('api-version')).toBe('1.1');
    expect(v11.data).toHaveProperty('paymentStatus');
    const perClient = createCounterpartClient({ baseUrl: baseURL!, auth: app.tokens, versions: { ordering: '1.1' } });
    expect((await perClient.GET('/orders/{orderId}', { params: { path: { orderId: created.id } } })).response.headers.get('api-version')).toBe('1.1');

    await app.api.PATCH('/orders/{orderId}', {
      params: { path: { orderId: created.id } },
      body: { status: 'CANCELLED_BY_CUSTOMER', reason: 'Changed my mind' },
    });
    expect((await unwrap(app.api.GET('/orders/{orderId}', { params: { path: { orderId: created.id } } }))).status).toBe('CANCELLED_BY_CUSTOMER');
  });

  test('problem answers are thrown typed, with code, errors, status and request id', async ({ request, baseURL }) => {
    const app = await sdkApp(request, baseURL!, 'ORDERING_APP', [CBD]);
    const invalid = await app.api.POST('/orders', { body: { locationId: CBD } as never }).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(CounterpartProblem);
    const problem = invalid as CounterpartProblem;
    expect(problem).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(problem.errors.length).toBeGreaterThan(1);
    expect(problem.errors.every((violation) => violation.segment === 'body')).toBe(true);
    expect(problem.requestId).toMatch(/\S+/);

    const body = sampleOrderRequest(CBD);
    await app.api.POST('/orders', { body });
    const conflict = await app.api
      .POST('/orders', { body: { ...body, total: { amount: body.total.amount + 1, currency: 'AUD' } } })
      .catch((error: unknown) => error);
    expect(conflict).toMatchObject({ status: 409, code: 'ORDER_ID_CONFLICT' });

    const missing = await app.api.GET('/orders/{orderId}', { params: { path: { orderId: 'no-such-order' } } }).catch((error: unknown) => error);
    expect(missing).toMatchObject({ status: 404 });
    const unsupported = await app.api
      .GET('/orders/{orderId}', { params: { path: { orderId: 'x' } }, headers: version('9.9') })
      .catch((error: unknown) => error);
    expect(unsupported).toMatchObject({ status: 406 });
  });

  test('device flow approved on /activate, refresh rotation, and the Ordering, Tables, Sales and Booking calls of a POS', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const pos = await sdkPos(browser, request, baseURL!, [CBD]);
    expect(pos.device.userCode).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    expect(pos.polls.every((error) => error === 'authorization_pending')).toBe(true);
    const first = (await pos.store.load())!;
    expect(first.refreshToken).toBeTruthy();

    // Refresh rotation: the new pair is stored, and the old refresh token is spent.
    const renewed = await pos.tokens.refresh();
    expect(renewed.refreshToken).toBeTruthy();
    expect(renewed.refreshToken).not.toBe(first.refreshToken);
    expect((await pos.store.load())!.refreshToken).toBe(renewed.refreshToken);

    // Ordering: an app places an order; the POS lists, accepts, prepares and readies it; the app fulfils it.
    const app = await sdkApp(request, baseURL!, 'ORDERING_APP', [CBD]);
    const order = await unwrap(app.api.POST('/orders', { body: sampleOrderRequest(CBD) }));
    const listed = await unwrap(pos.api.GET('/orders', { params: { query: { locationId: CBD, status: 'CREATED' } } }));
    expect(listed.results.map((entry) => entry.id)).toContain(order.id);
    for (const status of ['ACCEPTED', 'BEING_PREPARED', 'READY'] as const) {
      await pos.api.PATCH('/orders/{orderId}', { params: { path: { orderId: order.id } }, body: { status } });
    }
    await app.api.PATCH('/orders/{orderId}', { params: { path: { orderId: order.id } }, body: { status: 'FULFILLED' } });
    expect((await unwrap(pos.api.GET('/orders/{orderId}', { params: { path: { orderId: order.id } } }))).status).toBe('FULFILLED');
    // FULFILLED is final (docs/contract.md#resources).
    const illegal = await pos.api
      .PATCH('/orders/{orderId}', { params: { path: { orderId: order.id } }, body: { status: 'ACCEPTED' } })
      .catch((error: unknown) => error);
    expect(illegal).toMatchObject({ status: 409, code: 'ORDER_STATUS_CONFLICT' });

    // Tables and Sales: a new table, an open sale on it, the sale closed, the table renumbered and removed.
    const number = `SDK-${Date.now() % 100000}`;
    const table = await unwrap(pos.api.POST('/tables', { body: { locationId: CBD, number } }));
    const sale = await unwrap(
      pos.api.POST('/sales', {
        body: {
          locationId: CBD,
          origin: { saleId: `sdk-sale-${Date.now()}` },
          status: 'OPEN',
          openedZonedDateTime: new Date().toISOString(),
          table: { number },
        },
      }),
    );
    expect((await unwrap(pos.api.GET('/tables/{tableId}', { params: { path: { tableId: table.id } } }))).openSales).toEqual([sale.id]);
    const busy = await pos.api.DELETE('/tables/{tableId}', { params: { path: { tableId: table.id } } }).catch((error: unknown) => error);
    expect(busy).toMatchObject({ status: 409 });
    const stale = await pos.api
      .PATCH('/sales/{saleId}', {
        params: { path: { saleId: sale.id } },
        body: { version: sale.version + 1, status: 'CLOSED', closedZonedDateTime: new Date().toISOString() },
      })
      .catch((error: unknown) => error);
    expect(stale).toMatchObject({ status: 412 });
    const current = await unwrap(pos.api.GET('/sales/{saleId}', { params: { path: { saleId: sale.id } } }));
    await pos.api.PATCH('/sales/{saleId}', {
      params: { path: { saleId: sale.id } },
      body: { version: current.version, status: 'CLOSED', closedZonedDateTime: new Date().toISOString() },
    });
    expect((await unwrap(pos.api.GET('/sales', { params: { query: { locationId: CBD } } }))).results.map((entry) => entry.id)).toContain(sale.id);
    await pos.api.PATCH('/tables/{tableId}', { params: { path: { tableId: table.id } }, body: { number: `${number}-B` } });
    expect(
      (await unwrap(pos.api.GET('/tables', { params: { query: { locationId: CBD, openSales: 'false' } } }))).results.map((entry) => entry.number),
    ).toContain(`${number}-B`);
    await pos.api.DELETE('/tables/{tableId}', { params: { path: { tableId: table.id } } });

    // Booking: an app books; the POS accepts, seats and finalises it; a walk-in from the POS.
    const bookingApp = await sdkApp(request, baseURL!, 'BOOKING_APP', [CBD]);
    const booking = await unwrap(
      bookingApp.api.POST('/bookings', {
        body: {
          locationId: CBD,
          origin: { bookingReference: `sdk-${Date.now()}` },
          asset: { type: 'TABLE', tables: [{ number: '1' }] },
          numberOfPeople: 2,
          startTime: new Date(Date.now() + 3_600_000).toISOString(),
        },
      }),
    );
    expect(booking).toMatchObject({ bookingStatus: 'CREATED', tcBookingId: booking.id });
    await pos.api.PATCH('/bookings/{bookingId}', { params: { path: { bookingId: booking.id } }, body: { bookingStatus: 'ACCEPTED' } });
    for (const tableStatus of ['SEATED', 'DINING', 'CLOSING', 'FINALISED'] as const) {
      await pos.api.PATCH('/bookings/{bookingId}', { params: { path: { bookingId: booking.id } }, body: { asset: { tableStatus } } });
    }
    const history = await unwrap(pos.api.GET('/bookings/{bookingId}/events', { params: { path: { bookingId: booking.id } } }));
    expect(JSON.stringify(history)).toContain('FINALISED');
    const walkIn = await unwrap(
      pos.api.POST('/bookings', { body: { locationId: CBD, asset: { type: 'TABLE', tableStatus: 'SEATED', tables: [{ number: '2' }] }, numberOfPeople: 3 } }),
    );
    expect(walkIn.asset).toMatchObject({ tableStatus: 'SEATED' });
  });

  test('webhooks verify with the SDK, with either secret while they rotate, and feed an ordered consumer', async ({ browser, request, baseURL }) => {
    test.setTimeout(120_000);
    const receiver = await webhookReceiver();
    try {
      const app = await sdkApp(request, baseURL!, 'ORDERING_APP', [BONDI]);
      const endpoint = await manage<{ id: string; secret: string }>(request, `/partners/${app.partnerId}/webhooks`, { url: receiver.url });
      const pos = await sdkPos(browser, request, baseURL!, [BONDI]);
      const handled: CounterpartEvent[] = [];
      const consumer = new EventConsumer({ handle: (event) => void handled.push(event) });

      const order = await unwrap(app.api.POST('/orders', { body: sampleOrderRequest(BONDI) }));
      await pos.api.PATCH('/orders/{orderId}', { params: { path: { orderId: order.id } }, body: { status: 'ACCEPTED' } });
      await eventually(
        () => receiver.received.length,
        (count) => count >= 1,
      );
      const accepted = verifyWebhook(endpoint.secret, receiver.received[0]!.headers, receiver.received[0]!.body);
      expect(accepted).toMatchObject({ type: 'ORDER_ACCEPTED', locationId: BONDI, data: { id: order.id, resource: 'order', version: 2 } });
      expect(() => verifyWebhook(endpoint.secret, receiver.received[0]!.headers, receiver.received[0]!.body.replace(order.id, 'forged'))).toThrow(
        WebhookVerificationError,
      );

      const rotated = await request.post(`/manage/webhooks/${endpoint.id}/rotate-secret`, { headers: { authorization: `Bearer ${E2E_ADMIN_API_KEY}` } });
      expect(rotated.ok()).toBe(true);
      const { secret: newSecret } = (await rotated.json()) as { secret: string };
      expect(newSecret).not.toBe(endpoint.secret);
      await pos.api.PATCH('/orders/{orderId}', { params: { path: { orderId: order.id } }, body: { status: 'BEING_PREPARED' } });
      await eventually(
        () => receiver.received.length,
        (count) => count >= 2,
      );
      const during = receiver.received[1]!;
      // Signed with both: a receiver still on the old secret, one already on the new, and one holding both all accept it.
      for (const secrets of [endpoint.secret, newSecret, [newSecret, endpoint.secret]]) {
        expect(verifyWebhook(secrets, during.headers, during.body)).toMatchObject({ type: 'ORDER_BEING_PREPARED', data: { version: 3 } });
      }

      const events = receiver.received.map((delivery) => verifyWebhook([newSecret, endpoint.secret], delivery.headers, delivery.body));
      // Delivered twice and out of order, the consumer still applies each once and never goes back.
      expect(await consumer.consume(events[1]!)).toBe('handled');
      expect(await consumer.consume(events[0]!)).toBe('stale');
      expect(await consumer.consume(events[1]!)).toBe('duplicate');
      expect(handled.map((event) => event.type)).toEqual(['ORDER_BEING_PREPARED']);
    } finally {
      await receiver.close();
    }
  });

  test('POS notifications reconnect after the link drops and catch up, missing no event', async ({ browser, request, baseURL }) => {
    test.setTimeout(120_000);
    const relay = await tcpRelay(Number(new URL(baseURL!).port));
    const app = await sdkApp(request, baseURL!, 'ORDERING_APP', [CBD]);
    const pos = await sdkPos(browser, request, baseURL!, [CBD], relay.url);
    const received: CounterpartEvent[] = [];
    const states: string[] = [];
    const notifications = new PosNotifications({
      client: pos.api,
      locationId: CBD,
      onEvent: (event) => void received.push(event),
      onState: (state) => states.push(state.state),
      reconnect: { baseDelayMs: 200, maxDelayMs: 1000 },
    }).start();
    try {
      await eventually(
        () => states,
        (seen) => seen.includes('open'),
      );
      const placed: string[] = [];
      const place = async () => placed.push((await unwrap(app.api.POST('/orders', { body: sampleOrderRequest(CBD) }))).id);
      await place();
      const createdIds = () => received.filter((event) => event.type === 'ORDER_CREATED').map((event) => event.data.id);
      expect(await eventually(createdIds, (ids) => ids.includes(placed[0]!))).toContain(placed[0]);

      relay.cut();
      await eventually(
        () => states,
        (seen) => seen.includes('closed'),
      );
      for (let index = 0; index < 3; index += 1) await place();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      relay.restore();

      const ids = await eventually(createdIds, (seen) => placed.every((id) => seen.includes(id)));
      expect(ids.filter((id) => placed.includes(id)).sort()).toEqual([...placed].sort());
      expect(new Set(received.map((event) => event.id)).size).toBe(received.length);
      expect(states.filter((state) => state === 'open').length).toBeGreaterThanOrEqual(2);
      expect(notifications.lastEventId).toBe(received.at(-1)!.id);
    } finally {
      await notifications.stop();
      await relay.close();
    }
  });
});
