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
 * The sockets and streams are held by BENCH_CLIENT_PROCESSES child processes (default one per 5,000 connections), so
 * the figures measure the server, not the load generator. Each open connection takes a file descriptor in the server
 * and one in a client process; the output says when `ulimit -n` is too low for that.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import WebSocket from 'ws';
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

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const STREAMS = Number(process.env.BENCH_STREAMS ?? Math.ceil(SOCKETS / 10));
const SOCKETS_PER_LOCATION = 5;
const LOCATIONS_PER_MERCHANT = 20;
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
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
  | { type: 'report' };
type FromClient =
  | { type: 'opened'; ok: number; failed: string[] }
  | { type: 'report'; socketReceipts: [string, number][]; streamReceipts: [string, number][]; socketsClosed: number[]; streamsEnded: number };

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

  process.on('message', (message: ToClient) => {
    switch (message.type) {
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
  return { posPartnerId: pos.id, locations, sockets, emails: users.map((user) => user.email) };
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
  const env = benchServerEnv(database.url, port, { METRICS_TOKEN });
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

    const openAcross = async (kind: 'sockets' | 'streams', items: SocketSpec[] | string[]) => {
      const answers = await Promise.all(
        split(items as unknown[], clientProcesses.length).map((part, index) =>
          clientProcesses[index]!.request(
            kind === 'sockets' ? { type: 'sockets', baseUrl, items: part as SocketSpec[] } : { type: 'streams', baseUrl, cookies: part as string[] },
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
  } finally {
    for (const client of clientProcesses) client.child.kill();
    await server?.stop();
    await handle.close();
    await database.drop();
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
