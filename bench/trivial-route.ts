/**
 * Trivial-route benchmark: requests/s and server CPU per request of GET /healthz on the built server as `npm start`
 * runs it (the route handler called by server.ts) and with API_FAST_PATH=false (through Next's pipeline), taking
 * turns over alternating rounds, medians reported. Closed loop of CONCURRENCY keep-alive connections on 127.0.0.1,
 * each round bounded by ROUND_SECONDS and MAX_REQUESTS_PER_ROUND. About a minute.
 *
 *   npx tsx bench/trivial-route.ts      (needs a build and PostgreSQL at BENCH_DATABASE_URL)
 */
import { Agent, request as httpRequest } from 'node:http';
import { benchDatabase, benchServerEnv, cpuPerUnit, freePort, percentile, startMeasuredServer } from './support';

const ROUNDS = 5;
const ROUND_SECONDS = 5;
const CONCURRENCY = 16;
const MAX_REQUESTS_PER_ROUND = 200_000;
const KINDS = ['fast path', 'Next pipeline'] as const;
type Kind = (typeof KINDS)[number];

function get(agent: Agent, port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end();
  });
}

async function round(port: number, pid: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let completed = 0;
  let failed = 0;
  const started = performance.now();
  const endAt = started + ROUND_SECONDS * 1000;
  const cpu = await cpuPerUnit(pid, async () => {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < endAt && completed + failed < MAX_REQUESTS_PER_ROUND) {
          const status = await get(agent, port, '/healthz').catch(() => 0);
          if (status === 200) completed++;
          else failed++;
        }
      }),
    );
    return completed;
  });
  agent.destroy();
  return { perSecond: completed / ((performance.now() - started) / 1000), cpuMs: cpu.server, failed };
}

async function main() {
  const database = await benchDatabase();
  const servers: { kind: Kind; port: number; pid: number; stop(): Promise<void> }[] = [];
  try {
    for (const kind of KINDS) {
      const port = await freePort();
      const env = benchServerEnv(database.url, port, { API_FAST_PATH: kind === 'fast path' ? 'true' : 'false' });
      const server = await startMeasuredServer(kind, ['server.ts'], env, `${env.PUBLIC_URL}/readyz`);
      servers.push({ kind, port, pid: server.child.pid!, stop: server.stop });
    }
    for (const server of servers) for (let i = 0; i < 500; i++) await get(new Agent(), server.port, '/healthz');
    const results = new Map<Kind, Awaited<ReturnType<typeof round>>[]>(KINDS.map((kind) => [kind, []]));
    for (let index = 0; index < ROUNDS; index++) for (const server of servers) results.get(server.kind)!.push(await round(server.port, server.pid));

    console.log(
      `\nGET /healthz (${new Date().toISOString()}): ${ROUNDS} alternating rounds of ${CONCURRENCY} keep-alive connections for ${ROUND_SECONDS} s each`,
    );
    for (const kind of KINDS) {
      const rounds = results.get(kind)!;
      const rates = rounds.map((result) => result.perSecond);
      console.log(
        `  ${kind.padEnd(14)} requests/s median ${percentile(rates, 50).toFixed(0)} (rounds ${rates.map((rate) => rate.toFixed(0)).join(', ')})` +
          `   server CPU ms per request ${percentile(
            rounds.map((result) => result.cpuMs),
            50,
          ).toFixed(3)}   failed ${rounds.reduce((sum, result) => sum + result.failed, 0)}`,
      );
    }
    const median = (kind: Kind) =>
      percentile(
        results.get(kind)!.map((result) => result.perSecond),
        50,
      );
    console.log(`  fast path / Next pipeline: ${(median('fast path') / median('Next pipeline')).toFixed(2)}×\n`);
  } finally {
    for (const server of servers) await server.stop();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
