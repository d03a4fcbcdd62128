/**
 * Server CPU per partner call, one call at a time: `GET /connect/orders/{id}` and `POST /connect/orders` against the
 * node:http baseline of bench/orders.ts, the same baseline hosted as the real server is (Next's process-wide patches
 * loaded, each request in an AsyncLocalStorage), the fast path as `npm start` runs it, and the fast path with the API
 * request log off. Without concurrency there is no queueing to blur the figure: what a call costs the server is what
 * the fast path adds to the baseline's. The servers take turns over five rounds and medians are reported.
 *
 *   npx tsx bench/call-cost.ts   (needs `node scripts/ensure-build.mjs` first and PostgreSQL at BENCH_DATABASE_URL,
 *                                 default postgres://postgres@127.0.0.1:5432/postgres; about four minutes)
 */
import { createOrder } from '@/lib/orders/create-order';
import { sampleOrderRequest } from '@/lib/orders/sample-order';
import { type ServerKind, SERVER_LABEL, startOrderingServer } from './ordering-servers';
import { cpuPerUnit, percentile } from './support';

const ROUNDS = 5;
const CALLS_PER_ROUND = 1000;
const WARM_UP_CALLS = 300;

type Kind = Extract<ServerKind, 'baseline' | 'hosted' | 'server' | 'unlogged'>;
const KINDS: readonly Kind[] = ['baseline', 'hosted', 'server', 'unlogged'];

/** A server with an order to read, and the calls to measure on it. */
async function startTarget(kind: Kind) {
  const server = await startOrderingServer(kind, async (db, world) => {
    const scope = { kind: 'PARTNER_CONNECTIONS', partnerId: world.app.partnerId } as const;
    return (await createOrder(db, { partnerId: world.app.partnerId, partnerName: world.app.name, scope }, sampleOrderRequest(world.locationId))).order.id;
  });
  const call = async (method: 'GET' | 'POST') => {
    const response =
      method === 'GET'
        ? await fetch(`${server.baseUrl}/connect/orders/${server.prepared}`, { headers: { authorization: `Bearer ${server.pos.token}` } })
        : await fetch(`${server.baseUrl}/connect/orders`, {
            method: 'POST',
            headers: { authorization: `Bearer ${server.app.token}`, 'content-type': 'application/json' },
            body: JSON.stringify(sampleOrderRequest(server.locationId)),
          });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${kind} ${method} → ${response.status} ${text.slice(0, 200)}`);
  };
  return {
    kind,
    /** Server CPU µs per call over `count` calls made one after another. */
    async cost(method: 'GET' | 'POST', count: number) {
      const cpu = await cpuPerUnit(server.pid, async () => {
        for (let i = 0; i < count; i++) await call(method);
        return count;
      });
      return cpu.server * 1000;
    },
    stop: server.stop,
  };
}

async function main() {
  process.env.LOG_LEVEL = 'warn';
  const targets: Awaited<ReturnType<typeof startTarget>>[] = [];
  try {
    for (const kind of KINDS) targets.push(await startTarget(kind));
    for (const target of targets) for (const method of ['GET', 'POST'] as const) await target.cost(method, WARM_UP_CALLS);
    const costs = new Map(KINDS.map((kind) => [kind, { GET: [] as number[], POST: [] as number[] }]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of targets)
        for (const method of ['GET', 'POST'] as const) costs.get(target.kind)![method].push(await target.cost(method, CALLS_PER_ROUND));
    }
    const median = (kind: Kind, method: 'GET' | 'POST') => percentile(costs.get(kind)![method], 50);
    console.log(
      `\nServer CPU per call, one call at a time (${new Date().toISOString()}): µs, medians of ${ROUNDS} alternating rounds of ${CALLS_PER_ROUND} calls`,
    );
    for (const method of ['GET', 'POST'] as const) {
      const path = method === 'GET' ? 'GET /connect/orders/{id}' : 'POST /connect/orders';
      console.log(`  ${path}`);
      for (const kind of KINDS) {
        const rounds = costs.get(kind)![method].map((value) => value.toFixed(0));
        const ratio = (median(kind, method) / median('baseline', method)).toFixed(2);
        console.log(
          `    ${SERVER_LABEL[kind].padEnd(16)} ${median(kind, method).toFixed(0).padStart(6)}   ${ratio}× the baseline   (rounds: ${rounds.join(', ')})`,
        );
      }
      const log = median('server', method) - median('unlogged', method);
      const wrapper = median('unlogged', method) - median('hosted', method);
      console.log(`    the fast path adds ${wrapper.toFixed(0)} µs to the hosted baseline without the request log, and the log ${log.toFixed(0)} µs more`);
    }
  } finally {
    for (const target of targets) await target.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
