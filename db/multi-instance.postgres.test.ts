import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openDatabase, type DatabaseHandle } from '@/db/client';
import { startWebhookReceiver } from '@/lib/testing/webhook-receiver';
import { type Balancer, roundRobinBalancer } from '@/lib/testing/balancer';
import { ensureBuild, freePort, type ServerProcess, startServer } from '@/lib/testing/server-process';
import { connectedPartner, deviceTokens, managementApi, postOrder } from '@/lib/testing/server-world';
import { type ThrowawayDatabase, throwawayDatabase } from '@/lib/testing/throwaway-database';
import { SESSION_ABSOLUTE_SECONDS } from '@/lib/tenancy/session-lifetime';

// The whole product on two instances (A and B) of the built server, on one PostgreSQL and behind a round-robin TCP
// balancer whose address is PUBLIC_URL. Nothing is sticky: every case crosses instances on purpose (docs/contract.md#tenancy and
// docs/contract.md#events say "on every instance"; README "Running several instances").

const ADMIN_API_KEY = `multi-${randomBytes(12).toString('hex')}`;
const AUTO_REJECT_SECONDS = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

interface PublicEvent {
  id: string;
  type: string;
  locationId: string;
  data: { id: string; version: number };
}

let database: ThrowawayDatabase;
let sqlDirect: postgres.Sql;
let handle: DatabaseHandle;
let balancer: Balancer;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const ports: number[] = [];
const instances: ServerProcess[] = [];
let sharedEnv: Record<string, string>;
const webhookSecrets: string[] = [];
let world: {
  merchant: { id: string; userId: string };
  email: string;
  password: string;
  locations: string[];
  pos: { partnerId: string; clientId: string };
  app: { partnerId: string; token: string };
};

const A = 0;
const B = 1;
const origin = (index: number) => instances[index]!.origin;
const manage = managementApi(() => origin(A), ADMIN_API_KEY);

/** Starts instance `index` (again, after a crash) with the shared environment and `extra` on top. */
async function start(index: number, extra: Record<string, string> = {}) {
  instances[index] = await startServer(ports[index]!, {
    ...sharedEnv,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'counterpart-multi-')),
    ...extra,
  });
}

const running = (index: number) => instances[index] && instances[index].child.exitCode === null && instances[index].child.signalCode === null;

/** Restarts whichever instance an earlier case killed, so each case starts with both. */
async function bothRunning() {
  await Promise.all([A, B].map((index) => (running(index) ? undefined : start(index))));
}

let orderCounter = 0;
async function createOrder(via: string, locationId: string): Promise<string> {
  const response = await postOrder(via, world.app.token, locationId, `multi-${process.pid}-${++orderCounter}`);
  if (response.status !== 201) throw new Error(`POST /connect/orders → ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

const partnerGet = (url: string, token: string) => fetch(url, { headers: { authorization: `Bearer ${token}` } });

interface PosSocket {
  socket: WebSocket;
  events: PublicEvent[];
  /** Which balancer target carries it (undefined when connected to an instance directly). */
  target: number | undefined;
  closed: Promise<{ code: number; reason: string; at: number }>;
}

/** A POS notification socket on `base` (an instance or the balancer), HELLO sent, collecting the events it receives. */
async function openPosSocket(base: string, locationId: string, token: string): Promise<PosSocket> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/connect/pos/notifications/${locationId}`, { headers: { authorization: `Bearer ${token}` } });
  const events: PublicEvent[] = [];
  let clientPort: number | undefined;
  socket.on('upgrade', (response) => (clientPort = response.socket.localPort));
  socket.on('message', (data) => events.push(JSON.parse(data.toString()) as PublicEvent));
  const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString(), at: Date.now() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'HELLO', posVersion: '7.1', supportedApis: [{ name: 'ordering', version: '1.1' }] }));
  const target = base === balancer.origin && clientPort !== undefined ? balancer.targetOf(clientPort) : undefined;
  return { socket, events, target, closed };
}

/** Signs a user (the merchant user unless told) in through the Auth.js endpoints of `base`, as the login form does; answers the cookie header. */
async function signIn(base: string, who: { email: string; password: string } = world): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookieOf = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  const callback = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { cookie: cookieOf(csrf).join('; '), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, email: who.email, password: who.password }),
    redirect: 'manual',
  });
  expect(callback.headers.get('location') ?? '').not.toContain('error=');
  const session = cookieOf(callback).find((cookie) => cookie.startsWith('authjs.session-token='));
  expect(session, 'session cookie').toBeTruthy();
  return session!;
}

/**
 * Reads a Server-Sent Events stream in the background, collecting the JSON `data` of each event; `ended` settles with
 * the time the server ended the stream.
 */
function collectSse(response: Response): {
  events: { type: string; data: { id: string } }[];
  named: string[];
  ended: Promise<number>;
  stop: () => Promise<void>;
} {
  const events: { type: string; data: { id: string } }[] = [];
  // Named SSE events (`event: …`), such as the stream's signed-out farewell; the others are committed events.
  const named: string[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const reading = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return Date.now();
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = block.split('\n').find((line) => line.startsWith('event: '));
        if (name) {
          named.push(name.slice(7));
          continue;
        }
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        if (data) events.push(JSON.parse(data) as { type: string; data: { id: string } });
      }
    }
  })();
  return {
    events,
    named,
    ended: reading,
    async stop() {
      await reader.cancel().catch(() => {});
      await reading;
    },
  };
}

/** Signs a session out through the Auth.js endpoint of `base`, as the dashboard's Sign out button does. */
async function signOut(base: string, sessionCookie: string) {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookies = [...csrf.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!), sessionCookie];
  const response = await fetch(`${base}/api/auth/signout`, {
    method: 'POST',
    headers: { cookie: cookies.join('; '), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, callbackUrl: '/login' }),
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
}

/**
 * Calls a dashboard server action on the instance at `base`, as the page's form does from the public address (the
 * arguments are `(previousState, formData)` in React's reply encoding); answers the action's RSC payload.
 */
async function serverAction(base: string, page: string, action: { file: string; name: string }, fields: Record<string, string>, cookie: string) {
  const manifest = JSON.parse(readFileSync(path.join('.next', 'server', 'server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { filename: string; exportedName: string }>;
  };
  const actionId = Object.entries(manifest.node).find(([, entry]) => entry.filename === action.file && entry.exportedName === action.name)?.[0];
  expect(actionId, `${action.name} in the build`).toBeTruthy();
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(`_1_${name}`, value);
  // The root goes last, as React sends it: the server reads the form's fields as they stream in.
  form.set('0', JSON.stringify([{}, '$K1']));
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const publicHost = new URL(balancer.origin).host;
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = httpRequest(`${base}${page}`, {
      method: 'POST',
      headers: {
        host: publicHost,
        origin: balancer.origin,
        cookie,
        accept: 'text/x-component',
        'next-action': actionId!,
        'content-type': encoded.headers.get('content-type')!,
        'content-length': body.length,
      },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

beforeAll(async () => {
  ensureBuild();
  database = await throwawayDatabase(process.env.DATABASE_URL!);
  sqlDirect = postgres(database.url, { max: 2, onnotice: () => {} });
  receiver = await startWebhookReceiver(() => webhookSecrets);
  ports.push(await freePort(), await freePort());
  balancer = await roundRobinBalancer(ports.map((port) => ({ host: '127.0.0.1', port })));
  // What every instance must share: the database, the master key and the public address. The session secret is
  // left to server.ts, which keeps it sealed in the database, so instances share it without configuration.
  sharedEnv = {
    DATABASE_URL: database.url,
    COUNTERPART_SECRET_KEY: randomBytes(32).toString('base64'),
    PUBLIC_URL: balancer.origin,
    ADMIN_API_KEY,
    SEED_DEMO: 'false',
    ORDER_AUTO_REJECT_SECONDS: String(AUTO_REJECT_SECONDS),
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1,1,1,1,1,1',
    WEBHOOK_TIMEOUT_MS: '2000',
    RATE_LIMIT_PER_MINUTE: '1000000',
    TOKEN_RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'warn',
  };
  // Both start together on the empty database, as a deployment's instances do: migrations and first-start secrets
  // must not collide.
  await Promise.all([start(A), start(B)]);
  handle = await openDatabase({ url: database.url, dataDir: 'memory://', maxConnections: 2 });

  const merchant = await manage('/merchants', { name: 'Twin Bistro' });
  const locations: string[] = [];
  for (const name of ['Twin Bistro CBD', 'Twin Bistro Bondi']) {
    locations.push((await manage<{ locationId: string }>(`/merchants/${merchant.id}/locations`, { name })).locationId);
  }
  const email = `owner-${randomBytes(4).toString('hex')}@twin-bistro.test`;
  const password = randomBytes(12).toString('base64url');
  const user = await manage('/users', { email, password, role: 'MERCHANT', merchantId: merchant.id });
  const pos = await connectedPartner(origin(A), manage, { name: 'Twin POS', type: 'POS', locationIds: locations });
  // Two endpoints of the POS: each must receive every event once, whichever instance's dispatcher sends it.
  for (let i = 0; i < 2; i++) webhookSecrets.push((await manage<{ secret: string }>(`/partners/${pos.partnerId}/webhooks`, { url: receiver.url })).secret);
  const app = await connectedPartner(origin(B), manage, { name: 'Twin Ordering', type: 'ORDERING_APP', locationIds: locations });
  world = { merchant: { id: merchant.id!, userId: user.id! }, email, password, locations, pos, app: { partnerId: app.partnerId, token: app.token! } };
}, 600_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance?.stop()));
  await balancer?.close();
  await receiver?.close();
  await handle?.close();
  await sqlDirect?.end();
  await database?.drop();
});

/** A device grant of the POS for `locationIds`. */
const posTokens = (locationIds: string[]) => deviceTokens(origin(A), handle.db, { clientId: world.pos.clientId, merchant: world.merchant, locationIds });

// docs/contract.md#tenancy asks it of POS sockets; a dashboard's live stream is held to the same: it lives no longer than the
// session that opened it, however that session ends and whichever instance ends it.
describe('a dashboard stream held by B ends within 5 s when its session ends through A', () => {
  let admin: { email: string; password: string; cookie: string };
  let streams = 0;

  beforeAll(async () => {
    await bothRunning();
    const who = { email: `ops-${randomBytes(4).toString('hex')}@twin-bistro.test`, password: randomBytes(12).toString('base64url') };
    await manage('/users', { ...who, role: 'ADMIN' });
    admin = { ...who, cookie: await signIn(origin(A), who) };
  }, 60_000);

  /**
   * A new merchant user signed in through A (`beforeOpening` runs next), and its dashboard stream held by B, shown live
   * by an order made through A.
   */
  async function streamOnB(beforeOpening?: (userId: string) => Promise<void>) {
    await bothRunning();
    const who = { email: `stream-${++streams}-${randomBytes(4).toString('hex')}@twin-bistro.test`, password: randomBytes(12).toString('base64url') };
    const user = await manage('/users', { ...who, role: 'MERCHANT', merchantId: world.merchant.id });
    const cookie = await signIn(origin(A), who);
    await beforeOpening?.(user.id!);
    const response = await fetch(`${origin(B)}/dashboard/stream`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const stream = collectSse(response);
    const live = await createOrder(origin(A), world.locations[0]!);
    await waitFor('an order on the stream while its session lives', () => stream.events.some((each) => each.data.id === live));
    return { userId: user.id!, cookie, stream };
  }

  /** The stream ends within 5 s of `since` (`what` ended the session), and an order made right after never reaches it. */
  async function expectEndedSince(stream: ReturnType<typeof collectSse>, since: number, what: string) {
    const after = await createOrder(origin(A), world.locations[0]!);
    const endedAt = await Promise.race([stream.ended, sleep(6000).then(() => undefined)]);
    await stream.stop();
    expect(endedAt, 'stream still open 6 s after its session ended').toBeDefined();
    console.info(`dashboard stream on B ended ${endedAt! - since} ms after ${what}`);
    expect(endedAt! - since).toBeLessThan(5000);
    expect(stream.events.filter((each) => each.data.id === after)).toEqual([]);
    expect(stream.named).toEqual(['ready', 'signed-out']);
  }

  const consoleAction = (name: string, userId: string) =>
    serverAction(origin(A), '/dashboard/admin/users', { file: 'app/dashboard/admin/tenants/actions.ts', name }, { userId }, admin.cookie);

  it('signing out', { timeout: 60_000 }, async () => {
    const { cookie, stream } = await streamOnB();
    const since = Date.now();
    await signOut(origin(A), cookie);
    await expectEndedSince(stream, since, 'signing out through A');
  });

  it('an admin disabling the user in the console', { timeout: 60_000 }, async () => {
    const { userId, stream } = await streamOnB();
    const since = Date.now();
    const answer = await consoleAction('disableUserAction', userId);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('disabled');
    await expectEndedSince(stream, since, 'disabling the user through A');
  });

  it('an admin setting a new password in the console', { timeout: 60_000 }, async () => {
    const { userId, stream } = await streamOnB();
    const since = Date.now();
    const answer = await consoleAction('resetPasswordAction', userId);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('one-time password');
    await expectEndedSince(stream, since, 'a new password through A');
  });

  it('the session reaching its absolute lifetime', { timeout: 60_000 }, async () => {
    let deadline = 0;
    const { stream } = await streamOnB(async (userId) => {
      // Signed in all but 4 s of SESSION_ABSOLUTE_SECONDS ago.
      const [row] = await sqlDirect<{ createdAt: Date }[]>`
        update dashboard_sessions set created_at = now() - make_interval(secs => ${SESSION_ABSOLUTE_SECONDS - 4})
        where user_id = ${userId} returning created_at as "createdAt"`;
      deadline = row!.createdAt.getTime() + SESSION_ABSOLUTE_SECONDS * 1000;
    });
    const early = await Promise.race([stream.ended, sleep(Math.max(0, deadline - Date.now() - 500)).then(() => undefined)]);
    expect(early, 'stream ended before its session expired').toBeUndefined();
    await sleep(Math.max(0, deadline - Date.now()));
    await expectEndedSince(stream, deadline, 'the session expired');
  });
});

describe('two instances on one PostgreSQL', () => {
  it('delivers an order created through A to the POS socket and the dashboard stream held by B', { timeout: 60_000 }, async () => {
    await bothRunning();
    const [locationId] = world.locations;
    const tokens = await posTokens([locationId!]);
    const pos = await openPosSocket(origin(B), locationId!, tokens.accessToken);
    const stream = await fetch(`${origin(B)}/dashboard/stream`, { headers: { cookie: await signIn(origin(A)) } });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const dashboard = collectSse(stream);

    const orderId = await createOrder(origin(A), locationId!);
    const event = await waitFor('ORDER_CREATED on the POS socket held by B', () =>
      pos.events.find((each) => each.type === 'ORDER_CREATED' && each.data.id === orderId),
    );
    expect(event).toMatchObject({ locationId, data: { id: orderId, version: 1 } });
    await waitFor('ORDER_CREATED on B’s dashboard stream', () => dashboard.events.find((each) => each.type === 'ORDER_CREATED' && each.data.id === orderId));

    await dashboard.stop();
    pos.socket.close();
    await pos.closed;
  });

  it('closes the socket held by B within 5 s (code 4001) when its access token, or its grant, is revoked through A', { timeout: 60_000 }, async () => {
    await bothRunning();
    const [locationId] = world.locations;
    const revoke = (token: string) =>
      fetch(`${origin(A)}/oauth/revoke`, { method: 'POST', body: new URLSearchParams({ token, client_id: world.pos.clientId }) });

    for (const revoked of ['accessToken', 'refreshToken'] as const) {
      const tokens = await posTokens([locationId!]);
      const pos = await openPosSocket(origin(B), locationId!, tokens.accessToken);
      const since = Date.now();
      expect((await revoke(tokens[revoked])).status).toBe(200);
      const closed = await Promise.race([pos.closed, sleep(6000).then(() => undefined)]);
      expect(closed, `socket still open 6 s after revoking its ${revoked}`).toBeDefined();
      expect(closed!.code).toBe(4001);
      expect(closed!.at - since).toBeLessThan(5000);
    }
  });

  it('auto-rejects each overdue order exactly once with both sweepers running and both instances reading it', { timeout: 60_000 }, async () => {
    await bothRunning();
    const [locationId] = world.locations;
    const orderIds: string[] = [];
    for (let i = 0; i < 12; i++) orderIds.push(await createOrder(origin(i % 2), locationId!));

    // Readers apply the deadline too: both instances read every order around it, racing the two background sweeps.
    await Promise.all(
      orderIds.map((orderId) =>
        waitFor(
          `order ${orderId} REJECTED`,
          async () => {
            const answers = await Promise.all([A, B].map((index) => partnerGet(`${origin(index)}/connect/orders/${orderId}`, world.app.token)));
            const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as { status: string }[];
            return bodies.every((body) => body.status === 'REJECTED');
          },
          (AUTO_REJECT_SECONDS + 15) * 1000,
        ),
      ),
    );

    for (const orderId of orderIds) {
      const order = (await (await partnerGet(`${origin(B)}/connect/orders/${orderId}`, world.app.token)).json()) as Record<string, unknown>;
      expect(order).toMatchObject({ status: 'REJECTED', statusInfo: 'AUTO_REJECTED_BY_TIMEOUT' });
    }
    const changes = await sqlDirect<{ orderId: string; count: number }[]>`
      select order_id as "orderId", count(*)::int as count from order_status_changes
      where to_status = 'REJECTED' and order_id in ${sqlDirect(orderIds)} group by order_id`;
    const rejectedEvents = await sqlDirect<{ orderId: string; count: number; version: number }[]>`
      select resource_id as "orderId", count(*)::int as count, max(resource_version) as version from events
      where type = 'ORDER_REJECTED' and resource_id in ${sqlDirect(orderIds)} group by resource_id`;
    const sorted = [...orderIds].sort();
    expect(changes.map((row) => [row.orderId, row.count]).sort()).toEqual(sorted.map((id) => [id, 1]));
    expect(rejectedEvents.map((row) => [row.orderId, row.count, row.version]).sort()).toEqual(sorted.map((id) => [id, 1, 2]));
  });

  it('delivers each event once to each webhook endpoint while both dispatchers run', { timeout: 90_000 }, async () => {
    await bothRunning();
    const [locationId] = world.locations;
    const before = new Set(receiver.requests.map((request) => request.webhookId));
    const created: string[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async (_, worker) => {
        for (let i = 0; i < 10; i++) created.push(await createOrder(origin((worker + i) % 2), locationId!));
      }),
    );
    const eventIds = async () =>
      (
        await sqlDirect<{ id: string }[]>`
          select e.id from events e join event_recipients r on r.event_id = e.id
          where r.partner_id = ${world.pos.partnerId} and e.resource_id in ${sqlDirect(created)}`
      ).map((row) => row.id);
    // Every order's ORDER_CREATED, then its ORDER_REJECTED once it is overdue.
    await waitFor(
      'every event of the new orders at both endpoints',
      async () => {
        const ids = await eventIds();
        if (ids.length < created.length * 2) return false;
        const seen = new Set(receiver.requests.map((request) => `${request.verifiedWith.join()} ${request.webhookId}`));
        return ids.every((id) => seen.has(`0 ${id}`) && seen.has(`1 ${id}`));
      },
      60_000,
    );
    // A second delivery (another instance claiming the same one) would come a little later.
    await sleep(3000);

    const ids = new Set(await eventIds());
    const perEndpoint = [0, 1].map((endpoint) => {
      const counts = new Map<string, number>();
      for (const request of receiver.requests) {
        if (!ids.has(request.webhookId) || before.has(request.webhookId) || request.verifiedWith[0] !== endpoint) continue;
        counts.set(request.webhookId, (counts.get(request.webhookId) ?? 0) + 1);
      }
      return counts;
    });
    for (const counts of perEndpoint) {
      expect(counts.size).toBe(ids.size);
      expect([...counts.values()].filter((count) => count !== 1)).toEqual([]);
    }
    expect(receiver.requests.every((request) => request.verifiedWith.length === 1)).toBe(true);
  });

  it(
    'shows a location GREEN while its POS socket is open on either instance, and RED within a minute of that instance being killed',
    { timeout: 120_000 },
    async () => {
      await bothRunning();
      const locationId = world.locations[1]!;
      const tokens = await posTokens([locationId]);
      const statusOn = async (index: number) => {
        const response = await partnerGet(`${origin(index)}/connect/locations/${locationId}`, tokens.accessToken);
        expect(response.status).toBe(200);
        return ((await response.json()) as { status: { code: string } }).status.code;
      };
      expect(await statusOn(A)).toBe('RED');

      // The handshake does not wait for the presence row (written in a batch right after), so GREEN follows within moments.
      const greenOnBoth = async () => (await statusOn(A)) === 'GREEN' && (await statusOn(B)) === 'GREEN';
      const onA = await openPosSocket(origin(A), locationId, tokens.accessToken);
      await waitFor('GREEN on both instances with the socket on A', greenOnBoth, 2_000);
      onA.socket.close();
      await onA.closed;
      await waitFor('RED after a clean close', async () => (await statusOn(B)) === 'RED');

      const onB = await openPosSocket(origin(B), locationId, tokens.accessToken);
      await waitFor('GREEN on both instances with the socket on B', greenOnBoth, 2_000);
      await instances[B]!.crash();
      const killedAt = Date.now();
      // Nobody is left to record the close: A notices B's socket by its heartbeat going stale.
      await waitFor('RED after B was killed', async () => (await statusOn(A)) === 'RED', 70_000);
      const seconds = (Date.now() - killedAt) / 1000;
      console.info(`location RED ${seconds.toFixed(1)} s after the instance holding its socket was killed`);
      // A minute after its last heartbeat, which came before the kill; the second beyond is the time to observe it.
      expect(seconds).toBeLessThanOrEqual(61);
      await onB.closed;
    },
  );

  it('reconnects the POS through the balancer to the survivor, and the events feed fills what it missed meanwhile', { timeout: 90_000 }, async () => {
    await bothRunning();
    const [locationId] = world.locations;
    const tokens = await posTokens([locationId!]);
    const first = await openPosSocket(balancer.origin, locationId!, tokens.accessToken);
    expect(first.target).toBeDefined();
    const holder = first.target!;
    const survivor = 1 - holder;

    const before = await createOrder(balancer.origin, locationId!);
    const lastSeen = await waitFor('the first order on the socket', () =>
      first.events.find((each) => each.type === 'ORDER_CREATED' && each.data.id === before),
    );

    await instances[holder]!.crash();
    expect((await first.closed).code).toBe(1006);
    const whileDown: string[] = [];
    for (let i = 0; i < 5; i++) whileDown.push(await createOrder(balancer.origin, locationId!));

    // The POS's own reconnect: the balancer's next target in turn may be the dead one, and is passed over.
    const second = await openPosSocket(balancer.origin, locationId!, tokens.accessToken);
    expect(second.target).toBe(survivor);
    const afterwards = await createOrder(balancer.origin, locationId!);

    // The feed shows an event once no older transaction is still open anywhere on the PostgreSQL server, so it can lag
    // the socket: the POS reads it until it reaches the first event the new socket brought, and has then missed nothing.
    const firstLive = await waitFor('the order made after the reconnect, live', () => second.events.find((each) => each.data.id === afterwards));
    const caughtUp: PublicEvent[] = [];
    let after = lastSeen.id;
    await waitFor(
      'the events feed up to the first live event',
      async () => {
        const response = await partnerGet(`${balancer.origin}/connect/events?after=${encodeURIComponent(after)}`, tokens.accessToken);
        expect(response.status).toBe(200);
        const page = (await response.json()) as { results: PublicEvent[]; lastEventId: string };
        caughtUp.push(...page.results);
        after = page.lastEventId;
        return caughtUp.some((each) => each.id === firstLive.id);
      },
      30_000,
    );
    const known = new Set([...caughtUp, ...second.events].filter((each) => each.type === 'ORDER_CREATED').map((each) => each.data.id));
    expect(whileDown.filter((orderId) => !known.has(orderId))).toEqual([]);
    expect(caughtUp.some((each) => each.id === lastSeen.id)).toBe(false);

    second.socket.close();
    await second.closed;
  });

  it('counts one rate-limit budget for calls spread over both instances', { timeout: 120_000 }, async () => {
    const LIMIT = 12;
    await Promise.all(instances.map((instance) => instance.stop()));
    await Promise.all([start(A, { RATE_LIMIT_PER_MINUTE: String(LIMIT) }), start(B, { RATE_LIMIT_PER_MINUTE: String(LIMIT) })]);
    const orderId = (await sqlDirect<{ id: string }[]>`select id from orders where app_partner_id = ${world.app.partnerId} limit 1`)[0]!.id;

    const answers: { instance: number; status: number; remaining: string | null }[] = [];
    for (let i = 0; i < LIMIT * 2; i++) {
      const response = await partnerGet(`${origin(i % 2)}/connect/orders/${orderId}`, world.app.token);
      answers.push({ instance: i % 2, status: response.status, remaining: response.headers.get('ratelimit-remaining') });
    }
    expect(answers.slice(0, LIMIT).map((answer) => answer.status)).toEqual(Array(LIMIT).fill(200));
    expect(answers.slice(0, LIMIT).map((answer) => Number(answer.remaining))).toEqual(Array.from({ length: LIMIT }, (_, i) => LIMIT - 1 - i));
    expect(answers.slice(LIMIT).map((answer) => answer.status)).toEqual(Array(LIMIT).fill(429));
  });
});
