import { expect, test } from '@playwright/test';
import { operationExamples } from '@/app/docs/examples';
import { unwrap } from '../../sdk/src/index';
import { DEMO_LOCATIONS } from '../support';
import { sdkApp, sdkPos } from './sdk-fixtures';

test('/docs starts partners off: quick start, examples, events, limits, versions, and markdown rendered', async ({ request, baseURL }) => {
  const response = await request.get('/docs');
  expect(response.status()).toBe(200);
  const html = await response.text();
  for (const section of ['id="quick-start"', 'id="device-flow"', 'id="websocket"', 'id="events"', 'id="rate-limits"', 'id="versions"', 'id="errors"']) {
    expect(html, section).toContain(section);
  }
  // The token endpoint and a first call, with this server's own address.
  expect(html).toContain(`${baseURL}/oauth/token`);
  expect(html).toContain('grant_type=client_credentials');
  expect(html).toContain('verifyWebhook');
  // Every operation shows examples; every event type an example payload.
  expect(html).toContain('Request example (application/json)');
  expect(html).toContain('Response example (201)');
  expect(html).toContain('id="ORDER_CREATED"');
  expect(html).toContain('id="NEW_ONBOARDING_REQUEST"');
  // The versions the Tyro Connect reference pins, and its media type.
  expect(html).toContain('0.1 is answered as 1.0');
  expect(html).toContain('application/vnd.tyro.connect+json;version=1.0');
  // Markdown in descriptions is formatting, not literal backticks.
  expect(html).toContain('<code>version</code>');
  expect(html).not.toMatch(/`version`/);
});

test('the request examples on /docs are accepted by the server as written', async ({ browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const examples = operationExamples();
  const example = (key: string) => examples.get(key)!.request!.example as never;
  const location = DEMO_LOCATIONS[0];
  const pos = await sdkPos(browser, request, baseURL!, [location]);
  const app = await sdkApp(request, baseURL!, 'ORDERING_APP', [location]);
  const bookingApp = await sdkApp(request, baseURL!, 'BOOKING_APP', [location]);

  const order = await unwrap(app.api.POST('/orders', { body: example('post /orders') }));
  expect(order.total).toEqual({ amount: 3210, currency: 'AUD' });
  await pos.api.PATCH('/orders/{orderId}', { params: { path: { orderId: order.id } }, body: example('patch /orders/{orderId}') });

  const table = await unwrap(pos.api.POST('/tables', { body: example('post /tables') }));
  const sale = await unwrap(pos.api.POST('/sales', { body: example('post /sales') }));
  expect((await unwrap(pos.api.GET('/tables/{tableId}', { params: { path: { tableId: table.id } } }))).openSales).toEqual([sale.id]);
  await pos.api.PATCH('/sales/{saleId}', {
    params: { path: { saleId: sale.id } },
    body: { ...(examples.get('patch /sales/{saleId}')!.request!.example as object), version: sale.version } as never,
  });
  await pos.api.PATCH('/tables/{tableId}', { params: { path: { tableId: table.id } }, body: example('patch /tables/{tableId}') });
  // Leave the demo floor as it was.
  await pos.api.DELETE('/tables/{tableId}', { params: { path: { tableId: table.id } } });

  const booking = await unwrap(bookingApp.api.POST('/bookings', { body: example('post /bookings') }));
  await pos.api.PATCH('/bookings/{bookingId}', { params: { path: { bookingId: booking.id } }, body: { bookingStatus: 'ACCEPTED' } });
  await pos.api.PATCH('/bookings/{bookingId}', { params: { path: { bookingId: booking.id } }, body: example('patch /bookings/{bookingId}') });
  expect((await unwrap(pos.api.GET('/bookings/{bookingId}', { params: { path: { bookingId: booking.id } } }))).asset).toMatchObject({ tableStatus: 'SEATED' });
});
