import { request as httpRequest } from 'node:http';
import { expect, test, type APIResponse } from '@playwright/test';
import WebSocket from 'ws';
import { E2E_ADMIN_API_KEY } from '../../playwright.config';
import { appWithToken, DEMO_LOCATIONS } from '../support';

// docs/contract.md#no-5xx: client input never yields a 5xx. Each case below once did, against the built server.

const baseURL = () => test.info().project.use.baseURL!;

/** A raw request, for targets and methods an HTTP client library would rewrite or refuse. */
function raw(method: string, path: string, options: { headers?: Record<string, string>; body?: string } = {}) {
  const { hostname, port } = new URL(baseURL());
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const outgoing = httpRequest({ hostname, port, method, path, headers: options.headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString() }));
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

async function answerOf(response: APIResponse): Promise<Answer> {
  return { status: response.status(), headers: response.headers(), body: await response.text() };
}

function expectProblem(answer: Answer, status: number, code?: string) {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toBe('application/problem+json');
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(body).toMatchObject({
    type: expect.any(String),
    title: expect.any(String),
    status,
    detail: expect.any(String),
    error: expect.any(String),
    code: code ?? expect.any(String),
  });
  return body;
}

test.describe('client input never yields a 5xx', () => {
  for (const path of ['/connect/orders/%E0%A4%A', '/connect/tables/%', '/manage/deliveries/%']) {
    test(`malformed percent-encoding: GET ${path} is a 400 problem`, async () => {
      expectProblem(await raw('GET', path), 400, 'BAD_REQUEST');
    });
  }

  for (const [path, form] of [
    ['/oauth/token', 'grant_type=client_credentials&client_id=%00&client_secret=x'],
    ['/oauth/device/code', 'client_id=%00'],
    ['/oauth/revoke', 'client_id=%00&token=x'],
  ] as const) {
    test(`a NUL the database refuses: POST ${path} with client_id=%00 is 400 invalid_request`, async () => {
      const answer = await raw('POST', path, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'invalid_request' });
    });
  }

  test('absurd nesting: an order with modifiers 800 (and 11) levels deep is a 422 problem', async ({ request }) => {
    const app = await appWithToken(request, 'ORDERING_APP', DEMO_LOCATIONS);
    const order = (levels: number) => {
      let modifiers: unknown[] | undefined;
      for (let level = levels; level >= 1; level--) {
        modifiers = [{ id: `m${level}`, unitPrice: { amount: 10 }, sku: 's', description: 'd', quantity: 1, ...(modifiers ? { modifiers } : {}) }];
      }
      return {
        locationId: DEMO_LOCATIONS[0],
        origin: { orderId: `nesting-${levels}-${Date.now()}`, orderReference: 'N1' },
        fulfilment: { type: 'PICK_UP' },
        items: [{ id: 'i1', unitPrice: { amount: 100 }, sku: 's', description: 'Burger', quantity: 1, modifiers }],
        total: { amount: 100 },
      };
    };
    for (const levels of [800, 11]) {
      const response = await request.post('/connect/orders', { headers: { authorization: `Bearer ${app.token}` }, data: order(levels) });
      expectProblem(await answerOf(response), 422, 'NESTING_TOO_DEEP');
    }
    const accepted = await request.post('/connect/orders', { headers: { authorization: `Bearer ${app.token}` }, data: order(10) });
    expect(accepted.status()).toBe(201);
  });

  // Pages take form posts from the dashboard's own origin only (e2e/api/dashboard-fuzz.spec.ts); these come from it.
  const fromDashboard = () => ({ origin: new URL(baseURL()).origin });

  test('a broken multipart/form-data body posted to a page is a 400 problem; to an unknown API path a 404 problem', async () => {
    const multipart = { headers: { ...fromDashboard(), 'content-type': 'multipart/form-data; boundary=xyz' }, body: 'garbage' };
    expectProblem(await raw('POST', '/login', multipart), 400, 'BAD_REQUEST');
    expectProblem(await raw('POST', '/connect/../login', multipart), 400, 'BAD_REQUEST');
    expectProblem(await raw('POST', '/', { headers: { ...fromDashboard(), 'content-type': 'multipart/form-data' }, body: 'garbage' }), 400, 'BAD_REQUEST');
    expectProblem(await raw('POST', '/connect/x', multipart), 404, 'NOT_FOUND');
  });

  test('a well-formed multipart body posted to a page reaches the page when it names the page’s action, else is a 400 problem', async () => {
    const part = (name: string, value: string) => `--xyz\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const headers = { ...fromDashboard(), 'content-type': 'multipart/form-data; boundary=xyz' };
    // Next would look for an action in it, log that it found none with a stack trace, and answer in plain text.
    expectProblem(await raw('POST', '/login', { headers, body: `${part('email', 'someone@example.test')}--xyz--\r\n` }), 400, 'BAD_REQUEST');
    // The sign-in form as a browser without scripts posts it: Next runs its action and answers with the page.
    const page = await raw('GET', '/login');
    const field = (name: string) => page.body.match(new RegExp(`name="\\${name}" value="([^"]*)"`))?.[1]?.replaceAll('&quot;', '"');
    const meta = field('$ACTION_1:0');
    expect(meta).toContain('"id"');
    const body =
      part('$ACTION_REF_1', '') +
      part('$ACTION_1:0', meta!) +
      part('$ACTION_1:1', '[{}]') +
      part('email', 'someone@example.test') +
      part('password', 'x') +
      '--xyz--\r\n';
    const answer = await raw('POST', '/login', { headers, body });
    expect(answer.status, answer.body.slice(0, 200)).toBe(200);
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.body).toContain('Sign in to your dashboard');
  });

  test('a WebSocket upgrade with a malformed location id is a 400 problem, not 503', async () => {
    const url = `${baseURL().replace(/^http/, 'ws')}/connect/pos/notifications/%E0%A4%A`;
    const socket = new WebSocket(url, { headers: { authorization: 'Bearer whatever' } });
    socket.on('error', () => {});
    const refused = await new Promise<{ status: number; contentType?: string }>((resolve, reject) => {
      socket.once('open', () => reject(new Error('upgrade accepted')));
      socket.once('unexpected-response', (_request, response) => resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'] }));
    });
    expect(refused).toEqual({ status: 400, contentType: 'application/problem+json' });
  });

  for (const path of ['/connect/x', '/connect/orders/o1/nothing', '/manage/x', '/oauth/x']) {
    test(`unknown path: GET and POST ${path} are 404 problems, not the HTML page`, async ({ request }) => {
      expectProblem(await answerOf(await request.get(path)), 404, 'NOT_FOUND');
      expectProblem(await answerOf(await request.post(path, { data: {} })), 404, 'NOT_FOUND');
    });
  }

  test('wrong method: a 405 problem with the Allow of the route', async ({ request }) => {
    const cases = [
      ['DELETE', '/connect/orders', 'GET, HEAD, OPTIONS, POST'],
      ['PUT', '/connect/tables/t1', 'DELETE, GET, HEAD, OPTIONS, PATCH'],
      ['GET', '/oauth/token', 'OPTIONS, POST'],
      ['DELETE', '/manage/merchants', 'OPTIONS, POST'],
    ] as const;
    for (const [method, path, allow] of cases) {
      const answer = await answerOf(await request.fetch(path, { method, headers: { authorization: `Bearer ${E2E_ADMIN_API_KEY}` } }));
      expectProblem(answer, 405, 'METHOD_NOT_ALLOWED');
      expect(answer.headers.allow!.toString().split(', ').sort()).toEqual(allow.split(', ').sort());
      // The Allow agrees with what Next answers OPTIONS with, both read from the route's exports.
      const options = await request.fetch(path, { method: 'OPTIONS' });
      expect(options.headers().allow?.split(', ').sort()).toEqual(allow.split(', ').sort());
    }
  });

  test('PROPFIND and other unknown methods: a 405 problem, on routes and on pages', async () => {
    for (const path of ['/connect/orders', '/oauth/token', '/login']) {
      const answer = await raw('PROPFIND', path);
      expectProblem(answer, 405, 'METHOD_NOT_ALLOWED');
      expect(answer.headers.allow).toBeTruthy();
    }
    expectProblem(await raw('MKCOL', '/manage/nothing'), 404, 'NOT_FOUND');
  });
});
