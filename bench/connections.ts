/**
 * Live connections on one instance: the built server as `npm start` runs it holds BENCH_SOCKETS POS notification
 * WebSockets (default 10,000, HELLO done, five per location) and BENCH_STREAMS dashboard event streams (default one
 * per ten sockets, signed-in merchants, ten per merchant), while this process commits BENCH_RATE events a second
 * (default 200) for BENCH_SECONDS (default 30) on the same database. Prints commit → receipt p50/p99 on the sockets
 * and on the streams, server RSS (idle and under load), memory per idle connection, event-loop lag (from /metrics),
 * server CPU, and how many connections dropped. Targets: p99 < 100 ms, RSS < 1 GiB, no connection dropped.
 *
 *   npx tsx bench/connections.ts                      (needs `node scripts/ensure-build.mjs` first and PostgreSQL at
 *                                                      BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_SOCKETS=1000 npx tsx bench/connections.ts   (a tenth of the size, about a minute)
 *
 * Then the storm phase (BENCH_STORM=false skips it): the raw sockets are closed and the same BENCH_SOCKETS POS open
 * again through the SDK's PosNotifications (its reconnect backoff: full jitter, capped); the instance is restarted
 * (SIGTERM: drain, 1012 "service restart") while one event per location commits, and events keep committing at
 * BENCH_RATE. Prints close → first event after reconnecting p50/p99/max (target p99 ≤ 10 s), HELLOs/s while the storm
 * lasts, and commit → receipt p99 on sockets already back during the storm (< 250 ms) and after it (< 100 ms).
 *
 * Then the rolling-restart phase (BENCH_ROLLING=false skips it): two instances behind the test balancer
 * (lib/testing/balancer.ts, checking /readyz), the same POS through the SDK, BENCH_CYCLES order cycles a second
 * (default 50: an ordering app's POST /connect/orders, the POS's PATCH accepting it, each SDK call re-sent at most once
 * after a 503 or a refused connection); each instance in turn gets SIGTERM, drains, restarts and rejoins. Prints failed
 * calls, lost events, the longest time a location had no socket, close → open p50/p99/max and RED samples.
 *
 * The sockets and streams are held by BENCH_CLIENT_PROCESSES child processes (default one per 5,000 connections), so
 * the figures measure the server, not the load generator. Each open connection takes a file descriptor in the server
 * and one in a client process; the output says when `ulimit -n` is too low for that.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import WebSocket from 'ws';
import { createCounterpartClient, PosNotifications } from '../sdk/src/index';
import { openDatabase, type Database } from '@/db/client';
import { clients, grantLocations, grants } from '@/db/schema';
import { issueAccessToken } from '@/lib/auth/access-tokens';
import { ensureSigningKey } from '@/lib/auth/signing-keys';
import { resetConfig } from '@/lib/config';
import { emitOrderEvent } from '@/lib/testing/event-fixtures';
import { newId } from '@/lib/ids';
import { createLocation, createMerchant } from '@/lib/tenancy/merchants';
import { createClient, createConnection, createPartner } from '@/lib/tenancy/partners';
import { createUser } from '@/lib/tenancy/users';
import { eq, sql } from 'drizzle-orm';
import { benchDatabase, benchServerEnv, freePort, percentile, rssMiB, sleep, startMeasuredServer } from './support';
import { roundRobinBalancer } from '@/lib/testing/balancer';
import { freshPresence } from '@/lib/events/pos-presence';
import { sampleOrderRequests } from '@/lib/orders/sample-orders.fixture';
import { rowsOf } from '@/db/rows';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const STREAMS = Number(process.env.BENCH_STREAMS ?? Math.ceil(SOCKETS / 10));
const SOCKETS_PER_LOCATION = 5;
const LOCATIONS_PER_MERCHANT = 20;
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const STORM = process.env.BENCH_STORM !== 'false';
// How long events keep committing after the restart while the POS come back, and after that.
const STORM_SECONDS = Number(process.env.BENCH_STORM_SECONDS ?? 20);
const AFTER_STORM_SECONDS = 10;
const ROLLING = process.env.BENCH_ROLLING !== 'false';
const CYCLES = Number(process.env.BENCH_CYCLES ?? 50);
const CLIENT_PROCESSES = Number(process.env.BENCH_CLIENT_PROCESSES ?? Math.max(1, Math.ceil((SOCKETS + STREAMS) / 5000)));
const METRICS_TOKEN = 'bench-connections-metrics-token';
const PASSWORD = 'bench-connections-password';
const HELLO = JSON.stringify({ type: 'HELLO', posVersion: 'bench-1.0', supportedApis: [{ name: 'ORDERING', version: '1.1' }] });
// In flight per client process while connecting: enough to keep the server busy, few enough not to time out.
const CONNECT_CONCURRENCY = 50;

/** Wall-clock ms with sub-ms precision, comparable between processes on this machine. */
const now = () => performance.timeOrigin + performance.now();

// ---------- messages between this process and the client processes ----------

interface SocketSpec {
  locationId: string;
  token: string;
}
type ToClient =
  | { type: 'sockets'; baseUrl: string; items: SocketSpec[] }
  | { type: 'streams'; baseUrl: string; cookies: string[] }
  | { type: 'measure' }
  | { type: 'report' }
  | { type: 'close-sockets' }
  | { type: 'pos'; baseUrl: string; items: SocketSpec[] }
  | { type: 'storm-measure' }
  | { type: 'stop-pos' }
  | { type: 'storm-report' };
type FromClient =
  | { type: 'opened'; ok: number; failed: string[] }
  | { type: 'report'; socketReceipts: [string, number][]; streamReceipts: [string, number][]; socketsClosed: number[]; streamsEnded: number }
  | { type: 'closed' }
  | { type: 'storm-report'; terminals: StormTerminal[] };

/** One SDK-held POS in the storm: when its socket closed, when it was open again, and what it received when. */
interface StormTerminal {
  locationId: string;
  closedAt: number | undefined;
  openAt: number | undefined;
  receipts: [string, number][];
  /** Every time away while measuring: socket closed → open again (caught up). */
  away: [number, number][];
}

// ---------- a client process: holds sockets and streams, notes when each event arrives ----------

function runClientProcess() {
  const sockets: WebSocket[] = [];
  const socketReceipts: [string, number][] = [];
  const streamReceipts: [string, number][] = [];
  const socketsClosed: number[] = [];
  let streamsEnded = 0;
  let measuring = false;
  const send = (message: FromClient) => process.send!(message);

  const openSocket = (baseUrl: string, { locationId, token }: SocketSpec) =>
    new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/connect/pos/notifications/${encodeURIComponent(locationId)}`, {
        headers: { authorization: `Bearer ${token}` },
        perMessageDeflate: false,
      });
      socket.once('open', () => {
        socket.send(HELLO);
        sockets.push(socket);
        resolve();
      });
      socket.once('unexpected-response', (_request, response) => reject(new Error(`upgrade answered ${response.statusCode}`)));
      socket.on('error', reject);
      socket.on('message', (data: Buffer) => {
        const at = now();
        socketReceipts.push([(JSON.parse(data.toString()) as { id: string }).id, at]);
      });
      socket.on('close', (code) => {
        if (measuring) socketsClosed.push(code);
      });
    });

  const openStream = (baseUrl: string, cookie: string) =>
    new Promise<void>((resolve, reject) => {
      const request = get(`${baseUrl}/dashboard/stream`, { headers: { cookie, accept: 'text/event-stream' } }, (response: IncomingMessage) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`stream answered ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        response.on('error', () => undefined);
        let buffered = '';
        let opened = false;
        response.on('data', (text: string) => {
          const at = now();
          buffered += text;
          const frames = buffered.split('\n\n');
          buffered = frames.pop()!;
          for (const frame of frames) {
            const id = /^id: (.+)$/m.exec(frame)?.[1];
            if (id) streamReceipts.push([id, at]);
          }
          // The first frame (`retry:`) means the route answered and subscribed.
          if (!opened) {
            opened = true;
            resolve();
          }
        });
        response.on('close', () => {
          if (measuring) streamsEnded++;
        });
      });
      request.on('error', reject);
    });

  /** Opens every item with CONNECT_CONCURRENCY in flight; returns how many opened and why the others did not. */
  const openAll = async <T>(items: T[], open: (item: T) => Promise<void>) => {
    let next = 0;
    let ok = 0;
    const failed: string[] = [];
    await Promise.all(
      Array.from({ length: Math.min(CONNECT_CONCURRENCY, items.length) }, async () => {
        while (next < items.length) {
          await open(items[next++]!).then(
            () => ok++,
            (error: Error) => failed.push(error.message),
          );
        }
      }),
    );
    return { ok, failed: [...new Set(failed)] };
  };

  const terminals: { spec: SocketSpec; notifications: PosNotifications; record: StormTerminal; open: boolean }[] = [];
  let stormMeasuring = false;
  const startTerminal = (baseUrl: string, spec: SocketSpec) =>
    new Promise<void>((resolve) => {
      const record: StormTerminal = { locationId: spec.locationId, closedAt: undefined, openAt: undefined, receipts: [], away: [] };
      let awayFrom: number | undefined;
      const terminal = {
        spec,
        record,
        open: false,
        notifications: new PosNotifications({
          client: createCounterpartClient({ baseUrl, auth: spec.token }),
          locationId: spec.locationId,
          posVersion: 'bench-1.0',
          onEvent: (event) => {
            if (stormMeasuring) record.receipts.push([event.id, now()]);
          },
          onError: () => undefined,
          onState: (state) => {
            if (state.state === 'closed') {
              terminal.open = false;
              if (stormMeasuring) record.closedAt ??= now();
              if (stormMeasuring) awayFrom ??= now();
            }
            if (state.state === 'open') {
              terminal.open = true;
              if (stormMeasuring) record.openAt = now();
              if (awayFrom !== undefined) record.away.push([awayFrom, now()]);
              awayFrom = undefined;
              resolve();
            }
          },
        }),
      };
      terminals.push(terminal);
      terminal.notifications.start();
    });

  process.on('message', (message: ToClient) => {
    switch (message.type) {
      case 'close-sockets':
        for (const socket of sockets) socket.terminate();
        sockets.length = 0;
        send({ type: 'closed' });
        return;
      case 'pos':
        void openAll(message.items, (item) => startTerminal(message.baseUrl, item)).then((result) => send({ type: 'opened', ...result }));
        return;
      case 'storm-measure':
        stormMeasuring = true;
        for (const { record } of terminals) {
          record.closedAt = undefined;
          record.openAt = undefined;
          record.receipts.length = 0;
          record.away.length = 0;
        }
        return;
      case 'stop-pos':
        stormMeasuring = false;
        void Promise.all(terminals.map((terminal) => terminal.notifications.stop())).then(() => {
          terminals.length = 0;
          send({ type: 'closed' });
        });
        return;
      case 'storm-report':
        stormMeasuring = false;
        send({ type: 'storm-report', terminals: terminals.map((terminal) => terminal.record) });
        return;
      case 'sockets':
        void openAll(message.items, (item) => openSocket(message.baseUrl, item)).then((result) => send({ type: 'opened', ...result }));
        return;
      case 'streams':
        void openAll(message.cookies, (cookie) => openStream(message.baseUrl, cookie)).then((result) => send({ type: 'opened', ...result }));
        return;
      case 'measure':
        measuring = true;
        socketReceipts.length = 0;
        streamReceipts.length = 0;
        return;
      case 'report':
        measuring = false;
        send({ type: 'report', socketReceipts, streamReceipts, socketsClosed, streamsEnded });
        return;
    }
  });
  process.on('disconnect', () => process.exit(0));
}

// ---------- the benchmark ----------

interface ClientProcess {
  child: ChildProcess;
  request(message: ToClient): Promise<FromClient>;
}

function startClientProcess(): ClientProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/connections.ts', '--client'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return {
    child,
    request: (message) =>
      new Promise((resolve, reject) => {
        const exited = (code: number | null) => reject(new Error(`a client process exited with ${code}`));
        child.once('exit', exited);
        child.once('message', (answer: FromClient) => {
          child.off('exit', exited);
          resolve(answer);
        });
        child.send(message);
      }),
  };
}

/** Runs `work` over `items` with `concurrency` in flight. */
async function forEachLimited<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

/** Merchants (each with a user and 20 locations), one POS partner connected everywhere, a device grant per socket. */
async function seed(db: Database) {
  const locationCount = Math.ceil(SOCKETS / SOCKETS_PER_LOCATION);
  const merchantCount = Math.ceil(locationCount / LOCATIONS_PER_MERCHANT);
  const run = Date.now().toString(36);
  const merchants = await Promise.all(Array.from({ length: merchantCount }, (_, index) => createMerchant(db, { name: `Bench merchant ${index}` })));
  const locations: { locationId: string; merchantIndex: number }[] = Array.from({ length: locationCount }, (_, index) => ({
    locationId: `bench-${run}-${index}`,
    merchantIndex: Math.floor(index / LOCATIONS_PER_MERCHANT),
  }));
  await forEachLimited(locations, 8, async ({ locationId, merchantIndex }) => {
    await createLocation(db, merchants[merchantIndex]!.id, { name: locationId, locationId });
  });

  const pos = await createPartner(db, { name: 'Bench POS', type: 'POS' });
  const client = await createClient(db, pos.id);
  const [clientRow] = await db.select({ id: clients.id }).from(clients).where(eq(clients.clientId, client.client_id));
  await forEachLimited(locations, 8, async ({ locationId }) => {
    await createConnection(db, pos.id, { locationId });
  });
  // A device grant per POS terminal, for its own location, as /activate would have approved it (docs/contract.md#device-flow).
  const terminals = Array.from({ length: SOCKETS }, (_, index) => ({ grantId: newId(), locationId: locations[index % locationCount]!.locationId }));
  for (let start = 0; start < terminals.length; start += 1000) {
    const chunk = terminals.slice(start, start + 1000);
    await db.insert(grants).values(chunk.map(({ grantId }) => ({ id: grantId, kind: 'DEVICE_CODE' as const, partnerId: pos.id, clientId: clientRow!.id })));
    await db.insert(grantLocations).values(chunk);
  }
  const sockets: SocketSpec[] = [];
  for (const { grantId, locationId } of terminals) {
    const { token } = await issueAccessToken(db, {
      partnerId: pos.id,
      partnerType: 'POS',
      clientId: client.client_id,
      grantId,
      locationIds: [locationId],
      ttlSeconds: 3600,
    });
    sockets.push({ locationId, token });
  }
  const users = await Promise.all(
    merchants.map((merchant, index) =>
      createUser(db, { email: `bench-${run}-${index}@merchants.test`, password: PASSWORD, role: 'MERCHANT', merchantId: merchant.id }),
    ),
  );
  return { posPartnerId: pos.id, posClientId: client.client_id, terminals, locations, sockets, emails: users.map((user) => user.email) };
}

/** Signs in through the Auth.js credentials endpoints as a browser would; returns the Cookie header of the session. */
async function signIn(baseUrl: string, email: string): Promise<string> {
  const jar = new Map<string, string>();
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${baseUrl}/api/auth/${path}`, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      jar.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
    return response;
  };
  const { csrfToken } = (await (await call('csrf')).json()) as { csrfToken: string };
  await call('callback/credentials', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password: PASSWORD, csrfToken, callbackUrl: '/dashboard' }).toString(),
  });
  const session = [...jar].find(([name]) => name.endsWith('authjs.session-token'));
  if (!session) throw new Error(`signing in as ${email} set no session cookie`);
  return `${session[0]}=${session[1]}`;
}

/** The soft limit on open files of this process (inherited by the server and the client processes). */
function openFileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((text) => text.startsWith('Max open files'));
  const soft = line?.split(/\s{2,}/)[1];
  return soft === undefined || soft === 'unlimited' ? Infinity : Number(soft);
}

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The server's event-loop lag (prom-client's monitorEventLoopDelay, reset at every scrape), in ms. */
async function eventLoopLag(baseUrl: string): Promise<{ p99: number; max: number }> {
  const text = await (await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const gauge = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) * 1000;
  return { p99: gauge('nodejs_eventloop_lag_p99_seconds'), max: gauge('nodejs_eventloop_lag_max_seconds') };
}

/**
 * Statements that have read event_recipients so far. Only the event bus reads that table here, so the delta shows
 * whether each committed event is loaded once per instance or once per subscriber.
 */
async function recipientReads(db: Database): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(seq_scan, 0) + coalesce(idx_scan, 0) as scans from pg_stat_user_tables where relname = 'event_recipients'`);
  const [row] = result as unknown as { scans: string }[];
  return Number(row?.scans ?? 0);
}

/** Splits `items` into `parts` nearly equal slices. */
const split = <T>(items: T[], parts: number) => Array.from({ length: parts }, (_, part) => items.filter((_, index) => index % parts === part));

async function main() {
  process.env.LOG_LEVEL = 'warn';
  const descriptorsNeeded = SOCKETS + STREAMS + 200;
  const limit = openFileLimit();
  const lowLimit = `\`ulimit -n\` is ${limit}; ${descriptorsNeeded} open files are needed here — raise it (ulimit -n ${descriptorsNeeded}) and run again`;
  if (limit < descriptorsNeeded) console.log(`note: ${lowLimit}`);
  const database = await benchDatabase();
  // Enough connections that commits wait on PostgreSQL, not on the pool, at BENCH_RATE.
  const handle = await openDatabase({ url: database.url, dataDir: 'unused', maxConnections: 32 });
  const port = await freePort();
  // One instance and no balancer: nothing to wait for before it stops accepting (README "Rolling restarts").
  const env = benchServerEnv(database.url, port, { METRICS_TOKEN, DRAIN_DELAY_MS: '0' });
  const baseUrl = env.PUBLIC_URL;
  // Tokens are checked on iss/aud = the server's PUBLIC_URL: issue them with the same configuration.
  resetConfig({ PUBLIC_URL: baseUrl });
  const clientProcesses: ClientProcess[] = [];
  let server: Awaited<ReturnType<typeof startMeasuredServer>> | undefined;
  try {
    await ensureSigningKey(handle.db);
    const seeded = await seed(handle.db);
    server = await startMeasuredServer('connections', ['server.ts'], env, `${baseUrl}/readyz`);
    const serverPid = server.child.pid!;
    for (let i = 0; i < CLIENT_PROCESSES; i++) clientProcesses.push(startClientProcess());
    const cookies: string[] = [];
    await forEachLimited(seeded.emails, 2, async (email, index) => {
      cookies[index] = await signIn(baseUrl, email);
    });
    // Ten tabs or tablets per merchant, each with its own stream.
    const streamCookies = Array.from({ length: STREAMS }, (_, index) => cookies[index % cookies.length]!);
    const streamsPerMerchant = new Map<number, number>();
    for (let index = 0; index < STREAMS; index++) streamsPerMerchant.set(index % cookies.length, (streamsPerMerchant.get(index % cookies.length) ?? 0) + 1);

    const openAcross = async (kind: 'sockets' | 'streams' | 'pos', items: SocketSpec[] | string[]) => {
      const answers = await Promise.all(
        split(items as unknown[], clientProcesses.length).map((part, index) =>
          clientProcesses[index]!.request(
            kind === 'streams' ? { type: 'streams', baseUrl, cookies: part as string[] } : { type: kind, baseUrl, items: part as SocketSpec[] },
          ),
        ),
      );
      const opened = answers as Extract<FromClient, { type: 'opened' }>[];
      return { ok: opened.reduce((sum, answer) => sum + answer.ok, 0), failed: [...new Set(opened.flatMap((answer) => answer.failed))] };
    };
    const settledRss = async () => {
      await sleep(3000);
      return rssMiB(serverPid);
    };

    // One of each first, so the modules that serve them are loaded before the baseline is read.
    await clientProcesses[0]!.request({ type: 'sockets', baseUrl, items: seeded.sockets.slice(0, 1) });
    await clientProcesses[0]!.request({ type: 'streams', baseUrl, cookies: streamCookies.slice(0, 1) });
    const rssBefore = await settledRss();
    let started = performance.now();
    const socketsOpened = await openAcross('sockets', seeded.sockets.slice(1));
    const socketsSeconds = (performance.now() - started) / 1000;
    const rssWithSockets = await settledRss();
    started = performance.now();
    const streamsOpened = await openAcross('streams', streamCookies.slice(1));
    const streamsSeconds = (performance.now() - started) / 1000;
    const rssIdle = await settledRss();

    // Events: RATE a second for SECONDS, round-robin over the locations, each addressed to the POS (and so to its
    // location's sockets) and visible on its merchant's dashboards.
    for (const client of clientProcesses) client.child.send({ type: 'measure' } satisfies ToClient);
    await eventLoopLag(baseUrl);
    const readsBefore = await recipientReads(handle.db);
    const loadBefore = loadavg()[0]!;
    const committedAt = new Map<string, { at: number; locationIndex: number }>();
    const rss: number[] = [];
    const lags: { p99: number; max: number }[] = [];
    const rssSampler = setInterval(() => rss.push(rssMiB(serverPid)), 1000);
    const lagSampler = setInterval(() => void eventLoopLag(baseUrl).then((lag) => lags.push(lag)), 5000);
    const cpuBefore = cpuMs(serverPid);
    const loadCpuBefore = clientProcesses.reduce((sum, client) => sum + cpuMs(client.child.pid!), 0);
    const begin = performance.now();
    const pending: Promise<void>[] = [];
    let commitFailures = 0;
    for (let i = 0; i < RATE * SECONDS; i++) {
      const wait = begin + (i * 1000) / RATE - performance.now();
      if (wait > 0) await sleep(wait);
      const locationIndex = i % seeded.locations.length;
      pending.push(
        emitOrderEvent(handle.db, {
          locationId: seeded.locations[locationIndex]!.locationId,
          partnerId: seeded.posPartnerId,
          orderId: `bench-${i}`,
          version: 1,
        }).then(
          (event) => void committedAt.set(event.id, { at: now(), locationIndex }),
          () => void commitFailures++,
        ),
      );
    }
    await Promise.all(pending);
    const eventSeconds = (performance.now() - begin) / 1000;
    const serverCpu = (cpuMs(serverPid) - cpuBefore) / 10 / eventSeconds;
    const loadCpu = (clientProcesses.reduce((sum, client) => sum + cpuMs(client.child.pid!), 0) - loadCpuBefore) / 10 / eventSeconds;
    clearInterval(rssSampler);
    await sleep(5000);
    clearInterval(lagSampler);
    lags.push(await eventLoopLag(baseUrl));
    const loadAfter = loadavg()[0]!;
    // PostgreSQL publishes table statistics at most once a second.
    await sleep(1500);
    const readsAfter = await recipientReads(handle.db);
    const reports = (await Promise.all(clientProcesses.map((client) => client.request({ type: 'report' })))) as Extract<FromClient, { type: 'report' }>[];

    const latencies = (receipts: [string, number][]) =>
      receipts.flatMap(([id, at]) => {
        const committed = committedAt.get(id);
        return committed ? [Math.max(0, at - committed.at)] : [];
      });
    const socketLatencies = latencies(reports.flatMap((report) => report.socketReceipts));
    const streamLatencies = latencies(reports.flatMap((report) => report.streamReceipts));
    const socketsAt = new Map<number, number>();
    for (let index = 0; index < SOCKETS; index++) socketsAt.set(index % seeded.locations.length, (socketsAt.get(index % seeded.locations.length) ?? 0) + 1);
    let socketsExpected = 0;
    let streamsExpected = 0;
    for (const { locationIndex } of committedAt.values()) {
      socketsExpected += socketsAt.get(locationIndex) ?? 0;
      streamsExpected += streamsPerMerchant.get(seeded.locations[locationIndex]!.merchantIndex) ?? 0;
    }
    const socketsClosed = reports.flatMap((report) => report.socketsClosed);
    const streamsEnded = reports.reduce((sum, report) => sum + report.streamsEnded, 0);
    const connections = SOCKETS + STREAMS;

    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const mib = (value: number) => `${value.toFixed(0)} MiB`;
    const kib = (value: number) => `${value.toFixed(1)} KiB`;
    const rows: [string, string, string][] = [
      ['POS sockets open (HELLO sent)', `${socketsOpened.ok + 1} of ${SOCKETS} in ${socketsSeconds.toFixed(1)} s`, `${SOCKETS}`],
      ['dashboard streams open', `${streamsOpened.ok + 1} of ${STREAMS} in ${streamsSeconds.toFixed(1)} s`, `${STREAMS}`],
      [
        'events committed',
        `${committedAt.size} in ${eventSeconds.toFixed(1)} s (${(committedAt.size / eventSeconds).toFixed(0)}/s), ${commitFailures} failed`,
        `${RATE}/s`,
      ],
      ['socket commit → receipt p50', ms(percentile(socketLatencies, 50)), ''],
      ['socket commit → receipt p99', ms(percentile(socketLatencies, 99)), '< 100 ms'],
      ['socket commit → receipt max', ms(percentile(socketLatencies, 100)), ''],
      ['socket deliveries', `${socketLatencies.length} of ${socketsExpected}`, 'all'],
      ['stream commit → receipt p50', ms(percentile(streamLatencies, 50)), ''],
      ['stream commit → receipt p99', ms(percentile(streamLatencies, 99)), '< 100 ms'],
      ['stream commit → receipt max', ms(percentile(streamLatencies, 100)), ''],
      ['stream deliveries', `${streamLatencies.length} of ${streamsExpected}`, 'all'],
      ['connections dropped', `${socketsClosed.length} sockets (codes ${[...new Set(socketsClosed)].join(', ') || '-'}), ${streamsEnded} streams`, '0'],
      ['server RSS before connections', mib(rssBefore), ''],
      ['server RSS idle with all connections', mib(rssIdle), '< 1024 MiB'],
      ['server RSS under load (median / peak)', `${mib(percentile(rss, 50))} / ${mib(Math.max(...rss))}`, '< 1024 MiB'],
      ['memory per idle socket', kib(((rssWithSockets - rssBefore) * 1024) / SOCKETS), ''],
      ['memory per idle stream', kib(((rssIdle - rssWithSockets) * 1024) / STREAMS), ''],
      ['memory per idle connection (all)', kib(((rssIdle - rssBefore) * 1024) / connections), ''],
      ['event-loop lag p99 (worst 5 s window)', ms(Math.max(...lags.map((lag) => lag.p99))), ''],
      ['event-loop lag max', ms(Math.max(...lags.map((lag) => lag.max))), ''],
      ['server CPU under load', `${serverCpu.toFixed(0)} % of one core`, ''],
      [
        'event reads per committed event',
        `${((readsAfter - readsBefore) / committedAt.size).toFixed(2)} (${readsAfter - readsBefore} loads for ${SOCKETS + STREAMS} subscribers)`,
        '≤ 1 (once per instance)',
      ],
      ['machine load average (1 min)', `${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after the events`, ''],
      ['client processes CPU', `${loadCpu.toFixed(0)} % of one core (${CLIENT_PROCESSES} processes)`, ''],
    ];
    console.log(
      `\nLive connections on one instance (${new Date().toISOString()}): ${SOCKETS} POS sockets over ${seeded.locations.length} locations, ${STREAMS} dashboard streams over ${cookies.length} merchants, ${RATE} events/s for ${SECONDS} s`,
    );
    const widths = [Math.max(...rows.map((row) => row[0].length)), Math.max(...rows.map((row) => row[1].length))];
    console.log(`  ${'measure'.padEnd(widths[0]!)}  ${'value'.padEnd(widths[1]!)}  target`);
    for (const [name, value, target] of rows) console.log(`  ${name.padEnd(widths[0]!)}  ${value.padEnd(widths[1]!)}  ${target}`);
    const failures = [...socketsOpened.failed, ...streamsOpened.failed];
    if (failures.length) console.log(`  connection failures: ${failures.slice(0, 5).join('; ')}`);
    if (limit < descriptorsNeeded) {
      console.log(`  note: ${lowLimit}`);
    }
    console.log(`  note: server, PostgreSQL and the client processes share this machine's ${availableParallelism()} cores\n`);
    if (STORM) server = await stormPhase({ handle, seeded, clientProcesses, baseUrl, env, server, openAcross });
    if (ROLLING) {
      await server.stop();
      server = undefined;
      await rollingPhase({ handle, seeded, clientProcesses, env });
    }
  } finally {
    for (const client of clientProcesses) client.child.kill();
    await server?.stop();
    await handle.close();
    await database.drop();
  }
}

/**
 * The reconnect storm: every POS held by the SDK's PosNotifications, the instance restarted under them, events
 * committing throughout. Answers the new server process.
 */
async function stormPhase(context: {
  handle: Awaited<ReturnType<typeof openDatabase>>;
  seeded: Awaited<ReturnType<typeof seed>>;
  clientProcesses: ClientProcess[];
  baseUrl: string;
  env: NodeJS.ProcessEnv;
  server: Awaited<ReturnType<typeof startMeasuredServer>>;
  openAcross: (kind: 'pos', items: SocketSpec[]) => Promise<{ ok: number; failed: string[] }>;
}) {
  const { handle, seeded, clientProcesses, baseUrl, env } = context;
  let server = context.server;
  await Promise.all(clientProcesses.map((client) => client.request({ type: 'close-sockets' })));
  await sleep(3000);
  const loadBefore = loadavg()[0]!;
  let started = performance.now();
  const opened = await context.openAcross('pos', seeded.sockets);
  const openSeconds = (performance.now() - started) / 1000;
  const rssOpen = rssMiB(server.child.pid!);

  const committedAt = new Map<string, { at: number; locationIndex: number }>();
  let sequence = 0;
  const commit = (locationIndex: number) =>
    emitOrderEvent(handle.db, {
      locationId: seeded.locations[locationIndex]!.locationId,
      partnerId: seeded.posPartnerId,
      orderId: `storm-${sequence++}`,
      version: 1,
    }).then((event) => {
      committedAt.set(event.id, { at: now(), locationIndex });
      return event.id;
    });
  const everyLocation = () => forEachLimited(seeded.locations, 16, async (_, index) => void (await commit(index)));
  // One event for every location first, so each POS has a position in the feed to catch up from.
  await everyLocation();
  await sleep(3000);
  for (const client of clientProcesses) client.child.send({ type: 'storm-measure' } satisfies ToClient);
  committedAt.clear();

  // The restart: SIGTERM (drain, 1012), and one event per location committed while no instance is up.
  const restartAt = now();
  await server.stop();
  const downtimeEvents = everyLocation();
  server = await startMeasuredServer('connections', ['server.ts'], env, `${baseUrl}/readyz`);
  const readyAt = now();
  await downtimeEvents;
  const serverPid = server.child.pid!;
  const rss: number[] = [];
  const rssSampler = setInterval(() => rss.push(rssMiB(serverPid)), 1000);
  const cpuBefore = cpuMs(serverPid);
  const begin = performance.now();
  const total = (STORM_SECONDS + AFTER_STORM_SECONDS) * RATE;
  const pending: Promise<unknown>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = begin + (i * 1000) / RATE - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(commit(i % seeded.locations.length).catch(() => undefined));
  }
  await Promise.all(pending);
  const serverCpu = (cpuMs(serverPid) - cpuBefore) / 10 / ((performance.now() - begin) / 1000);
  await sleep(5000);
  clearInterval(rssSampler);
  const reports = (await Promise.all(clientProcesses.map((client) => client.request({ type: 'storm-report' })))) as Extract<
    FromClient,
    { type: 'storm-report' }
  >[];
  const terminals = reports.flatMap((report) => report.terminals);

  // Close → first event received after reconnecting (the event committed meanwhile comes by the catch-up).
  const reconnects: number[] = [];
  let neverBack = 0;
  for (const terminal of terminals) {
    const closedAt = terminal.closedAt;
    const first = closedAt === undefined ? undefined : terminal.receipts.find(([, at]) => at > closedAt);
    if (closedAt === undefined || !first) neverBack++;
    else reconnects.push(first[1] - closedAt);
  }
  const openTimes = terminals.flatMap((terminal) => (terminal.openAt === undefined ? [] : [terminal.openAt]));
  const lastOpen = Math.max(...openTimes);
  // Commit → receipt on sockets that were back when the event committed, while the others reconnect and after.
  const during: number[] = [];
  const after: number[] = [];
  let afterExpected = 0;
  for (const terminal of terminals) {
    const receivedAt = new Map(terminal.receipts);
    for (const [id, committed] of committedAt) {
      if (seeded.locations[committed.locationIndex]!.locationId !== terminal.locationId) continue;
      if (committed.at < readyAt || terminal.openAt === undefined || terminal.openAt > committed.at) continue;
      const at = receivedAt.get(id);
      if (committed.at <= lastOpen) {
        if (at !== undefined) during.push(Math.max(0, at - committed.at));
      } else {
        afterExpected++;
        if (at !== undefined) after.push(Math.max(0, at - committed.at));
      }
    }
  }
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const rows: [string, string, string][] = [
    ['SDK POS open (HELLO, PosNotifications)', `${opened.ok} of ${SOCKETS} in ${openSeconds.toFixed(1)} s (${(opened.ok / openSeconds).toFixed(0)}/s)`, ''],
    ['server RSS with the SDK POS open', `${rssOpen.toFixed(0)} MiB`, ''],
    ['restart: SIGTERM → new instance ready', `${((readyAt - restartAt) / 1000).toFixed(1)} s`, ''],
    ['reconnect: close → first event, p50', ms(percentile(reconnects, 50)), ''],
    ['reconnect: close → first event, p99', ms(percentile(reconnects, 99)), '≤ 10 s'],
    ['reconnect: close → first event, max', ms(percentile(reconnects, 100)), ''],
    ['POS not back with an event', `${neverBack} of ${terminals.length}`, '0'],
    ['HELLOs/s, new instance ready → last POS open', `${(openTimes.length / Math.max(0.001, (lastOpen - readyAt) / 1000)).toFixed(0)}`, '≥ 1,500'],
    ['events to sockets already back, p99 (during)', `${ms(percentile(during, 99))} (${during.length} receipts)`, '< 250 ms'],
    ['events after the storm, p99', `${ms(percentile(after, 99))} (${after.length} of ${afterExpected})`, '< 100 ms'],
    ['server RSS during / after the storm (peak)', `${Math.max(...rss).toFixed(0)} MiB`, ''],
    ['server CPU while the events committed', `${serverCpu.toFixed(0)} % of one core`, ''],
    ['machine load average (1 min)', `${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`, ''],
  ];
  console.log(
    `\nReconnect storm (${new Date().toISOString()}): ${SOCKETS} POS (SDK) over ${seeded.locations.length} locations, instance restarted, ${RATE} events/s`,
  );
  const widths = [Math.max(...rows.map((row) => row[0].length)), Math.max(...rows.map((row) => row[1].length))];
  for (const [name, value, target] of rows) console.log(`  ${name.padEnd(widths[0]!)}  ${value.padEnd(widths[1]!)}  ${target}`);
  if (opened.failed.length) console.log(`  failures opening: ${opened.failed.slice(0, 5).join('; ')}`);
  started = performance.now();
  return server;
}

/**
 * The rolling restart: two instances behind the test balancer (readiness on /readyz), every POS through the SDK, order
 * cycles at CYCLES a second; each instance in turn drains (SIGTERM), restarts and rejoins.
 */
async function rollingPhase(context: {
  handle: Awaited<ReturnType<typeof openDatabase>>;
  seeded: Awaited<ReturnType<typeof seed>>;
  clientProcesses: ClientProcess[];
  env: NodeJS.ProcessEnv;
}) {
  const { handle, seeded, clientProcesses } = context;
  const db = handle.db;
  await Promise.all(clientProcesses.map((client) => client.request({ type: 'stop-pos' })));
  const ports = [await freePort(), await freePort()];
  const balancer = await roundRobinBalancer(
    ports.map((port) => ({ host: '127.0.0.1', port })),
    { readiness: { path: '/readyz', intervalMs: 250 } },
  );
  // Tokens name the public address (the balancer's) as issuer: issue the terminals' again for it.
  resetConfig({ PUBLIC_URL: balancer.origin });
  const sockets: SocketSpec[] = [];
  for (const { grantId, locationId } of seeded.terminals) {
    const { token } = await issueAccessToken(db, {
      partnerId: seeded.posPartnerId,
      partnerType: 'POS',
      clientId: seeded.posClientId,
      grantId,
      locationIds: [locationId],
      ttlSeconds: 3600,
    });
    sockets.push({ locationId, token });
  }
  // The ordering app: connected everywhere, a client-credentials token.
  const appPartner = await createPartner(db, { name: 'Bench ordering app', type: 'ORDERING_APP' });
  const appClient = await createClient(db, appPartner.id);
  const [appClientRow] = await db.select({ id: clients.id }).from(clients).where(eq(clients.clientId, appClient.client_id));
  await forEachLimited(seeded.locations, 8, async ({ locationId }) => void (await createConnection(db, appPartner.id, { locationId })));
  const appGrantId = newId();
  await db.insert(grants).values({ id: appGrantId, kind: 'CLIENT_CREDENTIALS', partnerId: appPartner.id, clientId: appClientRow!.id });
  const appToken = (
    await issueAccessToken(db, {
      partnerId: appPartner.id,
      partnerType: 'ORDERING_APP',
      clientId: appClient.client_id,
      grantId: appGrantId,
      locationIds: [],
      ttlSeconds: 3600,
    })
  ).token;

  const env = (port: number) => ({
    ...context.env,
    PORT: String(port),
    PUBLIC_URL: balancer.origin,
    // Time for the balancer's check (every 250 ms) to see the 503 before the instance stops accepting.
    DRAIN_DELAY_MS: process.env.BENCH_DRAIN_DELAY_MS ?? '2000',
  });
  const instances = await Promise.all(ports.map((port) => startMeasuredServer('rolling', ['server.ts'], env(port), `http://127.0.0.1:${port}/readyz`)));
  let trafficOn = true;
  let sampling = true;
  try {
    const opened = await Promise.all(
      split(sockets, clientProcesses.length).map((part, index) => clientProcesses[index]!.request({ type: 'pos', baseUrl: balancer.origin, items: part })),
    );
    const openedOk = (opened as Extract<FromClient, { type: 'opened' }>[]).reduce((sum, answer) => sum + answer.ok, 0);
    await sleep(3000);
    for (const client of clientProcesses) client.child.send({ type: 'storm-measure' } satisfies ToClient);

    // Order cycles: the app places an order, a POS of the location accepts it. Each SDK call may be re-sent once.
    const app = createCounterpartClient({ baseUrl: balancer.origin, auth: appToken, retry: { retries: 1, baseDelayMs: 100 } });
    const posOf = new Map<string, ReturnType<typeof createCounterpartClient>>();
    for (const spec of sockets)
      if (!posOf.has(spec.locationId))
        posOf.set(spec.locationId, createCounterpartClient({ baseUrl: balancer.origin, auth: spec.token, retry: { retries: 1, baseDelayMs: 100 } }));
    const failures: string[] = [];
    const orderIds: string[] = [];
    let cycles = 0;
    const cycle = async (index: number) => {
      const order = structuredClone(sampleOrderRequests.newOrder) as Record<string, any>;
      const locationId = seeded.locations[index % seeded.locations.length]!.locationId;
      order.locationId = locationId;
      order.origin.orderId = `rolling-${index}`;
      try {
        const { data } = await app.POST('/orders', { body: order as never });
        const orderId = (data as { id: string }).id;
        orderIds.push(orderId);
        await posOf.get(locationId)!.PATCH('/orders/{orderId}', {
          params: { path: { orderId } },
          body: { status: 'ACCEPTED' } as never,
          headers: { 'content-type': 'application/merge-patch+json' },
        });
      } catch (error) {
        failures.push(`cycle ${index}: ${String(error)}`);
      }
    };
    const inFlight = new Set<Promise<void>>();
    const trafficStart = performance.now();
    const traffic = (async () => {
      while (trafficOn) {
        const wait = trafficStart + (cycles * 1000) / CYCLES - performance.now();
        if (wait > 0) await sleep(wait);
        const running = cycle(cycles++).finally(() => inFlight.delete(running));
        inFlight.add(running);
      }
    })();
    const locationIds = seeded.locations.map((location) => location.locationId);
    const redSamples: number[] = [];
    const sampler = (async () => {
      while (sampling) {
        const [row] = rowsOf<{ red: number }>(
          await db.execute(sql`
            select count(*)::int as red from unnest(${sql.param(locationIds)}::text[]) as l(id)
            where not exists (select 1 from pos_presence p where p.location_id = l.id and ${freshPresence(sql`p.heartbeat_at`)})`),
        );
        redSamples.push(row!.red);
        await sleep(500);
      }
    })().catch((error: unknown) => console.error('sampling presence failed', error));

    await sleep(5000);
    const restarts: string[] = [];
    for (const index of [0, 1]) {
      const began = performance.now();
      await instances[index]!.stop();
      const stopped = performance.now();
      instances[index] = await startMeasuredServer('rolling', ['server.ts'], env(ports[index]!), `http://127.0.0.1:${ports[index]}/readyz`);
      const ready = performance.now();
      while (!balancer.routable(index)) await sleep(50);
      restarts.push(
        `instance ${index + 1}: drained in ${((stopped - began) / 1000).toFixed(1)} s, ready ${((ready - stopped) / 1000).toFixed(1)} s later, routable after ${((performance.now() - ready) / 1000).toFixed(1)} s`,
      );
      await sleep(5000);
    }
    await sleep(5000);
    trafficOn = false;
    await traffic;
    await Promise.all(inFlight);
    const seconds = (performance.now() - trafficStart) / 1000;
    sampling = false;
    await sampler;
    await sleep(5000);
    const reports = (await Promise.all(clientProcesses.map((client) => client.request({ type: 'storm-report' })))) as Extract<
      FromClient,
      { type: 'storm-report' }
    >[];
    const terminals = reports.flatMap((report) => report.terminals);

    // Every event addressed to the POS about these orders, on every socket of its location (at least once).
    const addressed = rowsOf<{ id: string; location_id: string }>(
      await db.execute(sql`
        select e.id, e.location_id from events e join event_recipients r on r.event_id = e.id
        where r.partner_id = ${seeded.posPartnerId} and e.payload->'data'->>'id' = any(${sql.param(orderIds)}::text[])`),
    );
    const terminalsAt = new Map<string, StormTerminal[]>();
    for (const terminal of terminals) terminalsAt.set(terminal.locationId, [...(terminalsAt.get(terminal.locationId) ?? []), terminal]);
    const receivedBy = new Map(terminals.map((terminal) => [terminal, new Set(terminal.receipts.map(([id]) => id))]));
    let lost = 0;
    let duplicates = 0;
    for (const { id, location_id } of addressed) for (const terminal of terminalsAt.get(location_id) ?? []) if (!receivedBy.get(terminal)!.has(id)) lost++;
    for (const terminal of terminals) duplicates += terminal.receipts.length - receivedBy.get(terminal)!.size;
    const away = terminals.flatMap((terminal) => terminal.away.map(([from, to]) => to - from));
    // The longest time each location had none of its POS connected: the overlap of its terminals' times away.
    let longestDark = 0;
    for (const group of terminalsAt.values()) {
      const edges = group
        .flatMap((terminal) => terminal.away.flatMap(([from, to]) => [[from, 1] as const, [to, -1] as const]))
        .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      let depth = 0;
      let darkFrom = 0;
      for (const [at, step] of edges) {
        depth += step;
        if (step === 1 && depth === group.length) darkFrom = at;
        if (step === -1 && depth === group.length - 1 && darkFrom) {
          longestDark = Math.max(longestDark, at - darkFrom);
          darkFrom = 0;
        }
      }
    }
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    const rows: [string, string, string][] = [
      ['SDK POS open through the balancer', `${openedOk} of ${sockets.length}`, ''],
      ['order cycles (POST + PATCH)', `${cycles} in ${seconds.toFixed(0)} s (${(cycles / seconds).toFixed(1)}/s)`, `${CYCLES}/s`],
      ['failed partner calls', `${failures.length}`, '0'],
      ['events lost (addressed, not received by a POS of the location)', `${lost} of ${addressed.length * SOCKETS_PER_LOCATION}`, '0'],
      ['events received more than once (at least once allowed)', `${duplicates}`, ''],
      ['POS close → open again, p50 / p99 / max', `${ms(percentile(away, 50))} / ${ms(percentile(away, 99))} / ${ms(percentile(away, 100))}`, 'max ≤ 10 s'],
      ['reconnections', `${away.length}`, `${sockets.length * 2}`],
      ['longest a location had no socket', ms(longestDark), ''],
      ['locations RED (samples every 0.5 s, total)', `${redSamples.reduce((sum, red) => sum + red, 0)} in ${redSamples.length} samples`, '0'],
    ];
    console.log(
      `\nRolling restart (${new Date().toISOString()}): two instances behind the test balancer, ${sockets.length} POS (SDK), ${CYCLES} order cycles/s`,
    );
    const widths = [Math.max(...rows.map((row) => row[0].length)), Math.max(...rows.map((row) => row[1].length))];
    for (const [name, value, target] of rows) console.log(`  ${name.padEnd(widths[0]!)}  ${value.padEnd(widths[1]!)}  ${target}`);
    for (const line of restarts) console.log(`  ${line}`);
    if (failures.length) console.log(`  failures: ${failures.slice(0, 5).join('; ')}`);
    console.log(`  machine load average (1 min): ${loadavg()[0]!.toFixed(1)}\n`);
  } finally {
    trafficOn = false;
    sampling = false;
    await Promise.all(instances.map((instance) => instance.stop()));
    await balancer.close();
  }
}

if (process.argv.includes('--client')) {
  runClientProcess();
} else {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
