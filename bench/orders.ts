/**
 * Ordering benchmark: full order cycles — app POST → POS webhook → POS GET → PATCH ACCEPTED → PATCH READY —
 * against the built server as `npm start` runs it (API route handlers called by server.ts), the same server with
 * API_FAST_PATH=false (every request through Next's pipeline, as before the fast path), the fast path with the API
 * request log off (API_LOG_ENABLED=false, to price the log) and, in the same run, a
 * minimal node:http baseline that calls the same lib functions (same SQL, no Next.js). Prints cycles/s, the ratios to
 * the baseline and the CPU a cycle costs (the servers take turns over five rounds; each ratio is the median of the rounds'
 * ratios, a round's servers having run within a minute of each other), p50/p99 of
 * each call at a fixed 50 cycles/s, and the server's RSS under that load. Everything runs on 127.0.0.1 and takes
 * about seven minutes.
 *
 *   npx tsx bench/orders.ts            (needs `node scripts/ensure-build.mjs` first and PostgreSQL at BENCH_DATABASE_URL,
 *                                       default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_PROFILE_DIR=/tmp/prof npx tsx bench/orders.ts   (each server writes its CPU profiles to a folder there)
 *   BENCH_NODE_FLAGS=--trace-gc npx tsx bench/orders.ts    (node flags for every server, after npm start's own)
 *   BENCH_HOSTED_BASELINE=true npx tsx bench/orders.ts    (adds the baseline with Next's process-wide patches loaded and
 *                                                          each request in an AsyncLocalStorage, as in the real server)
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { installDatabase, openDatabase } from '@/db/client';
import { verifyAccessToken } from '@/lib/auth/access-tokens';
import { ensureSigningKey } from '@/lib/auth/signing-keys';
import { backgroundLoops } from '@/lib/background-loops';
import { startLoops } from '@/lib/background/runner';
import { config } from '@/lib/config';
import { createWebhookEndpoint } from '@/lib/events/webhook-endpoints';
import { ApiError } from '@/lib/http/errors';
import { inRequest } from '@/lib/request-context';
import { logger } from '@/lib/log';
import { changeOrderStatus } from '@/lib/orders/change-status';
import { createOrder } from '@/lib/orders/create-order';
import { orderResource } from '@/lib/orders/order-record';
import { findVisibleOrder } from '@/lib/orders/partner-access';
import { createOrderRequestSchema, patchOrderRequestSchema, toOrderResponse } from '@/lib/orders/schema';
import { type ServerKind, SERVER_LABEL, startOrderingServer } from './ordering-servers';
import { cpuPerUnit, type CpuPerUnit, formatCpu, percentile, rssMiB, sleep } from './support';

const ROUNDS = 5;
const ROUND_SECONDS = 8;
const THROUGHPUT_CONCURRENCY = 24;
const RATE_PER_SECOND = Number(process.env.BENCH_RATE ?? 50);
const RATE_SECONDS = 12;
// The fixed-rate phase takes turns too: a hiccup of this machine lands in one round, not on one server.
const RATE_ROUNDS = 3;
const WEBHOOK_TIMEOUT_MS = 10_000;
const CALLS = ['POST /orders', 'webhook (POST → received)', 'GET /orders/{id}', 'PATCH ACCEPTED', 'PATCH READY'] as const;
type Call = (typeof CALLS)[number];
type RoundResult = Awaited<ReturnType<typeof throughputRound>>;

// ---------- the baseline server: the same lib calls behind plain node:http ----------

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function runBaselineServer(hosted: boolean) {
  if (hosted) await import('next/dist/server/node-environment');
  const settings = config();
  const handle = await openDatabase({ url: settings.DATABASE_URL!, dataDir: 'unused' });
  installDatabase(handle);
  await ensureSigningKey(handle.db);
  const loops = startLoops(backgroundLoops(handle), logger());
  const db = handle.db;
  const server = createServer((request, response) => (hosted ? inRequest(randomUUID(), () => answer(request, response)) : answer(request, response)));
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const send = (status: number, body?: unknown) => {
      response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
      response.end(body === undefined ? undefined : JSON.stringify(body));
    };
    try {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      if (path === '/ready') return send(200, { ok: true });
      const body = await readBody(request);
      const principal = await verifyAccessToken(db, (request.headers.authorization ?? '').replace(/^Bearer /, ''));
      const orderId = path.match(/^\/connect\/orders\/([^/]+)$/)?.[1];
      if (request.method === 'POST' && path === '/connect/orders') {
        const parsed = createOrderRequestSchema.safeParse(JSON.parse(body));
        if (!parsed.success) return send(400, { errors: parsed.error.issues });
        const { order } = await createOrder(db, principal, parsed.data);
        return send(201, toOrderResponse(orderResource(order), '1.0'));
      }
      if (request.method === 'GET' && orderId) return send(200, toOrderResponse(orderResource(await findVisibleOrder(db, principal, orderId)), '1.0'));
      if (request.method === 'PATCH' && orderId) {
        const parsed = patchOrderRequestSchema.safeParse(JSON.parse(body));
        if (!parsed.success) return send(400, { errors: parsed.error.issues });
        await changeOrderStatus(db, principal, orderId, parsed.data);
        return send(204);
      }
      send(404, { error: 'not found' });
    } catch (error) {
      send(error instanceof ApiError ? error.status : 500, { error: String(error) });
    }
  };
  server.listen(settings.PORT, '127.0.0.1');
  process.on('SIGTERM', () => {
    server.close();
    void loops
      .stop()
      .then(() => handle.close())
      .then(() => process.exit(0));
  });
}

// ---------- the load generator ----------

/** The POS's webhook receiver: resolves the cycle waiting for each new order's ORDER_CREATED. */
function webhookReceiver() {
  const arrived = new Map<string, number>();
  const waiters = new Map<string, (at: number) => void>();
  const server = createServer(async (request, response) => {
    const event = JSON.parse(await readBody(request)) as { type: string; data: { id: string } };
    response.writeHead(204).end();
    if (event.type !== 'ORDER_CREATED') return;
    const at = performance.now();
    const waiter = waiters.get(event.data.id);
    if (waiter) waiter(at);
    else arrived.set(event.data.id, at);
  });
  return {
    server,
    waitFor(orderId: string): Promise<number> {
      const at = arrived.get(orderId);
      if (at !== undefined) {
        arrived.delete(orderId);
        return Promise.resolve(at);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no webhook for ${orderId}`)), WEBHOOK_TIMEOUT_MS);
        waiters.set(orderId, (time) => {
          clearTimeout(timer);
          waiters.delete(orderId);
          resolve(time);
        });
      });
    },
  };
}

interface Target {
  name: string;
  baseUrl: string;
  locationId: string;
  appToken: string;
  posToken: string;
}

let sequence = 0;

async function cycle(target: Target, receiver: ReturnType<typeof webhookReceiver>, latencies: Map<Call, number[]> | null) {
  const record = (call: Call, started: number, ended = performance.now()) => latencies?.get(call)!.push(ended - started);
  const call = async (call: Call, method: string, path: string, token: string, body?: unknown) => {
    const started = performance.now();
    const response = await fetch(`${target.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    record(call, started);
    if (response.status >= 300) throw new Error(`${call} → ${response.status} ${text.slice(0, 200)}`);
    return text;
  };
  const posted = performance.now();
  const order = JSON.parse(
    await call('POST /orders', 'POST', '/connect/orders', target.appToken, {
      locationId: target.locationId,
      origin: { orderId: `bench-${process.pid}-${++sequence}`, orderReference: `B${sequence}` },
      fulfilment: { type: 'PICK_UP' },
      customers: [{ firstName: 'Bench' }],
      items: [
        {
          id: 'i1',
          sku: 'FW',
          description: 'Flat white',
          quantity: 2,
          unitPrice: { amount: 480 },
          modifiers: [{ id: 'm1', sku: 'OAT', description: 'Oat milk', quantity: 1, unitPrice: { amount: 80 } }],
        },
        { id: 'i2', sku: 'BRK', description: 'Big breakfast', quantity: 1, unitPrice: { amount: 2450 } },
      ],
      total: { amount: 3570 },
    }),
  ) as { id: string };
  record('webhook (POST → received)', posted, await receiver.waitFor(order.id));
  await call('GET /orders/{id}', 'GET', `/connect/orders/${order.id}`, target.posToken);
  await call('PATCH ACCEPTED', 'PATCH', `/connect/orders/${order.id}`, target.posToken, { status: 'ACCEPTED' });
  await call('PATCH READY', 'PATCH', `/connect/orders/${order.id}`, target.posToken, { status: 'READY' });
}

// BENCH_HOSTED_BASELINE=true adds the baseline carrying what hosting Next costs every call of the process, fast path or
// not: Next's process-wide patches (Date, crypto, random, setImmediate/nextTick) and a live AsyncLocalStorage.
const KINDS: readonly ServerKind[] = ['baseline', ...(process.env.BENCH_HOSTED_BASELINE === 'true' ? (['hosted'] as const) : []), 'server', 'unlogged', 'next'];

async function startTarget(kind: ServerKind, receiverUrl: string) {
  const server = await startOrderingServer(kind, (db, world) => createWebhookEndpoint(db, world.pos.partnerId, { url: receiverUrl }));
  return {
    kind,
    pid: server.pid,
    target: { name: kind, baseUrl: server.baseUrl, locationId: server.locationId, appToken: server.app.token, posToken: server.pos.token } satisfies Target,
    stop: server.stop,
  };
}
type RunningTarget = Awaited<ReturnType<typeof startTarget>>;

/** Closed loop: as many cycles as THROUGHPUT_CONCURRENCY workers complete in ROUND_SECONDS. */
async function throughputRound(server: RunningTarget, receiver: ReturnType<typeof webhookReceiver>) {
  let completed = 0;
  let failed = 0;
  const endAt = performance.now() + ROUND_SECONDS * 1000;
  const cpu = await cpuPerUnit(server.pid, async () => {
    await Promise.all(
      Array.from({ length: THROUGHPUT_CONCURRENCY }, async () => {
        while (performance.now() < endAt) {
          await cycle(server.target, receiver, null).then(
            () => completed++,
            () => failed++,
          );
        }
      }),
    );
    return completed;
  });
  return { cyclesPerSecond: completed / ROUND_SECONDS, cpu, failed };
}

/** Open loop at a fixed rate: latency of each call and the server's memory. */
async function fixedRate(server: RunningTarget, receiver: ReturnType<typeof webhookReceiver>) {
  const latencies = new Map<Call, number[]>(CALLS.map((call) => [call, []]));
  const rss: number[] = [];
  let failed = 0;
  const sampler = setInterval(() => rss.push(rssMiB(server.pid)), 250);
  const running: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < RATE_PER_SECOND * RATE_SECONDS; i++) {
    const due = started + (i * 1000) / RATE_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    running.push(cycle(server.target, receiver, latencies).catch(() => void failed++));
  }
  await Promise.all(running);
  clearInterval(sampler);
  return { latencies, failed, rssPeak: Math.max(...rss), rssMedian: percentile(rss, 50) };
}

const median = (values: number[]) => percentile(values, 50);

async function main() {
  process.env.LOG_LEVEL = 'warn';
  const receiver = webhookReceiver();
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/webhook`;
  const servers: RunningTarget[] = [];
  try {
    for (const kind of KINDS) servers.push(await startTarget(kind, receiverUrl));
    for (const server of servers) for (let i = 0; i < 30; i++) await cycle(server.target, receiver, null);
    // This machine's speed drifts over a run, so the two servers take turns: each drift hits both alike.
    const rounds = new Map<ServerKind, RoundResult[]>(KINDS.map((kind) => [kind, []]));
    for (let round = 0; round < ROUNDS; round++) for (const server of servers) rounds.get(server.kind)!.push(await throughputRound(server, receiver));
    const rateRounds = new Map<ServerKind, Awaited<ReturnType<typeof fixedRate>>[]>(KINDS.map((kind) => [kind, []]));
    for (let round = 0; round < RATE_ROUNDS; round++) {
      for (const server of round % 2 ? [...servers].reverse() : servers) rateRounds.get(server.kind)!.push(await fixedRate(server, receiver));
    }
    // Per call, the median over the rounds of each round's p50 and p99; memory, the median and the highest peak.
    const rates = new Map(
      KINDS.map((kind) => {
        const runs = rateRounds.get(kind)!;
        const perRound = (call: Call, p: number) => runs.map((run) => percentile(run.latencies.get(call)!, p));
        return [
          kind,
          {
            latency: (call: Call, p: number) => median(perRound(call, p)),
            p99Rounds: (call: Call) => perRound(call, 99),
            failed: runs.reduce((sum, run) => sum + run.failed, 0),
            rssPeak: Math.max(...runs.map((run) => run.rssPeak)),
            rssMedian: median(runs.map((run) => run.rssMedian)),
          },
        ] as const;
      }),
    );

    const summary = (kind: ServerKind) => {
      const results = rounds.get(kind)!;
      const cpu = (part: keyof CpuPerUnit) => median(results.map((result) => result.cpu[part]));
      return {
        rounds: results.map((result) => result.cyclesPerSecond),
        cyclesPerSecond: median(results.map((result) => result.cyclesPerSecond)),
        cpu: { server: cpu('server'), postgres: cpu('postgres'), load: cpu('load') },
        ...rates.get(kind)!,
        failed: results.reduce((sum, result) => sum + result.failed, 0) + rates.get(kind)!.failed,
      };
    };
    const results = new Map(KINDS.map((kind) => [kind, summary(kind)]));
    const fmt = (value: number) => value.toFixed(1).padStart(7);
    const roundsOf = (kind: ServerKind) =>
      results
        .get(kind)!
        .rounds.map((value) => value.toFixed(1))
        .join(', ');
    // A round's servers run within a minute of each other: its ratio is free of the drift between rounds (±15% here).
    const pairedMedian = (kind: ServerKind, of: (result: RoundResult) => number, against: ServerKind = 'baseline') => {
      const own = rounds.get(kind)!;
      return median(rounds.get(against)!.map((base, index) => of(own[index]!) / of(base)));
    };
    const ratio = (kind: ServerKind) => pairedMedian(kind, (result) => result.cyclesPerSecond).toFixed(2);
    const cpuRatio = (kind: ServerKind) => pairedMedian(kind, (result) => result.cpu.server).toFixed(2);
    console.log(
      `\nOrdering benchmark on PostgreSQL (${new Date().toISOString()}): ${ROUNDS} alternating rounds of ${THROUGHPUT_CONCURRENCY} concurrent cycles for ${ROUND_SECONDS} s each, then ${RATE_ROUNDS} alternating rounds of ${RATE_PER_SECOND} cycles/s for ${RATE_SECONDS} s`,
    );
    console.log(`  full cycles/s (median)   ${KINDS.map((kind) => `${SERVER_LABEL[kind]} ${results.get(kind)!.cyclesPerSecond.toFixed(1)}`).join('   ')}`);
    console.log(`  ratio to the baseline    fast path ${ratio('server')} (target ≥ 0.85)   Next pipeline ${ratio('next')}   (medians of the rounds' ratios)`);
    const logCost = 1 - pairedMedian('server', (result) => result.cyclesPerSecond, 'unlogged');
    console.log(`  API request log cost     ${(logCost * 100).toFixed(1)}% fewer cycles/s with it on (target ≤ 5%; median of the rounds)`);
    console.log(`  rounds                   ${KINDS.map((kind) => `${SERVER_LABEL[kind]} ${roundsOf(kind)}`).join('   ')}`);
    console.log(`  failed cycles            ${KINDS.map((kind) => `${SERVER_LABEL[kind]} ${results.get(kind)!.failed}`).join('   ')}`);
    console.log(`  CPU ms per cycle (median)`);
    for (const kind of KINDS) console.log(`    ${SERVER_LABEL[kind].padEnd(14)} ${formatCpu(results.get(kind)!.cpu)}`);
    console.log(
      `  server CPU per cycle vs the baseline   fast path ${cpuRatio('server')}× (target ≤ 1.3×)   Next pipeline ${cpuRatio('next')}×   (medians of the rounds' ratios)`,
    );
    if (results.has('hosted')) {
      const overHosted = (of: (result: RoundResult) => number) => pairedMedian('server', of, 'hosted').toFixed(2);
      console.log(
        `  hosted baseline vs the baseline        cycles/s ${ratio('hosted')}   server CPU ${cpuRatio('hosted')}×;   fast path vs the hosted baseline: cycles/s ${overHosted((result) => result.cyclesPerSecond)}, server CPU ${overHosted((result) => result.cpu.server)}×`,
      );
    }
    for (const kind of KINDS) {
      if (results.get(kind)!.cyclesPerSecond < RATE_PER_SECOND) {
        console.log(`  note: ${SERVER_LABEL[kind]} completes fewer than ${RATE_PER_SECOND} cycles/s here, so its latencies below are mostly queueing`);
      }
    }
    console.log(`\n  latency at ${RATE_PER_SECOND} cycles/s (ms, target p99 < 50; medians of ${RATE_ROUNDS} alternating rounds of ${RATE_SECONDS} s)`);
    console.log(`  ${''.padEnd(34)} ${KINDS.map((kind) => `${SERVER_LABEL[kind].padStart(13)} p50     p99`).join(' |')}`);
    for (const call of CALLS) {
      const cells = KINDS.map((kind) => `      ${fmt(results.get(kind)!.latency(call, 50))} ${fmt(results.get(kind)!.latency(call, 99))}`);
      console.log(`  ${call.padEnd(34)} ${cells.join(' |')}`);
    }
    console.log(`  p99 of each round`);
    for (const call of CALLS) {
      const cells = KINDS.map(
        (kind) =>
          `${SERVER_LABEL[kind]} ${results
            .get(kind)!
            .p99Rounds(call)
            .map((value) => value.toFixed(0))
            .join('/')}`,
      );
      console.log(`    ${call.padEnd(32)} ${cells.join('   ')}`);
    }
    console.log(
      `\n  server RSS under load (MiB, target < 500)   ${KINDS.map((kind) => `${SERVER_LABEL[kind]} median ${results.get(kind)!.rssMedian.toFixed(0)} peak ${results.get(kind)!.rssPeak.toFixed(0)}`).join('   ')}\n`,
    );
  } finally {
    receiver.server.close();
    for (const server of servers) await server.stop();
  }
}

if (process.argv.includes('--baseline')) {
  void runBaselineServer(process.argv.includes('--hosted'));
} else {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
