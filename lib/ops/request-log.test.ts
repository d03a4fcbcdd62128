import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as connectionsRoute from '@/app/manage/partners/[partnerId]/connections/route';
import * as orderItem from '@/app/connect/orders/[orderId]/route';
import * as ordersRoute from '@/app/connect/orders/route';
import * as tokenRoute from '@/app/oauth/token/route';
import * as usersRoute from '@/app/manage/users/route';
import { apiRequestLog, auditLog } from '@/db/schema';
import { resetConfig } from '@/lib/config';
import { listDeliveries } from '@/lib/events/delivery-log';
import { createWebhookEndpoint } from '@/lib/events/webhook-endpoints';
import { sampleOrderRequests } from '@/lib/orders/sample-orders.fixture';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { callRoute } from '@/lib/testing/http';
import { eventsOfRequest } from './request-log';
import { flushRequestLog, listRequests, routeTemplate } from './request-log';
import { REDACTED, redactBody } from './redact';

const ADMIN_API_KEY = 'request-log-test-key-0123456789';
const { db } = useTestDatabase();

const CARD = '4111 1111 1111 1111';

describe('API request log', () => {
  beforeEach(() => resetConfig({ ADMIN_API_KEY, API_LOG_ENABLED: 'true' }));
  afterEach(() => {
    vi.restoreAllMocks();
    resetConfig();
  });

  it('records a partner call with its route template, status, latency, partner, client and request id', async () => {
    const { locationIds } = await createMerchantWithLocations(db());
    const pos = await createConnectedPartner(db(), 'POS', locationIds);
    // The clock reads 5000 ms when the request starts and 5042.4 ms whenever it is read again (when it is answered).
    vi.spyOn(performance, 'now').mockReturnValueOnce(5_000).mockReturnValue(5_042.4);
    const response = await callRoute(orderItem.GET, 'GET', '/connect/orders/ord_missing', {
      token: pos.token,
      params: { orderId: 'ord_missing' },
      headers: { 'x-request-id': 'trace-abc-123' },
    });
    vi.restoreAllMocks();
    expect(response.status).toBe(404);
    expect(response.headers.get('x-request-id')).toBe('trace-abc-123');
    expect(((await response.json()) as { requestId: string }).requestId).toBe('trace-abc-123');
    await flushRequestLog();
    const [row] = await listRequests(db(), { requestId: 'trace-abc-123' });
    expect(row).toMatchObject({
      surface: 'partner',
      method: 'GET',
      route: '/connect/orders/{orderId}',
      path: '/connect/orders/ord_missing',
      status: 404,
      partnerId: pos.partnerId,
      clientId: pos.clientId,
      grant: pos.grantId,
      errorCode: 'NOT_FOUND',
    });
    expect(row!.latencyMs).toBe(42);
    expect(row!.responseBody).toContain('NOT_FOUND');
  });

  it('replaces an invalid X-Request-Id with a fresh one', async () => {
    const response = await callRoute(orderItem.GET, 'GET', '/connect/orders/x', {
      params: { orderId: 'x' },
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(response.status).toBe(401);
    const id = response.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await response.json()) as { requestId: string }).requestId).toBe(id);
  });

  it('keeps a 422 with its request and response bodies, secrets and card numbers redacted', async () => {
    const { locationIds } = await createMerchantWithLocations(db());
    const partner = await createConnectedPartner(db(), 'ORDERING_APP', locationIds);
    const response = await callRoute(connectionsRoute.POST, 'POST', `/manage/partners/${partner.partnerId}/connections`, {
      token: ADMIN_API_KEY,
      params: { partnerId: partner.partnerId },
      headers: { 'x-request-id': 'unprocessable-1' },
      body: { locationId: 'missing-location', password: 'hunter2-hunter2', note: `card ${CARD}`, client_secret: partner.clientSecret },
    });
    expect(response.status).toBe(422);
    await flushRequestLog();
    const [row] = await listRequests(db(), { requestId: 'unprocessable-1' });
    expect(row).toMatchObject({ surface: 'manage', route: '/manage/partners/{partnerId}/connections', status: 422, errorCode: expect.any(String) });
    const stored = JSON.parse(row!.requestBody!) as Record<string, string>;
    expect(stored).toEqual({ locationId: 'missing-location', password: REDACTED, note: `card ${REDACTED}`, client_secret: REDACTED });
    expect(row!.responseBody).toContain('missing-location');
  });

  it('never stores a token or a client secret in any column, whatever the outcome', async () => {
    const { locationIds } = await createMerchantWithLocations(db());
    const app = await createConnectedPartner(db(), 'ORDERING_APP', locationIds);
    const form = (secret: string) => new URLSearchParams({ grant_type: 'client_credentials', client_id: app.clientId, client_secret: secret }).toString();
    const good = await callRoute(tokenRoute.POST, 'POST', '/oauth/token', {
      body: form(app.clientSecret!),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(good.status).toBe(200);
    const issued = ((await good.json()) as { access_token: string }).access_token;
    const wrongSecret = `${app.clientSecret!.slice(0, -4)}abcd`;
    const bad = await callRoute(tokenRoute.POST, 'POST', '/oauth/token', {
      body: form(wrongSecret),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bad.status).toBe(401);
    // A token in a path or a body where none belongs is caught by its shape.
    await callRoute(orderItem.GET, 'GET', `/connect/orders/${issued}`, { token: issued, params: { orderId: issued } });
    await callRoute(connectionsRoute.POST, 'POST', '/manage/partners/x/connections', {
      token: ADMIN_API_KEY,
      params: { partnerId: app.partnerId },
      body: { locationId: 'nowhere', stray: issued, other: app.clientSecret, wrong: wrongSecret },
    });
    await flushRequestLog();
    const rows = await db().select().from(apiRequestLog);
    const audit = await db().select().from(auditLog);
    expect(rows.find((row) => row.surface === 'oauth' && row.status === 200)).toMatchObject({
      route: '/oauth/token',
      grant: 'client_credentials',
      clientId: app.clientId,
    });
    const failed = rows.find((row) => row.surface === 'oauth' && row.status === 401)!;
    expect(failed.requestBody).toContain(`client_secret=${encodeURIComponent(REDACTED)}`);
    const everything = JSON.stringify([rows, audit]);
    for (const secret of [issued, app.clientSecret!, wrongSecret, ADMIN_API_KEY]) expect(everything).not.toContain(secret);
  });

  it('stores requests whose body carries NUL or half a surrogate pair, and every other row of their batch', async () => {
    // PostgreSQL's text refuses U+0000; a client can send it in any body. Before, one such row dropped its whole batch.
    const { locationIds } = await createMerchantWithLocations(db());
    const app = await createConnectedPartner(db(), 'ORDERING_APP', locationIds);
    for (const [requestId, body] of [
      ['nul-raw-1', '{"locationId": "a\u0000b"'],
      ['nul-json-1', JSON.stringify({ locationId: 'a\u0000b' })],
      // Half a surrogate pair: JSON can carry it escaped, PostgreSQL's jsonb and text cannot.
      ['surrogate-raw-1', '{"locationId": "a\ud800b"'],
    ]) {
      const response = await callRoute(ordersRoute.POST, 'POST', '/connect/orders', {
        token: app.token,
        body,
        headers: { 'content-type': 'application/json', 'x-request-id': requestId },
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
    }
    await callRoute(orderItem.GET, 'GET', '/connect/orders/x', { params: { orderId: 'x' }, headers: { 'x-request-id': 'nul-neighbour-1' } });
    await flushRequestLog();
    const [raw] = await listRequests(db(), { requestId: 'nul-raw-1' });
    expect(raw?.requestBody).toBe('{"locationId": "a\uFFFDb"');
    const [json] = await listRequests(db(), { requestId: 'nul-json-1' });
    expect(JSON.parse(json!.requestBody!)).toEqual({ locationId: 'a\u0000b' });
    const [surrogate] = await listRequests(db(), { requestId: 'surrogate-raw-1' });
    expect(surrogate?.requestBody).toBe('{"locationId": "a\uFFFDb"');
    expect(await listRequests(db(), { requestId: 'nul-neighbour-1' })).toHaveLength(1);
  });

  it('keeps no password from a body that does not parse: a trailing comma, a cut-off body, a form sent as JSON or text', async () => {
    const password = 'PlainPassword-MARK-PW1';
    const member = `"password":"${password}"`;
    const sent: [string, string, string][] = [
      ['broken-trailing-comma', 'application/json', `{"email":"leak@x.test",${member},"role":"NOPE",}`],
      ['broken-truncated', 'application/json', `{"email":"leak@x.test",${member},"ro`],
      ['broken-truncated-in-value', 'application/json', `{"email":"leak@x.test","password":"${password.slice(0, 12)}`],
      ['broken-nested', 'application/json', `{"user":{"profile":{${member}}},}`],
      ['broken-escaped-name', 'application/json', `{"pass\\u0077ord":"${password}",}`],
      ['broken-quotes', 'application/json', `{"note":"a"b", ${member}}`],
      ['form-as-text', 'text/plain', `email=leak%40x.test&password=${password}`],
      ['json-as-form', 'application/x-www-form-urlencoded', `{"email":"leak@x.test",${member}}`],
    ];
    for (const [requestId, contentType, body] of sent) {
      const response = await callRoute(usersRoute.POST, 'POST', '/manage/users', {
        token: ADMIN_API_KEY,
        body,
        headers: { 'content-type': contentType, 'x-request-id': requestId },
      });
      expect(response.status, requestId).toBeGreaterThanOrEqual(400);
      expect(response.status, requestId).toBeLessThan(500);
    }
    await flushRequestLog();
    const rows = await db().select().from(apiRequestLog);
    expect(rows.filter((row) => row.requestId.startsWith('broken-') || row.requestId.includes('-as-'))).toHaveLength(sent.length);
    const everything = JSON.stringify(rows);
    expect(everything).not.toContain(password.slice(0, 12));
    const [trailing] = await listRequests(db(), { requestId: 'broken-trailing-comma' });
    expect(trailing!.requestBody).toBe(`${REDACTED} unparsed body of ${sent[0]![2].length} bytes (application/json) naming a secret field, not stored`);
    // A broken body that names no secret field is kept, so the mistake stays visible.
    await callRoute(usersRoute.POST, 'POST', '/manage/users', {
      token: ADMIN_API_KEY,
      body: '{"email":"leak@x.test","role":"NOPE",}',
      headers: { 'content-type': 'application/json', 'x-request-id': 'broken-harmless' },
    });
    await flushRequestLog();
    const [harmless] = await listRequests(db(), { requestId: 'broken-harmless' });
    expect(harmless!.requestBody).toBe('{"email":"leak@x.test","role":"NOPE",}');
  });

  it('links a request to the events it caused and their deliveries to the request', async () => {
    resetConfig({ ADMIN_API_KEY, API_LOG_ENABLED: 'true', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    const { locationIds } = await createMerchantWithLocations(db());
    const app = await createConnectedPartner(db(), 'ORDERING_APP', locationIds);
    const pos = await createConnectedPartner(db(), 'POS', locationIds);
    await createWebhookEndpoint(db(), pos.partnerId, { url: 'http://127.0.0.1:9/hooks' });
    const create = (requestId: string) =>
      callRoute(ordersRoute.POST, 'POST', '/connect/orders', {
        token: app.token,
        body: { ...sampleOrderRequests.newOrder, locationId: locationIds[0], origin: { orderId: randomUUID(), orderReference: requestId } },
        headers: { 'x-request-id': requestId },
      });
    expect((await create('caused-1')).status).toBe(201);
    expect((await create('caused-2')).status).toBe(201);
    const [event, ...others] = await eventsOfRequest(db(), 'caused-1');
    expect(others).toEqual([]);
    expect(event?.type).toBe('ORDER_CREATED');
    const [delivery] = await listDeliveries(db(), { eventId: event!.id });
    expect(delivery).toMatchObject({ partnerId: pos.partnerId, requestId: 'caused-1' });
    expect(await eventsOfRequest(db(), 'caused-nothing')).toEqual([]);
  });

  it('is not written when switched off', async () => {
    resetConfig({ ADMIN_API_KEY, API_LOG_ENABLED: 'false' });
    await callRoute(orderItem.GET, 'GET', '/connect/orders/x', { params: { orderId: 'x' }, headers: { 'x-request-id': 'log-off-1' } });
    await flushRequestLog();
    expect(await listRequests(db(), { requestId: 'log-off-1' })).toEqual([]);
  });
});

describe('route templates and redaction', () => {
  it('turns params into placeholders, catch-alls included', () => {
    expect(routeTemplate('/connect/orders/ord_1', { orderId: 'ord_1' })).toBe('/connect/orders/{orderId}');
    expect(routeTemplate('/manage/partners/p%201/clients', { partnerId: 'p 1' })).toBe('/manage/partners/{partnerId}/clients');
    expect(routeTemplate('/connect/a/b', { path: ['a', 'b'] })).toBe('/connect/{...path}');
  });

  it('redacts form fields, JSON members and token shapes and truncates to 8 KB', () => {
    expect(redactBody('grant_type=refresh_token&refresh_token=abc', 'application/x-www-form-urlencoded')).toBe(
      `grant_type=refresh_token&refresh_token=${encodeURIComponent(REDACTED)}`,
    );
    expect(redactBody('{"a":{"secret":"x","n":1,"t":"Bearer abcdefghijkl"}}', 'application/json')).toBe(
      `{"a":{"secret":"${REDACTED}","n":1,"t":"Bearer ${REDACTED}"}}`,
    );
    expect(redactBody('not json eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl', 'text/plain')).toBe(`not json ${REDACTED}`);
    expect(redactBody('{"tableNumber":"4111111111111112"}', 'application/json')).toBe('{"tableNumber":"4111111111111112"}');
    // JSON inside a string member or a form value is redacted by its members' names too.
    expect(redactBody(JSON.stringify({ payload: JSON.stringify({ user: 'u', password: 'pw-1' }) }), 'application/json')).toBe(
      JSON.stringify({ payload: JSON.stringify({ user: 'u', password: REDACTED }) }),
    );
    expect(redactBody(JSON.stringify({ payload: '{"password":"pw-1",}' }), 'application/json')).toBe(JSON.stringify({ payload: REDACTED }));
    expect(redactBody(JSON.stringify({ name: '[Secret] Garden' }), 'application/json')).toBe(JSON.stringify({ name: '[Secret] Garden' }));
    expect(redactBody(`a=1&data=${encodeURIComponent('{"client_secret":"cs-1"}')}`, 'application/x-www-form-urlencoded')).toBe(
      `a=1&data=${encodeURIComponent(JSON.stringify({ client_secret: REDACTED }))}`,
    );
    expect(redactBody('user%5Bpassword%5D=pw-1', 'application/x-www-form-urlencoded')).toBe(`user%5Bpassword%5D=${encodeURIComponent(REDACTED)}`);
    // Names hidden behind percent or stacked escapes, and every name the parsed path redacts.
    for (const [name, body] of [
      ['percent', '{"client%5Fsecret":"cs-1",}'],
      ['stacked', '{"to\\u0025%36Ben":"tk-1"'],
      ['refresh_token', '{"refresh_token":"tk-1"'],
      ['api-key', '{"api-key":"tk-1"'],
      ['pan', '{"pan":"tk-1"'],
    ]) {
      expect(redactBody(body, 'application/json'), name).toMatch(/^\[REDACTED\] unparsed body of \d+ bytes \(application\/json\)/);
    }
    expect(redactBody('{"panel":"ok",', 'application/json')).toBe('{"panel":"ok",');
    const long = redactBody(JSON.stringify({ text: 'x'.repeat(20_000) }), 'application/json')!;
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(8 * 1024);
    expect(long.endsWith('…[truncated]')).toBe(true);
  });
});
