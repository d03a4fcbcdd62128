/**
 * Rate-limit micro-benchmark: what one `consumeRateLimit` (the one a partner call makes) costs in memory (embedded
 * default) and in PostgreSQL's `rate_limits` table (DATABASE_URL), sequentially (latency) and with 24 calls in flight
 * (throughput), spread over 200 clients' keys as partner traffic would be.
 *
 *   npx tsx bench/rate-limit.ts       (PostgreSQL at BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 */
import { installDatabase, openDatabase, type Database } from '@/db/client';
import { verifyAccessToken } from '@/lib/auth/access-tokens';
import { ensureSigningKey } from '@/lib/auth/signing-keys';
import { consumeRateLimit } from '@/lib/rate-limit';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { benchDatabase, percentile } from './support';

const SEQUENTIAL = 3000;
const CONCURRENT = 12000;
const IN_FLIGHT = 24;
// The partner API's default budget (RATE_LIMIT_PER_MINUTE); 200 clients' keys keep every client under it.
const BUDGET = 600;
const key = (i: number) => `client:bench-${i % 200}`;

async function measure(label: string, work: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 500; i++) await work(SEQUENTIAL + CONCURRENT + i);
  const latencies: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const started = performance.now();
    await work(i);
    latencies.push(performance.now() - started);
  }
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < CONCURRENT) await work(next++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${label.padEnd(40)} sequential p50 ${percentile(latencies, 50).toFixed(3)} ms, p99 ${percentile(latencies, 99).toFixed(3)} ms; ` +
      `${IN_FLIGHT} in flight: ${Math.round(CONCURRENT / seconds)}/s`,
  );
}

let round = 0;
const limiterName = () => `bench-${round++}`;
const consumer = () => {
  const name = limiterName();
  return (i: number) => consumeRateLimit(name, key(i), BUDGET);
};
installDatabase(undefined);
await measure('consume, memory', consumer());
const database = await benchDatabase();
const handle = await openDatabase({ url: database.url, dataDir: 'unused', maxConnections: 10 });
try {
  installDatabase(handle);
  await ensureSigningKey(handle.db);
  await measure('consume, postgres (leases of 30)', consumer());
  const exact = limiterName();
  await measure('consume, postgres (exact, lease of 1)', (i) => consumeRateLimit(exact, `${key(i)}-${i}`, 39));
  // For scale: the token check (a grant lookup) every partner call already makes, alone and with the consume.
  const token = await partnerToken(handle.db);
  await measure('token check', () => verifyAccessToken(handle.db, token));
  const both = consumer();
  await measure('token check + consume, postgres', async (i) => {
    await verifyAccessToken(handle.db, token);
    await both(i);
  });
} finally {
  installDatabase(undefined);
  await handle.close();
  await database.drop();
}

async function partnerToken(db: Database): Promise<string> {
  const { locationIds } = await createMerchantWithLocations(db, 1);
  return (await createConnectedPartner(db, 'ORDERING_APP', locationIds)).token;
}
