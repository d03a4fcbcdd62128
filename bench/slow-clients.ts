/**
 * What one greedy client can take from the built server as `npm start` runs it (embedded database, in memory):
 *
 * 1. `/docs` as fast as BENCH_DOCS_CONCURRENCY (default 4) loops can fetch it for BENCH_SECONDS (default 10), with its
 *    rate limit lifted: requests/s, and `/healthz` p50/p99 from another address meanwhile.
 * 2. BENCH_SLOW_SOCKETS (default 1,500) connections from 127.0.0.1 that send half their headers and wait, against the
 *    default MAX_CONNECTIONS_PER_ADDRESS (or BENCH_CAP): how many the server holds, how many it refuses, and `/healthz`
 *    p50/p99 from 127.0.0.2 while they are held.
 *
 *   npx tsx bench/slow-clients.ts          (needs `node scripts/ensure-build.mjs` first; run from the server's folder)
 *
 * On a busy 2-core machine (load average about 20): `/docs` rendered per request answered 1.7–3.7 requests/s, with
 * `/healthz` p99 at 2.3–3.6 s meanwhile; served from its copy, 91–399 requests/s and `/healthz` p99 112–266 ms. Of
 * 1,500 slow senders from one address the server held 1,000 and refused 500 with 429, `/healthz` from 127.0.0.2
 * answering every probe (p50 1.6 ms, p99 16.7 ms), and cut the held ones 10 s after they opened. With the open-file
 * limit at 1,400 and the per-address cap off, it held 1,144 and closed the oldest silent ones for new connections
 * (`/healthz` p99 73 ms, none failed); the server before these bounds held 1,375 and every `/healthz` failed.
 */
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { freePort, percentile, sleep, startMeasuredServer } from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DOCS_CONCURRENCY = Number(process.env.BENCH_DOCS_CONCURRENCY ?? 4);
const SLOW_SOCKETS = Number(process.env.BENCH_SLOW_SOCKETS ?? 1_500);

function get(port: number, path: string, from: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, path, localAddress: from, agent: false, headers }, (incoming) => {
      incoming.resume();
      incoming.on('end', () => resolve(incoming.statusCode ?? 0));
    });
    outgoing.setTimeout(15_000, () => outgoing.destroy(new Error('timed out')));
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** `/healthz` from 127.0.0.2 every 20 ms until `stop` says so: latencies in ms, and failures. */
async function probeHealth(port: number, stop: () => boolean) {
  const latencies: number[] = [];
  let failures = 0;
  while (!stop()) {
    const started = performance.now();
    const status = await get(port, '/healthz', '127.0.0.2').catch(() => 0);
    if (status === 200) latencies.push(performance.now() - started);
    else failures++;
    await sleep(20);
  }
  return { latencies, failures };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production' as const,
    DATABASE_URL: '',
    DATA_DIR: 'memory://',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: 'false',
    RATE_LIMIT_PER_MINUTE: '100000000',
    LOG_LEVEL: 'error',
    ...(process.env.BENCH_CAP ? { MAX_CONNECTIONS_PER_ADDRESS: process.env.BENCH_CAP } : {}),
  };
  const server = await startMeasuredServer('slow-clients', ['server.ts'], env, `http://127.0.0.1:${port}/readyz`);
  try {
    // 1. /docs as fast as it is served.
    await get(port, '/docs', '127.0.0.1', { 'accept-encoding': 'gzip' });
    let docsDone = false;
    const health = probeHealth(port, () => docsDone);
    const ends = Date.now() + SECONDS * 1000;
    let served = 0;
    let other = 0;
    await Promise.all(
      Array.from({ length: DOCS_CONCURRENCY }, async () => {
        while (Date.now() < ends) {
          const status = await get(port, '/docs', '127.0.0.1', { 'accept-encoding': 'gzip' }).catch(() => 0);
          if (status === 200) served++;
          else other++;
        }
      }),
    );
    docsDone = true;
    const docsHealth = await health;
    console.log(
      `/docs: ${(served / SECONDS).toFixed(1)} requests/s over ${SECONDS} s (${DOCS_CONCURRENCY} loops, gzip; ${other} not 200); ` +
        `/healthz meanwhile p50 ${ms(percentile(docsHealth.latencies, 50))}, p99 ${ms(percentile(docsHealth.latencies, 99))}, ${docsHealth.failures} failed`,
    );

    // 2. Slow-header connections from one address.
    const sockets: Socket[] = [];
    let refused = 0;
    let closed = 0;
    await Promise.all(
      Array.from({ length: SLOW_SOCKETS }, async (_, index) => {
        await sleep(index); // about a thousand a second
        await new Promise<void>((resolve) => {
          const socket = connect({ host: '127.0.0.1', port, localAddress: '127.0.0.1' });
          sockets.push(socket);
          socket.on('data', (chunk: Buffer) => {
            if (chunk.toString().startsWith('HTTP/1.1 429')) refused++;
          });
          socket.once('close', () => closed++);
          socket.once('error', () => resolve());
          socket.once('connect', () => {
            socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
            resolve();
          });
        });
      }),
    );
    await sleep(1_000);
    const held = sockets.filter((socket) => !socket.destroyed).length;
    let slowDone = false;
    const slowHealth = probeHealth(port, () => slowDone);
    await sleep(5_000);
    slowDone = true;
    const capHealth = await slowHealth;
    console.log(
      `slow senders: ${SLOW_SOCKETS} opened from one address, ${held} held, ${refused} refused with 429 (${closed} closed); ` +
        `/healthz from another address meanwhile p50 ${ms(percentile(capHealth.latencies, 50))}, p99 ${ms(percentile(capHealth.latencies, 99))}, ` +
        `${capHealth.failures} failed of ${capHealth.latencies.length + capHealth.failures}`,
    );
    const cutAfter = Date.now();
    while (sockets.some((socket) => !socket.destroyed) && Date.now() - cutAfter < 90_000) await sleep(250);
    console.log(`slow senders: the last held connection was cut ${((Date.now() - cutAfter) / 1000 + 6).toFixed(0)} s after it opened (at most)`);
    for (const socket of sockets) socket.destroy();
  } finally {
    await server.stop();
  }
}

await main();
