/**
 * Bookings list benchmark: `GET /connect/bookings` with filters over 10,000 and then 1,000,000 bookings
 * on PostgreSQL, measured through the lib list function (`listBookings`, the exact SQL the route runs, without HTTP
 * and token checks). The bookings grow the way a real deployment grows: more locations with the same density
 * (about 28 bookings a day over 180 days), so each query asks for the same amount of a location's data at both sizes.
 * Prints p50/p99 per query shape and overall, the 1M/10k p99 ratio (target ≤ 2) and the plan of one query.
 *
 *   npx tsx bench/bookings.ts     (PostgreSQL at BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
 *                                  a throwaway database is created and dropped; about 2–4 minutes)
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '@/db/client';
import { listBookings } from '@/lib/bookings/list-bookings';
import { listBookingsQuerySchema } from '@/lib/bookings/schema';
import { resetConfig } from '@/lib/config';
import { createLocation, createMerchant } from '@/lib/tenancy/merchants';
import type { Caller } from '@/lib/tenancy/scope';
import { createPartner } from '@/lib/tenancy/partners';
import { benchDatabase } from './support';

const DAYS = 180;
const PER_DAY = 28;
const PER_LOCATION = DAYS * PER_DAY; // 5,040
const SMALL_LOCATIONS = 2; // 10,080 bookings
const LARGE_LOCATIONS = 199; // 1,002,960 bookings
const WARMUP = 50;
const RUNS = 400;
const FIRST_DAY = Date.UTC(2026, 0, 1);

const day = (offset: number) => new Date(FIRST_DAY + offset * 86_400_000).toISOString().slice(0, 10);

/** The filter shapes a POS asks for, each with fresh random days so no single cached page is measured. */
const shapes: Record<string, () => Record<string, string | string[]>> = {
  'week, status CREATED|ACCEPTED': () => {
    const from = 7 + Math.floor(Math.random() * (DAYS - 21));
    return { fromDate: day(from), toDate: day(from + 6), bookingStatus: ['CREATED', 'ACCEPTED'] };
  },
  'day, tables 5|12, TABLE': () => {
    const on = 7 + Math.floor(Math.random() * (DAYS - 14));
    return { fromDate: day(on), toDate: day(on), tableNumber: '5,12', assetType: 'TABLE' };
  },
  'created in a month, page 2': () => {
    const from = Math.floor(Math.random() * (DAYS - 60));
    return { dateType: 'CREATED', fromDate: day(from), toDate: day(from + 30), limit: '20', page: '2' };
  },
  'day, no other filter': () => {
    const on = Math.floor(Math.random() * DAYS);
    return { fromDate: day(on), toDate: day(on) };
  },
};

/** Bookings of locations `from`…`to` (1-based, named bench-loc-N), bulk-inserted with generate_series. */
async function insertBookings(db: Database, partnerId: string, from: number, to: number) {
  await db.execute(sql`
    insert into bookings (id, location_id, app_partner_id, created_by_partner_id, source, origin_name, booking_reference,
      booking_status, asset_type, table_status, table_numbers, number_of_people, start_time, end_time, details,
      version, created_at, updated_at)
    select gen_random_uuid()::text, 'bench-loc-' || l, ${partnerId}, ${partnerId}, 'APP', 'Bench Booking App', 'ref-' || l || '-' || n,
      (array['CREATED','ACCEPTED','ACCEPTED','ACCEPTED','REJECTED','CANCELLED_BY_CUSTOMER','CANCELLED_BY_MERCHANT'])[1 + (n * 7 + l) % 7]::booking_status,
      case when n % 20 = 0 then 'ROOM' else 'TABLE' end::booking_asset_type,
      case when n % 3 = 0 then 'FINALISED' end::booking_table_status,
      case when n % 20 = 0 then '{}'::text[] when n % 5 = 0 then array[(1 + n % 30)::text, (1 + (n + 1) % 30)::text] else array[(1 + n % 30)::text] end,
      1 + n % 8,
      start_at, start_at + interval '90 minutes',
      case when n % 20 = 0 then '{"customer":{"name":"Bench Guest"},"rooms":[{"number":"R1"}]}' else '{"customer":{"name":"Bench Guest"}}' end::jsonb, 1,
      start_at - (1 + n % 20) * interval '1 day', start_at - (n % 20) * interval '1 day'
    from generate_series(${from}::int, ${to}::int) as l,
         generate_series(0, ${PER_LOCATION - 1}) as n,
         lateral (select ${new Date(FIRST_DAY).toISOString()}::timestamptz + (n / ${PER_DAY}) * interval '1 day'
                  + interval '1 hour' * (11 + (n * 5) % 11) + interval '15 minutes' * (n % 4) as start_at) as s`);
  // A steady-state table: hint bits and the visibility map set, statistics current (as autovacuum leaves it).
  await db.execute(sql`vacuum (analyze) bookings`);
}

async function measure(db: Database, caller: Caller, locationId: string) {
  const results: Record<string, number[]> = {};
  for (const [name, shape] of Object.entries(shapes)) {
    const samples: number[] = [];
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const query = listBookingsQuerySchema.parse({ locationId, ...shape() });
      const started = performance.now();
      await listBookings(db, caller, query);
      if (run >= WARMUP) samples.push(performance.now() - started);
    }
    results[name] = samples.sort((a, b) => a - b);
  }
  return results;
}

/** Rows of a raw query: postgres-js returns them as the result itself, PGlite under `rows`. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(10);

function report(label: string, results: Record<string, number[]>) {
  console.log(`\n${label}`);
  for (const [name, samples] of Object.entries(results)) {
    console.log(`  ${name.padEnd(34)} p50 ${ms(percentile(samples, 50))}   p99 ${ms(percentile(samples, 99))}`);
  }
  const all = Object.values(results)
    .flat()
    .sort((a, b) => a - b);
  console.log(`  ${'all shapes'.padEnd(34)} p50 ${ms(percentile(all, 50))}   p99 ${ms(percentile(all, 99))}`);
  return percentile(all, 99);
}

async function main() {
  resetConfig({ LOG_LEVEL: 'warn' });
  const database = await benchDatabase();
  const handle = await openDatabase({ url: database.url, dataDir: 'unused', maxConnections: 4 });
  const db = handle.db;
  try {
    const started = performance.now();
    const merchant = await createMerchant(db, { name: 'Bench merchant' });
    for (let index = 1; index <= SMALL_LOCATIONS + LARGE_LOCATIONS; index++) {
      await createLocation(db, merchant.id, { locationId: `bench-loc-${index}`, name: `Bench ${index}`, timezone: 'Australia/Sydney' });
    }
    const app = await createPartner(db, { name: 'Bench Booking App', type: 'BOOKING_APP' });

    await insertBookings(db, app.id, 1, SMALL_LOCATIONS);
    const [small] = rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from bookings`));
    const smallP99 = report(`${small!.count} bookings (listBookings, ${RUNS} runs per shape)`, await measure(db, { merchantId: merchant.id }, 'bench-loc-1'));

    const loadStarted = performance.now();
    await insertBookings(db, app.id, SMALL_LOCATIONS + 1, SMALL_LOCATIONS + LARGE_LOCATIONS);
    const [large] = rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from bookings`));
    const largeCount = large!.count;
    console.log(`\n(loaded ${largeCount} bookings in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s)`);
    const largeP99 = report(`${largeCount} bookings (listBookings, ${RUNS} runs per shape)`, await measure(db, { merchantId: merchant.id }, 'bench-loc-1'));

    console.log(`\np99 at 1M / p99 at 10k = ${(largeP99 / smallP99).toFixed(2)} (target ≤ 2); p99 at 1M ${largeP99.toFixed(2)} ms (target < 20 ms)`);
    const plan = await db.execute(sql`
      explain select * from bookings where location_id = 'bench-loc-1' and table_numbers && array['5','12']::text[]
        and start_time >= '2026-03-01'::date::timestamp at time zone 'Australia/Sydney'
        and start_time < '2026-03-02'::date::timestamp at time zone 'Australia/Sydney' order by start_time, id limit 50`);
    const lines = rowsOf<{ 'QUERY PLAN': string }>(plan).map((row) => row['QUERY PLAN']);
    console.log(`\nPlan of the table-number query at 1M:\n  ${lines.join('\n  ')}`);
    console.log(`\nTotal ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await handle.close();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
