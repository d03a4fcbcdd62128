import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { ensureSigningKey } from '@/lib/auth/signing-keys';
import { resetConfig } from '@/lib/config';
import { installMasterKey, masterKeyFromBase64 } from '@/lib/security/master-key';
import { createConnectedPartner, createMerchantWithLocations, type TestPartner } from '@/lib/testing/fixtures';
import { ensureBuild, freePort, startServer, type ServerProcess } from '@/lib/testing/server-process';
import { throwawayDatabase, type ThrowawayDatabase } from '@/lib/testing/throwaway-database';

// The API surfaces answer alike whether server.ts calls their route handlers itself (the fast path) or Next serves
// them: two built servers on one database, one with API_FAST_PATH=false, get the same corpus of requests (every
// operation of the OpenAPI document, valid and invalid, OAuth, management, discovery and health, malformed URLs,
// oversized bodies, unknown paths and methods), and their answers must match: status, headers and body, once the
// values that differ on every call (dates, request ids, fresh ids and secrets) are masked.

const ADMIN_KEY = 'fast-path-admin-key-0123456789';
const OVERSIZED = 1024 * 1024 + 1;

interface Probe {
  name: string;
  method: string;
  target: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send the body chunked instead of with Content-Length. */
  chunked?: boolean;
}

interface Answer {
  status: number | string;
  headers: Record<string, string>;
  body: Buffer;
}

function send(origin: string, probe: Probe): Promise<Answer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const request = httpRequest({ host: hostname, port, method: probe.method, path: probe.target, headers: probe.headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers: Record<string, string> = {};
        for (let index = 0; index < response.rawHeaders.length; index += 2) {
          const name = response.rawHeaders[index]!.toLowerCase();
          headers[name] = headers[name] === undefined ? response.rawHeaders[index + 1]! : `${headers[name]}\n${response.rawHeaders[index + 1]}`;
        }
        resolve({ status: response.statusCode!, headers, body: Buffer.concat(chunks) });
      });
      response.on('error', (error: NodeJS.ErrnoException) => resolve({ status: `error ${error.code}`, headers: {}, body: Buffer.alloc(0) }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ status: `error ${error.code}`, headers: {}, body: Buffer.alloc(0) }));
    request.setTimeout(15_000, () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    if (probe.body !== undefined && !probe.chunked) request.setHeader('content-length', Buffer.byteLength(probe.body));
    request.end(probe.body);
  });
}

// Values that differ between any two calls, whichever server answers.
const MASKS: [RegExp, string][] = [
  [/eyJ[\w-]+\.[\w-]+\.[\w-]*/g, '<jwt>'],
  [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>'],
  [/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)/g, '<time>'],
  [/\b(?:[a-z]+_)?[0-9a-f]{20,}\b/g, '<id>'],
  [/\b(cs|whsec|ptk|dc|rt|at)_[\w-]{16,}/g, '$1_<secret>'],
  [/nonce-[\w+/=]+|nonce="[^"]*"/g, 'nonce-<nonce>'],
  [/code=[\w-]+/g, 'code=<code>'],
  [/"(expires_in|user_code|device_code|secret|client_secret|kid)":\s*("[^"]*"|\d+)/g, '"$1":<value>'],
];
const mask = (text: string) => MASKS.reduce((masked, [pattern, replacement]) => masked.replace(pattern, replacement), text);
// Headers whose value changes per call; their presence still counts.
const VOLATILE_HEADERS = new Set(['date', 'x-request-id', 'ratelimit-remaining', 'ratelimit-reset', 'etag', 'retry-after']);

function comparable(answer: Answer) {
  const headers = Object.fromEntries(
    Object.entries(answer.headers)
      .map(([name, value]) => [name, VOLATILE_HEADERS.has(name) ? '<present>' : mask(value)] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  // Bodies are compared byte for byte where nothing varies (e.g. the gzipped OpenAPI document), masked otherwise;
  // an HTML page (Next's 404 page, for paths left to Next on both servers) differs in its random ids on every render.
  const text = answer.body.toString('utf8');
  if (answer.headers['content-type']?.startsWith('text/html')) return { status: answer.status, headers, body: `<html page of ${text.length > 0}>` };
  return { status: answer.status, headers, body: answer.headers['content-encoding'] ? answer.body.toString('base64') : mask(text) };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>>;
}

describe('the API fast path and Next answer alike', () => {
  let database: ThrowawayDatabase;
  let fast: ServerProcess;
  let next: ServerProcess;
  let app: TestPartner;
  let pos: TestPartner;
  let locationId: string;

  beforeAll(async () => {
    ensureBuild();
    process.env.COUNTERPART_SECRET_KEY ||= randomBytes(32).toString('base64');
    installMasterKey(masterKeyFromBase64(process.env.COUNTERPART_SECRET_KEY, 'environment'));
    database = await throwawayDatabase(process.env.DATABASE_URL!, 'counterpart_fastpath');
    const [fastPort, nextPort] = [await freePort(), await freePort()];
    // One PUBLIC_URL for both, so tokens, issuers and links in bodies are the same whichever server answers.
    const publicUrl = `http://127.0.0.1:${fastPort}`;
    resetConfig({ PUBLIC_URL: publicUrl });
    const handle = await openDatabase({ url: database.url, dataDir: 'unused', maxConnections: 2 });
    await ensureSigningKey(handle.db);
    const merchant = await createMerchantWithLocations(handle.db, 1);
    locationId = merchant.locationIds[0]!;
    app = await createConnectedPartner(handle.db, 'ORDERING_APP', [locationId]);
    pos = await createConnectedPartner(handle.db, 'POS', [locationId]);
    await handle.close();
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: 'unused',
      PUBLIC_URL: publicUrl,
      COUNTERPART_SECRET_KEY: process.env.COUNTERPART_SECRET_KEY,
      ADMIN_API_KEY: ADMIN_KEY,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '100000',
      TOKEN_RATE_LIMIT_PER_MINUTE: '100000',
    };
    [fast, next] = await Promise.all([startServer(fastPort, { ...env, API_FAST_PATH: 'true' }), startServer(nextPort, { ...env, API_FAST_PATH: 'false' })]);
  }, 300_000);

  afterAll(async () => {
    resetConfig();
    await Promise.all([fast?.stop(), next?.stop()]);
    await database?.drop();
  });

  /** The requests: what every operation of the OpenAPI document gets, then the other surfaces and hostile input. */
  async function corpus(): Promise<Probe[]> {
    const document = (await (await fetch(`${fast.origin}/connect/openapi.json`)).json()) as OpenApiDocument;
    const probes: Probe[] = [];
    const json = { 'content-type': 'application/json' };
    for (const [template, item] of Object.entries(document.paths)) {
      for (const [lower, operation] of Object.entries(item)) {
        const method = lower.toUpperCase();
        if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
        const manage = template.startsWith('/manage');
        const path = manage ? template : `/connect${template}`;
        const filled = (value: string) => path.replace(/\{[^}]+\}/g, value);
        const target = filled(template.includes('{locationId}') ? locationId : 'no-such-thing');
        const tokens = manage ? { admin: ADMIN_KEY } : { app: app.token, pos: pos.token };
        const withBody = operation.requestBody !== undefined;
        const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
        const name = `${method} ${template}`;
        probes.push({ name: `${name} anonymous`, method, target });
        probes.push({ name: `${name} bad token`, method, target, headers: { authorization: 'Bearer not-a-token' } });
        for (const [who, token] of Object.entries(tokens)) {
          const authorization = { authorization: `Bearer ${token}` };
          if (!withBody) probes.push({ name: `${name} as ${who}`, method, target, headers: authorization });
          else {
            for (const body of ['{}', '{"broken":', '[]', 'null', JSON.stringify({ locationId, name: 'x', status: 'NOPE', items: [] })]) {
              probes.push({ name: `${name} as ${who} with ${body}`, method, target, headers: { ...authorization, ...json }, body });
            }
            probes.push({ name: `${name} as ${who} without a body`, method, target, headers: { ...authorization, ...json } });
            probes.push({ name: `${name} as ${who} as text`, method, target, headers: { ...authorization, 'content-type': 'text/plain' }, body: 'hello' });
          }
          if (query.length) {
            probes.push({
              name: `${name} as ${who} with a bad query`,
              method,
              target: `${target}?${query.map((key) => `${key}=%ZZ-bad`).join('&')}`,
              headers: authorization,
            });
            probes.push({
              name: `${name} as ${who} with a plausible query`,
              method,
              target: `${target}?locationId=${locationId}&limit=2`,
              headers: authorization,
            });
          }
          probes.push({
            name: `${name} as ${who} wanting version 9.9`,
            method,
            target,
            headers: { ...authorization, accept: 'application/json; version=9.9' },
          });
        }
        for (const other of ['HEAD', 'OPTIONS', 'PUT', 'PROPFIND']) probes.push({ name: `${other} ${template}`, method: other, target });
      }
    }
    const bearerApp = { authorization: `Bearer ${app.token}` };
    const bearerPos = { authorization: `Bearer ${pos.token}` };
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    probes.push(
      { name: 'health', method: 'GET', target: '/healthz' },
      { name: 'health HEAD', method: 'HEAD', target: '/healthz' },
      { name: 'health POST', method: 'POST', target: '/healthz' },
      { name: 'health with a query', method: 'GET', target: '/healthz?probe=1' },
      { name: 'readiness', method: 'GET', target: '/readyz' },
      { name: 'readiness OPTIONS', method: 'OPTIONS', target: '/readyz' },
      { name: 'health below', method: 'GET', target: '/healthz/more' },
      { name: 'OpenAPI', method: 'GET', target: '/connect/openapi.json' },
      { name: 'OpenAPI gzipped', method: 'GET', target: '/connect/openapi.json', headers: { 'accept-encoding': 'gzip, deflate, br' } },
      { name: 'OpenAPI deflated', method: 'GET', target: '/connect/openapi.json', headers: { 'accept-encoding': 'deflate' } },
      { name: 'OpenAPI HEAD gzipped', method: 'HEAD', target: '/connect/openapi.json', headers: { 'accept-encoding': 'gzip' } },
      { name: 'orders, gzip offered', method: 'GET', target: `/connect/orders?locationId=${locationId}`, headers: { ...bearerApp, 'accept-encoding': 'gzip' } },
      { name: 'JWKS', method: 'GET', target: '/.well-known/jwks.json' },
      { name: 'OpenID configuration', method: 'GET', target: '/.well-known/openid-configuration' },
      { name: 'OAuth metadata', method: 'GET', target: '/.well-known/oauth-authorization-server' },
      { name: 'unknown discovery document', method: 'GET', target: '/.well-known/nothing' },
      {
        name: 'token: client credentials',
        method: 'POST',
        target: '/oauth/token',
        headers: form,
        body: `grant_type=client_credentials&client_id=${app.clientId}&client_secret=${app.clientSecret}`,
      },
      {
        name: 'token: wrong secret',
        method: 'POST',
        target: '/oauth/token',
        headers: form,
        body: `grant_type=client_credentials&client_id=${app.clientId}&client_secret=wrong`,
      },
      { name: 'token: unknown grant', method: 'POST', target: '/oauth/token', headers: form, body: 'grant_type=password&username=a&password=b' },
      {
        name: 'token: JSON body',
        method: 'POST',
        target: '/oauth/token',
        headers: { 'content-type': 'application/json' },
        body: '{"grant_type":"client_credentials"}',
      },
      { name: 'token: GET', method: 'GET', target: '/oauth/token' },
      { name: 'device code', method: 'POST', target: '/oauth/device/code', headers: form, body: `client_id=${pos.clientId}` },
      { name: 'device code: unknown client', method: 'POST', target: '/oauth/device/code', headers: form, body: 'client_id=nobody' },
      {
        name: 'revoke: unknown token',
        method: 'POST',
        target: '/oauth/revoke',
        headers: form,
        body: `token=nothing&client_id=${app.clientId}&client_secret=${app.clientSecret}`,
      },
      { name: 'oauth root', method: 'GET', target: '/oauth' },
      { name: 'oauth unknown', method: 'POST', target: '/oauth/authorize' },
      { name: 'manage root', method: 'GET', target: '/manage' },
      { name: 'manage unknown', method: 'DELETE', target: '/manage/everything', headers: { authorization: `Bearer ${ADMIN_KEY}` } },
      { name: 'connect root', method: 'GET', target: '/connect' },
      { name: 'connect unknown', method: 'GET', target: '/connect/no/such/endpoint', headers: bearerApp },
      { name: 'unknown method on connect', method: 'BREW', target: '/connect/coffee' },
      { name: 'unknown method on a route', method: 'PROPFIND', target: '/connect/orders' },
      { name: 'location', method: 'GET', target: `/connect/locations/${locationId}`, headers: bearerApp },
      { name: 'location, encoded', method: 'GET', target: `/connect/locations/${encodeURIComponent(locationId).replace(/-/g, '%2D')}`, headers: bearerApp },
      { name: 'static segment encoded', method: 'GET', target: `/connect/%6Frders?locationId=${locationId}`, headers: bearerApp },
      { name: 'slash in a segment', method: 'GET', target: '/connect/orders/a%2Fb', headers: bearerPos },
      { name: 'events', method: 'GET', target: '/connect/events?limit=5', headers: bearerPos },
      { name: 'events, bad cursor', method: 'GET', target: '/connect/events?after=zzz', headers: bearerPos },
      { name: 'tables', method: 'GET', target: `/connect/tables?locationId=${locationId}`, headers: bearerPos },
      { name: 'Set-Cookie free answer with a cookie sent', method: 'GET', target: '/healthz', headers: { cookie: 'a=b; c=d' } },
      {
        name: 'forwarded for https',
        method: 'GET',
        target: '/.well-known/openid-configuration',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
      },
    );
    // Malformed and unusual request targets.
    for (const target of [
      '/connect/%',
      '/connect/orders/%E0%A4%A',
      '/connect/orders/%00',
      '/connect/orders/a%0Ab',
      '/connect/orders/%zz',
      '/connect/orders?cursor=%',
      '/connect//orders',
      '/connect/orders/',
      '/connect/./orders',
      '/connect/x/../orders',
      '/connect/%2e%2e/manage/partners',
      '/manage/../healthz',
      '/connect\\orders',
      '/CONNECT/orders',
      '/connect/openapi.json/',
      '/healthz/',
      `/connect/orders/${'x'.repeat(5000)}`,
      `/connect/${'a/'.repeat(300)}b`,
      '/connectx',
      '/oauthy/token',
    ]) {
      probes.push({ name: `target ${target.slice(0, 60)}`, method: 'GET', target, headers: bearerPos });
    }
    // Bodies over the limit (docs/contract.md#statuses: 413), framed by length and chunked.
    const oversized = JSON.stringify({ locationId, note: 'x'.repeat(OVERSIZED) });
    probes.push(
      { name: 'oversized order', method: 'POST', target: '/connect/orders', headers: { ...bearerApp, 'content-type': 'application/json' }, body: oversized },
      {
        name: 'oversized chunked order',
        method: 'POST',
        target: '/connect/orders',
        headers: { ...bearerApp, 'content-type': 'application/json' },
        body: oversized,
        chunked: true,
      },
      {
        name: 'oversized token request',
        method: 'POST',
        target: '/oauth/token',
        headers: form,
        body: `grant_type=client_credentials&x=${'y'.repeat(OVERSIZED)}`,
      },
      {
        name: 'oversized manage call',
        method: 'POST',
        target: '/manage/partners',
        headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
        body: oversized,
      },
    );
    return probes;
  }

  it('for every probe of the corpus', async () => {
    const probes = await corpus();
    expect(probes.length).toBeGreaterThan(300);
    const differences: string[] = [];
    for (const probe of probes) {
      const [viaFastPath, viaNext] = [comparable(await send(fast.origin, probe)), comparable(await send(next.origin, probe))];
      if (!isDeepStrictEqual(viaFastPath, viaNext)) {
        differences.push(`${probe.name}:\n  fast path ${JSON.stringify(viaFastPath).slice(0, 1500)}\n  Next      ${JSON.stringify(viaNext).slice(0, 1500)}`);
      }
    }
    expect(differences, differences.join('\n\n')).toEqual([]);
  }, 600_000);

  it('for a full order cycle, each server on its own order', async () => {
    const cycle = async (origin: string, label: string) => {
      const answers: Answer[] = [];
      const body = JSON.stringify({
        locationId,
        origin: { orderId: `fast-path-${label}`, orderReference: 'F1' },
        fulfilment: { type: 'PICK_UP' },
        customers: [{ firstName: 'Ada' }],
        items: [{ id: 'i1', sku: 'FW', description: 'Flat white', quantity: 2, unitPrice: { amount: 480 } }],
        total: { amount: 960 },
      });
      const created = await send(origin, {
        name: 'create',
        method: 'POST',
        target: '/connect/orders',
        headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
        body,
      });
      answers.push(created);
      const orderId = (JSON.parse(created.body.toString('utf8')) as { id: string }).id;
      const asPos = { authorization: `Bearer ${pos.token}` };
      answers.push(await send(origin, { name: 'get', method: 'GET', target: `/connect/orders/${orderId}`, headers: asPos }));
      answers.push(await send(origin, { name: 'head', method: 'HEAD', target: `/connect/orders/${orderId}`, headers: asPos }));
      const patch = (status: string) => ({
        name: status,
        method: 'PATCH',
        target: `/connect/orders/${orderId}`,
        headers: { ...asPos, 'content-type': 'application/merge-patch+json' },
        body: JSON.stringify({ status }),
      });
      answers.push(await send(origin, patch('ACCEPTED')));
      answers.push(await send(origin, patch('ACCEPTED')));
      answers.push(await send(origin, patch('CREATED')));
      answers.push(await send(origin, patch('READY')));
      answers.push(await send(origin, { name: 'get again', method: 'GET', target: `/connect/orders/${orderId}`, headers: asPos }));
      return answers.map((answer) => {
        const { body, ...rest } = comparable(answer);
        return { ...rest, body: body.replaceAll(`fast-path-${label}`, '<origin>') };
      });
    };
    const viaFastPath = await cycle(fast.origin, 'a');
    const viaNext = await cycle(next.origin, 'b');
    expect(viaFastPath.map((answer) => answer.status)).toEqual([201, 200, 200, 204, expect.any(Number), expect.any(Number), 204, 200]);
    expect(viaFastPath).toEqual(viaNext);
  }, 120_000);

  it('while pages still come from Next', async () => {
    const login = await send(fast.origin, { name: 'login', method: 'GET', target: '/login' });
    expect(login.status).toBe(200);
    expect(login.headers['content-security-policy']).toContain('nonce-');
  });
});
