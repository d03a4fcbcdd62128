import { mkdtempSync, readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { expect, test } from '@playwright/test';
import { freePort, startServer, type ServerProcess } from '../../lib/testing/server-process';
import { E2E_ADMIN_API_KEY } from '../../playwright.config';
import { DEMO_ADMIN, DEMO_LOCATIONS, DEMO_MERCHANT, DEMO_REVIEWER } from '../support';
import { cookieHeader, linesNotJson, signInOverHttp, watchOutput } from './dashboard-http';

// The dashboard's route handlers (no form posts to them; a foreign POST is simply a method they do not take).
const DASHBOARD_ROUTE_HANDLERS = /^\/dashboard\/(?:stream|orders\/feed|admin\/location-search)/;

// docs/contract.md#errors for the dashboard, property-based: whatever a client sends to a server action (by its id, from the
// build's manifest) or to a dashboard page or route (`/dashboard/…`, `/dashboard/stream`, `/login`, `/activate`,
// `/api/auth/…`), signed in or not, with malformed bodies, wrong content types and foreign origins, the answer comes in
// time and is never a 5xx; a foreign origin is a 403 and a body no form sends is a 4xx; and the server logs JSON lines
// only, never a stack trace. The server runs as its own process here, so its output can be read.
// DASHBOARD_FUZZ_REQUESTS and FUZZ_SEED replay or widen a run.
const REQUESTS = Number(process.env.DASHBOARD_FUZZ_REQUESTS ?? 1600);
const BATCH = 8;
const REQUEST_TIMEOUT_MS = 10_000;
const METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'];
// The fuzz sends from a loopback address of its own, so the failed sign-ins it provokes count against it alone.
const FUZZ_SOURCE_ADDRESS = '127.0.0.3';
const FOREIGN_ORIGINS = ['http://evil.example', 'null', 'garbage', 'http://127.0.0.1', 'https://127.0.0.1:1', 'http://[::1', ''];
const ROLES = { merchant: DEMO_MERCHANT, admin: DEMO_ADMIN, reviewer: DEMO_REVIEWER } as const;
type Role = keyof typeof ROLES;

interface ServerAction {
  id: string;
  name: string;
  /** The pages whose workers run it, as paths. */
  pages: string[];
}

interface FuzzRequest {
  kind: 'action' | 'route';
  method: string;
  target: string;
  role?: Role;
  headers: Record<string, string>;
  body?: Buffer;
  /** What the answer must be besides not a 5xx. */
  expect?: 'forbidden' | 'client error';
}

interface Answer {
  status: number;
  contentType?: string;
  body: string;
}

// ---------- What the build has ----------

const distDir = path.join(process.cwd(), '.next');

/** `app/dashboard/[...missing]/page` → `/dashboard/x`; dynamic segments get a value. */
const pathOfPage = (page: string) =>
  page
    .replace(/^app/, '')
    .replace(/\/(page|route)$/, '')
    .replace(/\[\.\.\.\w+\]/g, 'x/y')
    .replace(/\[\w+\]/g, 'o_1') || '/';

function serverActions(): ServerAction[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'server', 'server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { workers: Record<string, unknown>; exportedName?: string }>;
  };
  return Object.entries(manifest.node).map(([id, entry]) => ({
    id,
    name: entry.exportedName ?? id,
    pages: Object.keys(entry.workers).map(pathOfPage),
  }));
}

function dashboardPaths(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'server', 'app-paths-manifest.json'), 'utf8')) as Record<string, string>;
  return Object.keys(manifest)
    .filter((page) => /^\/(?:dashboard|login|activate)(?:\/|$)/.test(page))
    .map((page) => pathOfPage(page));
}

const AUTH_PATHS = [
  '/api/auth/signin',
  '/api/auth/signin/credentials',
  '/api/auth/signout',
  '/api/auth/callback/credentials',
  '/api/auth/csrf',
  '/api/auth/session',
  '/api/auth/providers',
  '/api/auth/error',
  '/api/auth/verify-request',
  '/api/auth/callback/github',
  '/api/auth/x',
  '/api/auth',
];

// ---------- Values ----------

const hostileStrings = [
  '',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x'.repeat(3000),
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '$1',
  '$$x',
  '$K1',
  '$@0',
  '%',
];
const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);
// Field names the dashboard's forms use, with values they may accept, so some requests reach the lib's checks.
const FIELDS: Record<string, fc.Arbitrary<string>> = {
  locationId: fc.constantFrom(...DEMO_LOCATIONS, 'nowhere'),
  name: fc.string({ minLength: 1, maxLength: 20 }),
  sectionId: fc.constantFrom('s_1', '1', ''),
  tableId: fc.constantFrom('t_1', '1', ''),
  number: fc.constantFrom('1', '12', '-1', 'x'),
  seats: fc.constantFrom('2', '0', '999'),
  orderId: fc.constantFrom('o_1', ''),
  status: fc.constantFrom('ACCEPTED', 'REJECTED', 'READY', 'x'),
  decision: fc.constantFrom('APPROVE', 'REJECT', 'x'),
  email: fc.constantFrom('fuzz@example.test', 'not-an-email', ''),
  password: fc.constantFrom('wrong-password', ''),
  role: fc.constantFrom('MERCHANT', 'ADMIN', 'LOYALTY_PARTNER', 'ROOT'),
  url: fc.constantFrom('https://example.com/hook', 'http://127.0.0.1/x', 'javascript:alert(1)'),
  intent: fc.constantFrom('continue', 'approve', 'deny', 'x'),
  userCode: fc.constantFrom('ABCD-EFGH', ''),
  callbackUrl: fc.constantFrom('/dashboard', '//evil.example', 'https://evil.example', '/\\evil.example'),
  limit: fc.constantFrom('10', '-5', 'many'),
};
const fieldName = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...Object.keys(FIELDS)) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) });
const fields = fc.array(
  fieldName.chain((name) => fc.tuple(fc.constant(name), Object.hasOwn(FIELDS, name) ? fc.oneof(FIELDS[name]!, text) : text)),
  { maxLength: 6 },
);
const state = fc.oneof(
  { weight: 4, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.record({ message: text, values: fc.dictionary(fc.string({ maxLength: 8 }), text, { maxKeys: 3 }) }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.constant({ step: 'choose', userCode: 'ABCD-EFGH', partnerName: 'x' }) },
);

/** A multipart body, built by hand so it may hold any bytes (each part `[name, value]`, a Buffer value as a file). */
function multipart(parts: [string, string | Buffer][], boundary = 'fuzzboundary'): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of parts) {
    const file = Buffer.isBuffer(value) ? '; filename="f.bin"\r\ncontent-type: application/octet-stream' : '';
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"${file}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(value) ? value : Buffer.from(value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}
const MULTIPART = 'multipart/form-data; boundary=fuzzboundary';

// React's reply, as the dashboard's forms send it (the form's fields as `_1_<name>`, then the root part `0`: the state
// and the form `$K1`), and the ways a hand-made one breaks it.
const formReply = fc.record({ state, fields }).map(({ state: previous, fields: pairs }) => ({
  body: multipart([...pairs.map(([name, value]): [string, string] => [`_1_${name}`, value]), ['0', JSON.stringify([previous, '$K1'])]]),
  broken: false,
}));
// Roots React cannot decode (no JSON, no list, a reference to a part that is not there, nested deeper than any form's
// state), and lists of plain values, which reach the action for it to judge.
const brokenRoots = [
  'null',
  '5',
  '"x"',
  '{}',
  '["$1"]',
  '[{},"$1"]',
  '[{"a":"$Q1"},"$K1"]',
  '[{},"$B1"]',
  '[{},"$h1"]',
  '["$@1"]',
  '[{"n":"$n1x"},"$K1"]',
  'not json',
  '[[[[[[[[[[[[[[{}]]]]]]]]]]]]]]',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
];
const plainRoots = ['[null,null]', '[]', '[{},"$K1",3]', '[5,"$K1"]'];
const brokenReply = fc
  .record({
    root: fc.oneof(
      fc.constantFrom(...brokenRoots).map((text) => ({ text, broken: true })),
      fc.constantFrom(...plainRoots).map((text) => ({ text, broken: false })),
      fc.jsonValue({ maxDepth: 3 }).map((value) => ({ text: JSON.stringify(value), broken: false })),
    ),
    fields,
  })
  .chain(({ root, fields: pairs }) =>
    fc.constantFrom(
      { body: multipart([...pairs.map(([name, value]): [string, string] => [`_1_${name}`, value]), ['0', root.text]]), broken: root.broken },
      { body: multipart(pairs.map(([name, value]): [string, string] => [`_1_${name}`, value])), broken: true },
      { body: multipart([['0', Buffer.from(root.text)]]), broken: true },
    ),
  );
const otherBody = fc.oneof(
  fc.constantFrom('[null,null]', '[{},"$K1"]', 'not json', '', '5', '["$1"]', '--fuzzboundary\r\ngarbage').map((value) => Buffer.from(value)),
  fc.jsonValue({ maxDepth: 3 }).map((value) => Buffer.from(JSON.stringify(value))),
  fields.map((pairs) => Buffer.from(new URLSearchParams(pairs).toString())),
);
const otherContentType = fc.constantFrom(
  'text/plain;charset=UTF-8',
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=other',
  undefined,
);

/** A form posted before the page's scripts ran: the action named in the form's own hidden fields. */
function pageForm(actions: ServerAction[]) {
  const known = fc.constantFrom(...actions.map((action) => action.id));
  const unknown = fc.constantFrom('7f00000000000000000000000000000000000000aa', 'x', '', 'toString');
  return fc
    .record({ id: fc.oneof({ weight: 3, arbitrary: known }, { weight: 1, arbitrary: unknown }), fields, variant: fc.nat(5), previous: state })
    .map(({ id, fields: pairs, variant, previous }) => {
      const bound = [
        [`$ACTION_ID_${id}`, ''],
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', JSON.stringify({ id, bound: '$@1' })],
        ['$ACTION_1:1', JSON.stringify([previous])],
        ['$ACTION_KEY', 'k0123'],
      ] as [string, string][];
      const shapes: [string, string][][] = [
        [bound[0]!],
        bound.slice(1),
        [bound[1]!, ['$ACTION_1:0', JSON.stringify({ id, bound: '$@2' })]],
        [bound[1]!, ['$ACTION_1:0', 'not json']],
        [bound[1]!, bound[2]!, ['$ACTION_1:1', '[5]']],
        [
          ['$ACTION_REF_1', ''],
          ['$ACTION_REF_2', ''],
          ['$ACTION_REF_3', ''],
        ],
      ];
      return multipart([...shapes[variant]!, ...pairs]);
    });
}

// ---------- Requests ----------

function actionRequest(actions: ServerAction[], pages: string[], publicOrigin: string): fc.Arbitrary<FuzzRequest> {
  const action = fc.constantFrom(...actions);
  return fc
    .record({
      action,
      anyPage: fc.constantFrom(...pages),
      onOwnPage: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      role: fc.constantFrom<Role | undefined>('merchant', 'admin', 'reviewer', undefined),
      actionHeader: fc.oneof(
        { weight: 12, arbitrary: fc.constant('own') },
        { weight: 1, arbitrary: fc.constantFrom('7f00000000000000000000000000000000000000aa', 'garbage', 'toString', '') },
        { weight: 2, arbitrary: fc.constant(undefined) },
      ),
      origin: fc.oneof(
        { weight: 10, arbitrary: fc.constant(publicOrigin) },
        { weight: 2, arbitrary: fc.constantFrom(...FOREIGN_ORIGINS) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
      forwardedHost: fc.option(fc.constantFrom('evil.example', '127.0.0.1:1'), { freq: 6, nil: undefined }),
      payload: fc.oneof(
        { weight: 4, arbitrary: formReply.map((reply) => ({ ...reply, contentType: MULTIPART })) },
        { weight: 3, arbitrary: brokenReply.map(({ body, broken }) => ({ body, broken, contentType: MULTIPART })) },
        { weight: 2, arbitrary: fc.tuple(otherBody, otherContentType).map(([body, contentType]) => ({ body, broken: false, contentType })) },
        { weight: 2, arbitrary: pageForm(actions).map((body) => ({ body, broken: false, contentType: MULTIPART })) },
      ),
    })
    .map(({ action: chosen, anyPage, onOwnPage, role, actionHeader, origin, forwardedHost, payload }) => {
      const headers: Record<string, string> = { accept: 'text/x-component' };
      const id = actionHeader === 'own' ? chosen.id : actionHeader;
      if (id !== undefined) headers['next-action'] = id;
      if (origin !== undefined) headers.origin = origin;
      if (forwardedHost) headers['x-forwarded-host'] = forwardedHost;
      if (payload.contentType) headers['content-type'] = payload.contentType;
      const foreign = origin !== publicOrigin;
      // An id the page does not run, or a body React could not decode, never reaches an action.
      const malformed = id !== undefined && (id !== chosen.id || payload.broken);
      return {
        kind: 'action',
        method: 'POST',
        target: onOwnPage ? (chosen.pages[0] ?? anyPage) : anyPage,
        role,
        headers,
        body: payload.body,
        expect: foreign ? 'forbidden' : malformed ? 'client error' : undefined,
      } satisfies FuzzRequest;
    });
}

const queryValue = fc.oneof(
  fc.constantFrom(
    ...DEMO_LOCATIONS,
    '2026-01-01',
    '2026-13-45',
    'CREATED',
    '1',
    '-1',
    '0',
    'true',
    '5xx',
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '%',
    '%E0%A4%A',
    '%00',
  ),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
);
const queryName = fc.constantFrom(
  'callbackUrl',
  'user_code',
  'location',
  'locationId',
  'date',
  'to',
  'status',
  'booking',
  'page',
  'connections',
  'partnerId',
  'route',
  'errorCode',
  'from',
  'requestId',
  'id',
  'error',
  'endpointId',
  'csrf',
  'x',
);

function routeRequest(paths: string[], publicOrigin: string): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      path: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...paths) }, { weight: 2, arbitrary: fc.constantFrom(...AUTH_PATHS) }),
      query: fc.array(fc.tuple(queryName, queryValue), { maxLength: 4 }),
      method: fc.oneof(
        { weight: 6, arbitrary: fc.constant('GET') },
        { weight: 3, arbitrary: fc.constantFrom(...METHODS) },
        { weight: 1, arbitrary: fc.constantFrom('PROPFIND', 'FOO') },
      ),
      role: fc.constantFrom<Role | undefined>('merchant', 'admin', 'reviewer', undefined),
      origin: fc.option(fc.oneof(fc.constant(publicOrigin), fc.constantFrom(...FOREIGN_ORIGINS)), { nil: undefined }),
      rsc: fc.option(fc.constantFrom('1', '0'), { freq: 4, nil: undefined }),
      accept: fc.option(fc.constantFrom('text/html', 'application/json', 'text/event-stream', 'text/x-component', '*/*'), { nil: undefined }),
      body: otherBody,
      contentType: otherContentType,
    })
    .map(({ path: routePath, query, method, role, origin, rsc, accept, body, contentType }) => {
      const headers: Record<string, string> = {};
      if (origin !== undefined) headers.origin = origin;
      if (rsc) headers.rsc = rsc;
      if (accept) headers.accept = accept;
      const hasBody = !['GET', 'HEAD'].includes(method);
      if (hasBody && contentType) headers['content-type'] = contentType;
      const search = query.map(([name, value]) => `${name}=${value}`).join('&');
      // A POST to a page (not a route handler) from elsewhere is a cross-site form post.
      const toPage = !routePath.startsWith('/api/') && !DASHBOARD_ROUTE_HANDLERS.test(routePath);
      const foreign = method === 'POST' && toPage && origin !== publicOrigin;
      return {
        kind: 'route',
        method,
        target: search ? `${routePath}?${search}` : routePath,
        role,
        headers,
        body: hasBody ? body : undefined,
        expect: foreign ? 'forbidden' : undefined,
      } satisfies FuzzRequest;
    });
}

// ---------- Sending and judging ----------

const agent = new Agent({ keepAlive: true, maxSockets: BATCH });

function send(origin: string, fuzz: FuzzRequest, cookies: string | undefined): Promise<Answer> {
  const { port } = new URL(origin);
  const headers = { ...fuzz.headers, ...(cookies ? { cookie: cookies } : {}), ...(fuzz.body ? { 'content-length': String(fuzz.body.byteLength) } : {}) };
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { hostname: '127.0.0.1', port, localAddress: FUZZ_SOURCE_ADDRESS, agent, method: fuzz.method, path: fuzz.target, headers, timeout: REQUEST_TIMEOUT_MS },
      (incoming) => {
        const contentType = incoming.headers['content-type'];
        // A live stream never ends: its status and headers are the answer.
        if (contentType?.startsWith('text/event-stream')) {
          resolve({ status: incoming.statusCode ?? 0, contentType, body: '' });
          incoming.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, contentType, body: Buffer.concat(chunks).toString() }));
        incoming.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    outgoing.on('error', reject);
    outgoing.end(fuzz.body);
  });
}

function breach(fuzz: FuzzRequest, answer: Answer): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (fuzz.expect === 'forbidden' && answer.status !== 403) return `answered ${answer.status} to a foreign origin, not 403`;
  if (fuzz.expect === 'client error' && (answer.status < 400 || answer.status >= 500)) return `answered ${answer.status} to a body no form sends, not a 4xx`;
  return undefined;
}

test.describe('dashboard fuzz', () => {
  let server: ServerProcess;
  let output: ReturnType<typeof watchOutput>;
  const sessions = new Map<Role, string>();

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    server = await startServer(port, {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'counterpart-dashboard-fuzz-')),
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      ADMIN_API_KEY: E2E_ADMIN_API_KEY,
      TRUST_PROXY: '0',
      LOG_LEVEL: 'info',
    });
    output = watchOutput(server);
  });
  test.afterAll(async () => {
    await server?.stop();
    agent.destroy();
  });

  const signInAll = async () => {
    for (const [role, account] of Object.entries(ROLES) as [Role, { email: string; password: string }][])
      sessions.set(role, cookieHeader(await signInOverHttp(server.origin, account)));
  };

  test('the reported requests: a form action sent [null,null], and one from a foreign origin, are 4xx without a stack trace', async () => {
    await signInAll();
    const addSection = serverActions().find((action) => action.name === 'addSectionAction')!;
    const before = output.lines().length;
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${server.origin}/dashboard/tables`, {
        method: 'POST',
        headers: { cookie: sessions.get('merchant')!, 'next-action': addSection.id, ...headers },
        body,
      });
    // The action is given no form: it answers as if the page did not exist.
    const nulls = await post({ origin: server.origin, 'content-type': 'text/plain;charset=UTF-8' }, '[null,null]');
    expect(nulls.status).toBe(404);
    const nullsInForm = await post({ origin: server.origin, 'content-type': MULTIPART }, multipart([['0', '[null,null]']]).toString());
    expect(nullsInForm.status).toBe(404);
    // A body React cannot decode is refused before it tries.
    for (const body of ['not json', '["$1"]', '5']) {
      const broken = await post({ origin: server.origin, 'content-type': 'text/plain;charset=UTF-8' }, body);
      expect(broken.status, body).toBe(400);
      expect(broken.headers.get('content-type')).toBe('application/problem+json');
    }
    for (const origin of ['http://evil.example', 'null', 'garbage']) {
      const foreign = await post(
        { origin, 'content-type': MULTIPART },
        multipart([
          ['_1_name', 'Terrace'],
          ['_1_locationId', DEMO_LOCATIONS[0]],
          ['0', '[{},"$K1"]'],
        ]).toString(),
      );
      expect(foreign.status, origin).toBe(403);
      expect(((await foreign.json()) as { code: string }).code).toBe('FORBIDDEN');
    }
    // The same form from the dashboard's own origin is taken (and answered with the form's own verdict).
    const own = await post(
      { origin: server.origin, 'content-type': MULTIPART },
      multipart([
        ['_1_name', ''],
        ['_1_locationId', DEMO_LOCATIONS[0]],
        ['0', '[{},"$K1"]'],
      ]).toString(),
    );
    expect(own.status).toBe(200);
    expect(await own.text()).toMatch(/"fieldErrors":\{"name":/);
    // Each refusal is one JSON line; the actions given no form say so too.
    const logged = () => output.lines().slice(before);
    const messages = () =>
      logged().map((line) => {
        if (linesNotJson([line]).length) return line;
        const { msg, code } = JSON.parse(line) as { msg: string; code?: string };
        return `${msg} ${code ?? ''}`.trim();
      });
    await expect
      .poll(messages)
      .toEqual(expect.arrayContaining(['page post refused FORBIDDEN', 'page post refused BAD_REQUEST', 'server action called without a form']));
    expect(linesNotJson(logged())).toEqual([]);
  });

  test('fuzz: no 5xx, a 403 for every foreign origin, a 4xx for every body no form sends, and no stack trace', async () => {
    test.setTimeout(600_000);
    const actions = serverActions();
    const pages = dashboardPaths();
    expect(actions.length).toBeGreaterThan(40);
    expect(pages).toEqual(expect.arrayContaining(['/dashboard/stream', '/login', '/activate', '/dashboard/tables']));
    await signInAll();
    const before = output.lines().length;
    const anyRequest = fc.oneof(
      {
        weight: 3,
        arbitrary: actionRequest(
          actions,
          pages.filter((page) => !DASHBOARD_ROUTE_HANDLERS.test(page)),
          server.origin,
        ),
      },
      { weight: 2, arbitrary: routeRequest(pages, server.origin) },
    );

    let sent = 0;
    let batches = 0;
    const statuses = { action: new Map<number, number>(), route: new Map<number, number>() };
    const started = Date.now();
    const run = await fc.check(
      fc.asyncProperty(fc.array(anyRequest, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        // Sessions end under the fuzz (its sign-out forms are real ones): sign in afresh now and then.
        if (++batches % 20 === 0) await signInAll();
        const answers = await Promise.all(batch.map((fuzz) => send(server.origin, fuzz, fuzz.role && sessions.get(fuzz.role)).catch((error: Error) => error)));
        sent += batch.length;
        const breaches = batch.flatMap((fuzz, index) => {
          const answer = answers[index]!;
          if (answer instanceof Error) return [`${fuzz.method} ${fuzz.target}: ${answer.message}`];
          const counts = statuses[fuzz.kind];
          counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
          const why = breach(fuzz, answer);
          return why
            ? [
                `${fuzz.method} ${fuzz.target} as ${fuzz.role ?? 'nobody'} ${JSON.stringify(fuzz.headers).slice(0, 300)} ${fuzz.body?.toString().slice(0, 300) ?? ''} → ${why}: ${answer.body.slice(0, 300)}`,
              ]
            : [];
        });
        if (breaches.length) throw new Error(breaches.join('\n'));
      }),
      { numRuns: Math.ceil(REQUESTS / BATCH), seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const tally = (counts: Map<number, number>) =>
      [...counts]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ');
    const total = (counts: Map<number, number>) => [...counts.values()].reduce((sum, count) => sum + count, 0);
    const serverErrors = [...statuses.action, ...statuses.route].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0);
    const summary =
      `${sent} requests in ${seconds} s, ${serverErrors} × 5xx (seed ${run.seed}); ` +
      `server actions ${total(statuses.action)}: ${tally(statuses.action)}; routes ${total(statuses.route)}: ${tally(statuses.route)}`;
    test.info().annotations.push({ type: 'fuzz', description: summary });
    console.log(`dashboard fuzz: ${summary}`);
    expect(run.failed, `FUZZ_SEED=${run.seed}: ${(run.errorInstance as Error | undefined)?.message.slice(0, 4000)}`).toBe(false);
    expect(sent).toBeGreaterThanOrEqual(Math.min(REQUESTS, 800));
    // Every line the server wrote meanwhile is one JSON line: no stack trace, no `⨯ Error`, no bare console output.
    const notJson = linesNotJson(output.lines().slice(before));
    expect(notJson.slice(0, 40), `${notJson.length} lines that are not JSON`).toEqual([]);
  });
});
