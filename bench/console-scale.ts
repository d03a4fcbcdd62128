/**
 * The operator console's reads at hub scale: 1,000 partners, 2,000 merchants with 20,000 locations, 20,000
 * connections, 1,000 webhook endpoints and 5,000 users (generated in SQL in a throwaway PostgreSQL database), then
 * p50/p95 over 50 runs of each list's first page, a later page, the location search and find by id. The data layer
 * only (what the page waits for), not the render.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/console-scale.ts
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@/db/client';
import { pageEndpoints, pageEvents } from '@/lib/ops/events-view';
import { findAnything } from '@/lib/ops/find';
import { pagePartners } from '@/lib/ops/partners-view';
import { merchantView, pageLocations, pageMerchants, pageUsers, searchLocations } from '@/lib/ops/tenants-view';
import { throwawayDatabase } from '@/lib/testing/throwaway-database';

const RUNS = 50;
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function main() {
  const database = await throwawayDatabase(serverUrl, 'console_scale');
  const handle = await openDatabase({ url: database.url, dataDir: 'unused', maxConnections: 4 });
  const db = handle.db;
  try {
    const started = performance.now();
    await db.execute(sql`insert into partners (id, name, type) select 'ptr_' || n, 'Partner ' || lpad(n::text, 4, '0'),
      (array['POS','ORDERING_APP','BOOKING_APP','LOYALTY'])[1 + n % 4]::partner_type from generate_series(1, 1000) n`);
    await db.execute(sql`insert into merchants (id, name) select 'mer_' || n, 'Merchant ' || lpad(n::text, 4, '0') from generate_series(1, 2000) n`);
    await db.execute(sql`insert into locations (id, merchant_id, name) select 'loc_' || n, 'mer_' || (1 + n % 2000), 'Site ' || lpad(n::text, 5, '0')
      from generate_series(1, 20000) n`);
    await db.execute(sql`insert into connections (id, partner_id, location_id) select 'con_' || n, 'ptr_' || (1 + n % 1000), 'loc_' || n
      from generate_series(1, 20000) n`);
    await db.execute(sql`insert into webhook_endpoints (id, partner_id, url, secret) select 'whe_' || n, 'ptr_' || n, 'https://partner-' || n || '.example/hooks', 'whsec_x'
      from generate_series(1, 1000) n`);
    await db.execute(sql`insert into users (id, email, password_hash, role, merchant_id) select 'usr_' || n, 'user' || n || '@scale.test', 'x', 'MERCHANT', 'mer_' || (1 + n % 2000)
      from generate_series(1, 5000) n`);
    await db.execute(sql`analyze`);
    console.log(`seeded in ${Math.round(performance.now() - started)} ms`);

    const later = (await pageMerchants(db, {}, { limit: 50 })).next ?? undefined;
    const calls: Record<string, () => Promise<unknown>> = {
      'partners, first page': () => pagePartners(db, {}, { limit: 50 }),
      'partners, name filter': () => pagePartners(db, { name: '099' }, { limit: 50 }),
      'merchants, first page': () => pageMerchants(db, {}, { limit: 50 }),
      'merchants, second page': () => pageMerchants(db, {}, { after: later, limit: 50 }),
      'merchant page (view + locations)': () => Promise.all([merchantView(db, 'mer_7'), pageLocations(db, 'mer_7', {}, { limit: 50 })]),
      'users, first page': () => pageUsers(db, {}, { limit: 50 }),
      'users, role filter': () => pageUsers(db, { role: 'ADMIN' }, { limit: 50 }),
      'endpoints, first page (with health)': () => pageEndpoints(db, {}, { limit: 50 }),
      'events, first page': () => pageEvents(db, {}, { limit: 50 }),
      'location search (name part)': () => searchLocations(db, 'Site 123'),
      'location search (merchant name)': () => searchLocations(db, 'Merchant 0042'),
      'find by id (location)': () => findAnything(db, 'loc_12345'),
      'find by name (partner)': () => findAnything(db, 'Partner 0500'),
    };
    for (const [name, call] of Object.entries(calls)) {
      await call();
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const at = performance.now();
        await call();
        times.push(performance.now() - at);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
      console.log(`${name.padEnd(40)} p50 ${at(0.5).padStart(6)} ms   p95 ${at(0.95).padStart(6)} ms`);
    }
  } finally {
    await handle.close();
    await database.drop();
  }
}

await main();
