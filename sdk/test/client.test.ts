import { afterEach, describe, expect, it } from 'vitest';
import { createCounterpartClient, CounterpartProblem, interfaceOfPath, retryDelayMs, version } from '../src/index';
import { json, localServer, problem } from './local-server';

const order = { id: 'ord_1', status: 'CREATED' };
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('retries on 429 and 503', () => {
  it('re-sends after the Retry-After the server names, then returns the success', async () => {
    const server = await localServer((_request, response, index) => {
      if (index === 0) return problem(response, 429, 'RATE_LIMITED', { 'retry-after': '1' });
      if (index === 1) return problem(response, 503, 'DATABASE_UNAVAILABLE', { 'retry-after': '0' });
      json(response, 200, order);
    });
    close = server.close;
    const client = createCounterpartClient({ baseUrl: server.url, auth: 'token-1' });
    const { data } = await client.GET('/orders/{orderId}', { params: { path: { orderId: 'ord_1' } } });
    expect(data).toMatchObject(order);
    expect(server.requests).toHaveLength(3);
    expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(950);
    expect(server.requests.every((request) => request.headers.authorization === 'Bearer token-1')).toBe(true);
  });

  it('re-sends a POST with its body intact', async () => {
    const server = await localServer((_request, response, index) => {
      if (index === 0) return problem(response, 503, 'DATABASE_UNAVAILABLE', { 'retry-after': '0' });
      json(response, 201, order);
    });
    close = server.close;
    const client = createCounterpartClient({ baseUrl: server.url, auth: 'token-1' });
    const body = { locationId: 'loc-1', origin: { orderId: 'app-1' } } as never;
    await client.POST('/orders', { body });
    expect(server.requests.map((request) => request.body)).toEqual([JSON.stringify(body), JSON.stringify(body)]);
  });

  it('waits for RateLimit-Reset when the budget is spent and no Retry-After is given', () => {
    const headers = { 'ratelimit-limit': '60', 'ratelimit-remaining': '0', 'ratelimit-reset': '7' };
    expect(retryDelayMs(new Response(null, { status: 429, headers }), 0)).toBe(7000);
    expect(retryDelayMs(new Response(null, { status: 429, headers: { 'retry-after': new Date(Date.now() + 3000).toUTCString() } }), 0)).toBeGreaterThan(1500);
    const backoff = retryDelayMs(new Response(null, { status: 503 }), 3, { baseDelayMs: 100, maxDelayMs: 500 });
    expect(backoff).toBeLessThanOrEqual(500);
  });

  it('re-sends once when the connection is refused (an instance stopping), and gives up on the next refusal', async () => {
    const server = await localServer((_request, response) => json(response, 200, order));
    close = server.close;
    const refused = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    let calls = 0;
    const flaky = (refusals: number) => async (request: Request) => (++calls <= refusals ? Promise.reject(refused) : fetch(request));
    const client = createCounterpartClient({ baseUrl: server.url, auth: 'token-1', retry: { retries: 1, baseDelayMs: 10 }, fetch: flaky(1) });
    expect((await client.GET('/orders/{orderId}', { params: { path: { orderId: 'ord_1' } } })).data).toMatchObject(order);
    expect(calls).toBe(2);
    calls = 0;
    const twice = createCounterpartClient({ baseUrl: server.url, auth: 'token-1', retry: { retries: 1, baseDelayMs: 10 }, fetch: flaky(2) });
    await expect(twice.GET('/orders/{orderId}', { params: { path: { orderId: 'ord_1' } } })).rejects.toBe(refused);
    expect(calls).toBe(2);
    // Other failures are not re-sent: the request may have been carried out.
    calls = 0;
    const reset = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
    const broken = createCounterpartClient({ baseUrl: server.url, auth: 'token-1', fetch: async () => (calls++, Promise.reject(reset)) });
    await expect(broken.GET('/orders/{orderId}', { params: { path: { orderId: 'ord_1' } } })).rejects.toBe(reset);
    expect(calls).toBe(1);
  });

  it('gives up after the configured retries and throws the last problem', async () => {
    const server = await localServer((_request, response) => problem(response, 429, 'RATE_LIMITED', { 'retry-after': '0' }));
    close = server.close;
    const client = createCounterpartClient({ baseUrl: server.url, auth: 'token-1', retry: { retries: 2 } });
    await expect(client.GET('/orders/{orderId}', { params: { path: { orderId: 'x' } } })).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect(server.requests).toHaveLength(3);
  });
});

describe('problem answers', () => {
  it('are thrown as CounterpartProblem with code, errors, status and the request id', async () => {
    const violations = [{ segment: 'body', path: 'items', message: 'Required' }];
    const server = await localServer((_request, response) =>
      problem(response, 400, 'VALIDATION_FAILED', { 'x-request-id': 'req-42' }, { errors: violations, error: 'Request validation failed' }),
    );
    close = server.close;
    const client = createCounterpartClient({ baseUrl: server.url, auth: 'token-1' });
    const failure = await client.POST('/orders', { body: {} as never }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CounterpartProblem);
    expect(failure).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', errors: violations, requestId: 'req-42' });
  });

  it('renews a token the server refused once, then succeeds', async () => {
    let issued = 0;
    const server = await localServer((request, response) => {
      if (request.headers.authorization === 'Bearer stale') return problem(response, 401, 'INVALID_TOKEN');
      json(response, 200, order);
    });
    close = server.close;
    const tokens = ['stale', 'fresh'];
    const client = createCounterpartClient({
      baseUrl: server.url,
      auth: { getToken: async () => tokens[Math.min(issued, 1)]!, invalidate: () => void (issued += 1) },
    });
    await client.GET('/orders/{orderId}', { params: { path: { orderId: 'ord_1' } } });
    expect(server.requests.map((request) => request.headers.authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
  });
});

describe('versions', () => {
  it('are chosen per client by interface and per call by the Accept header', async () => {
    const server = await localServer((_request, response) => json(response, 200, order));
    close = server.close;
    const client = createCounterpartClient({ baseUrl: server.url, auth: 't', versions: { ordering: '1.1' } });
    await client.GET('/orders/{orderId}', { params: { path: { orderId: 'a' } } });
    await client.GET('/orders/{orderId}', { params: { path: { orderId: 'a' } }, headers: version('1.0') });
    await client.GET('/tables/{tableId}', { params: { path: { tableId: 't' } } });
    expect(server.requests.map((request) => request.headers.accept)).toEqual([
      'application/json; version=1.1',
      'application/json; version=1.0',
      'application/json',
    ]);
    expect(server.requests[0]!.url).toBe('/connect/orders/a');
  });

  it('maps paths to their interface', () => {
    expect(interfaceOfPath('/connect/bookings/b1/events')).toBe('booking');
    expect(interfaceOfPath('/connect/locations/merchant-onboarding/loyalty/x')).toBe('loyalty');
    expect(interfaceOfPath('/connect/events')).toBeUndefined();
  });
});
