/**
 * Large-table benchmark: the partner lists and the dashboard pages at 10,000 rows and at full scale —
 * 1,000,000 orders, 1,000,000 bookings, 5,000,000 events with as many recipients, webhook deliveries and attempts,
 * over 2,000 locations — and the order cycle while the retention sweeps delete a backlog.
 *
 * The two sizes are two databases, each with its own server, measured in alternating rounds so that a busy spell of
 * this shared machine falls on both rather than on one; every figure is the median of the rounds'. Density per
 * location is the same in both (more locations, as a deployment grows), so each call asks for the same amount of a
 * location's data and only the tables differ. Prints p50/p99 of `GET /connect/orders?locationId=…`,
 * `GET /connect/bookings?…` and `GET /connect/events?after=…` (target: full-scale p99 within 2× of 10k), p50/p95 of
 * server render of the order board, bookings day view and tables page for a location with 500 orders and 300 bookings
 * that day and of the operator console's overview, request log, partner health and partners pages (target
 * p95 < 200 ms), of the admin deliveries page filtered by partner and status (target p95 < 300 ms), and the order
 * cycle's p99 while the sweeps work off a backlog against the same server once they are done (target < 2×).
 *
 *   npx tsx bench/data.ts                   (needs `node scripts/ensure-build.mjs` and PostgreSQL at BENCH_DATABASE_URL,
 *                                            default postgres://postgres@127.0.0.1:5432/postgres; ~40 minutes)
 *   BENCH_SCALE=0.05 npx tsx bench/data.ts  (the full-scale site at 5%: 100 locations, 50,000 orders …)
 *   BENCH_KEEP_DATABASE=true npx tsx bench/data.ts   (leaves the databases for a look afterwards; drop them yourself)
 */
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { openDatabase, type Database, type DatabaseHandle } from '@/db/client';
import { rowsOf } from '@/db/rows';
import * as schema from '@/db/schema';
import { orders } from '@/db/schema';
import { ensureSigningKey } from '@/lib/auth/signing-keys';
import { resetConfig } from '@/lib/config';
import { createWebhookEndpoint } from '@/lib/events/webhook-endpoints';
import { createOrder } from '@/lib/orders/create-order';
import { sampleOrderRequest } from '@/lib/orders/sample-order';
import { createConnectedPartner, type TestPartner } from '@/lib/testing/fixtures';
import { createUser } from '@/lib/tenancy/users';
import {
  type BenchTenancy,
  connectPartners,
  EVENTS_PER_LOCATION,
  insertBusyDay,
  insertEvents,
  insertExpiredRequestLog,
  insertLocationHistory,
  insertTenancy,
  locationId,
  merchantId,
  settle,
} from './data-generation';
import { benchDatabase, benchServerEnv, type MeasuredServer, percentile, sleep, startMeasuredServer } from './support';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const FULL_LOCATIONS = 2_000;
const SMALL_LOCATIONS = 20; // 10,000 orders and bookings, 50,000 events
const LARGE_LOCATIONS = Math.max(SMALL_LOCATIONS, Math.round(FULL_LOCATIONS * SCALE));
const CHUNK_LOCATIONS = 50;
const ROUNDS = 3;
const API_RUNS = 300;
const PAGE_RUNS = 40;
// An expired backlog for the sweeps that outlasts a measurement (they clear 1,000 to 1,700 events and about 3,500 request
// log rows a second): the events of about eight hours at full scale, whose cascade deletes as many recipients, deliveries
// and attempts.
const SWEEP_ROUNDS = 3;
const SWEEP_EVENTS = 60_000;
const SWEEP_REQUESTS = 120_000;
const CYCLE_RATE = 10;
const CYCLE_SECONDS = 20;
const PORT = Number(process.env.BENCH_PORT ?? 3601);
const SINK_PORT = PORT + 1;
const MERCHANT = { email: 'bench-merchant@counterpart.test', password: 'bench-merchant-password' };
const ADMIN = { email: 'bench-admin@counterpart.test', password: 'bench-admin-password' };

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;
const pick = <T>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)]!;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface Bench {
  db: Database;
  base: string;
  tenancy: BenchTenancy;
  pos: TestPartner;
  app: TestPartner;
  /** The bench location's merchant and an admin, signed in: their session cookies. */
  merchantCookie: string;
  adminCookie: string;
}

async function timed(url: string, headers: Record<string, string>, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(url, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (response.status >= 300) throw new Error(`${init.method ?? 'GET'} ${url} → ${response.status} ${text.slice(0, 200)}`);
  return { elapsed, text };
}

/** Signs in through the Auth.js credentials endpoints, as the login form does, and answers the session cookie. */
async function signIn(base: string, user: { email: string; password: string }): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const csrf = await fetch(`${base}/api/auth/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: header() },
    body: new URLSearchParams({ csrfToken, ...user, callbackUrl: `${base}/dashboard` }),
  });
  keep(response);
  const check = await fetch(`${base}/dashboard/orders`, { headers: { cookie: header() }, redirect: 'manual' });
  if (check.status !== 200 && check.status !== 404) throw new Error(`sign-in of ${user.email} failed: ${check.status}`);
  return header();
}

/**
 * `runs` timings of `call` after a tenth as many to warm up. A failed call (a 503 while this shared machine starves
 * the database of CPU, say) is reported and left out rather than ending the run.
 */
async function sample(runs: number, call: () => Promise<number>) {
  let failed = 0;
  const attempt = () =>
    call().catch((error: unknown) => {
      if (!failed++) console.error(`  a call failed: ${String(error).slice(0, 200)}`);
      return null;
    });
  for (let i = 0; i < Math.ceil(runs / 10); i++) await attempt();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const elapsed = await attempt();
    if (elapsed !== null) samples.push(elapsed);
  }
  if (failed) console.error(`  (${failed} failed calls left out)`);
  return samples;
}

/** The partner API lists, each call with a fresh location, day or cursor among the first SMALL_LOCATIONS. */
async function measureApi(bench: Bench) {
  const { base, pos, app } = bench;
  const posHeaders = { authorization: `Bearer ${pos.token}` };
  const appHeaders = { authorization: `Bearer ${app.token}` };
  const location = () => locationId(1 + Math.floor(Math.random() * SMALL_LOCATIONS));
  // `after` points anywhere in the app's feed: ids of its events at the measured locations.
  const feed = rowsOf<{ id: string }>(
    await bench.db.execute(sql`
      select r.event_id as id from event_recipients r
      where r.partner_id = ${app.partnerId} and r.event_seq = any(${`{${Array.from({ length: 2000 }, () => Math.floor(Math.random() * SMALL_LOCATIONS * EVENTS_PER_LOCATION) + 1).join(',')}}`}::bigint[])`),
  ).map((row) => row.id);
  const posFeed = rowsOf<{ id: string }>(
    await bench.db.execute(sql`
      select r.event_id as id from event_recipients r join events e on e.id = r.event_id
      where r.partner_id = ${pos.partnerId} and e.location_id = 'bench-loc-1' limit 200`),
  ).map((row) => row.id);
  const calls: Record<string, () => Promise<number>> = {
    'GET /orders?locationId': async () => (await timed(`${base}/connect/orders?locationId=${location()}`, posHeaders)).elapsed,
    'GET /orders?status&updatedSince': async () =>
      (
        await timed(
          `${base}/connect/orders?locationId=${location()}&status=FULFILLED,REJECTED&updatedSince=${day(-Math.floor(Math.random() * 80) - 5)}T00:00:00Z`,
          posHeaders,
        )
      ).elapsed,
    'GET /bookings?day': async () => {
      const on = day(Math.floor(Math.random() * 80) - 55);
      return (await timed(`${base}/connect/bookings?locationId=${location()}&fromDate=${on}&toDate=${on}`, posHeaders)).elapsed;
    },
    'GET /bookings?week&status': async () => {
      const from = Math.floor(Math.random() * 70) - 55;
      return (await timed(`${base}/connect/bookings?locationId=${location()}&fromDate=${day(from)}&toDate=${day(from + 6)}&bookingStatus=ACCEPTED`, posHeaders))
        .elapsed;
    },
    'GET /events?after (app)': async () => (await timed(`${base}/connect/events?after=${pick(feed)}`, appHeaders)).elapsed,
    'GET /events?after (POS device)': async () => (await timed(`${base}/connect/events?after=${pick(posFeed)}`, posHeaders)).elapsed,
  };
  const results: Record<string, number[]> = {};
  for (const [name, call] of Object.entries(calls)) results[name] = await sample(API_RUNS, call);
  return results;
}

/** Server render of the pages: the whole answer of a signed-in GET (the page is rendered per request). */
async function measurePages(bench: Bench) {
  const { base, merchantCookie, adminCookie, tenancy } = bench;
  const failing = tenancy.recipients[0]!.partnerId;
  const pages: Record<string, [string, string]> = {
    'orders board': [`${base}/dashboard/orders`, merchantCookie],
    'bookings day view': [`${base}/dashboard/bookings?location=bench-loc-1`, merchantCookie],
    'tables page': [`${base}/dashboard/tables?location=bench-loc-1`, merchantCookie],
    'admin deliveries (partner, FAILED)': [`${base}/dashboard/admin/deliveries?partnerId=${failing}&status=FAILED`, adminCookie],
    'console overview': [`${base}/dashboard/admin`, adminCookie],
    'console requests (partner, 4xx)': [`${base}/dashboard/admin/requests?partnerId=${failing}&status=4xx`, adminCookie],
    'console partner health': [`${base}/dashboard/admin/health`, adminCookie],
    'console partners & webhooks': [`${base}/dashboard/admin/partners`, adminCookie],
    'console merchants': [`${base}/dashboard/admin/tenants`, adminCookie],
    'console merchant page': [`${base}/dashboard/admin/tenants/${merchantId(1)}`, adminCookie],
    'console users': [`${base}/dashboard/admin/users`, adminCookie],
    'console events': [`${base}/dashboard/admin/events`, adminCookie],
    'console endpoints': [`${base}/dashboard/admin/endpoints`, adminCookie],
    'console location search': [`${base}/dashboard/admin/location-search?q=bench`, adminCookie],
  };
  const results: Record<string, number[]> = {};
  for (const [name, [url, cookie]] of Object.entries(pages)) results[name] = await sample(PAGE_RUNS, async () => (await timed(url, { cookie })).elapsed);
  return results;
}

/** One order cycle: the app posts an order, the POS reads it, accepts it and marks it ready. */
async function orderCycle(bench: Bench) {
  const { base, pos, app } = bench;
  const started = performance.now();
  const json = { 'content-type': 'application/json' };
  const created = await timed(
    `${base}/connect/orders`,
    { authorization: `Bearer ${app.token}`, ...json },
    {
      method: 'POST',
      body: JSON.stringify(sampleOrderRequest('bench-loc-1')),
    },
  );
  const { id } = JSON.parse(created.text) as { id: string };
  const posHeaders = { authorization: `Bearer ${pos.token}`, 'content-type': 'application/merge-patch+json' };
  await timed(`${base}/connect/orders/${id}`, { authorization: `Bearer ${pos.token}` });
  await timed(`${base}/connect/orders/${id}`, posHeaders, { method: 'PATCH', body: JSON.stringify({ status: 'ACCEPTED' }) });
  await timed(`${base}/connect/orders/${id}`, posHeaders, { method: 'PATCH', body: JSON.stringify({ status: 'READY' }) });
  return performance.now() - started;
}

interface CycleRun {
  latencies: number[];
  failed: number;
}

/** Order cycles at a fixed rate for CYCLE_SECONDS (open loop, so a slow cycle does not hide the ones behind it). */
async function cyclesAtRate(bench: Bench): Promise<CycleRun> {
  // A freshly started server answers its first requests slowly (modules, caches): warm up, then measure.
  for (let i = 0; i < 30; i++) await orderCycle(bench).catch(() => null);
  const running: Promise<number | null>[] = [];
  const started = performance.now();
  let failed = 0;
  for (let i = 0; i < CYCLE_RATE * CYCLE_SECONDS; i++) {
    const wait = started + (i * 1000) / CYCLE_RATE - performance.now();
    if (wait > 0) await sleep(wait);
    running.push(
      orderCycle(bench).catch((error: unknown) => {
        if (!failed++) console.error(`  an order cycle failed: ${String(error)}`);
        return null;
      }),
    );
  }
  const latencies = (await Promise.all(running)).filter((value): value is number => value !== null);
  return { latencies, failed };
}

const countOf = async (db: Database, query: ReturnType<typeof sql>) => Number(rowsOf<{ n: string }>(await db.execute(query))[0]!.n);
const expiredEvents = (db: Database) => countOf(db, sql`select count(*) as n from events where created_at < now() - interval '30 days'`);
const expiredRequests = (db: Database) => countOf(db, sql`select count(*) as n from api_request_log where at < now() - interval '28 days'`);
const median = (values: number[]) => percentile(values, 50);

/** One generated database with its measured server: the 10k site or the full-scale one. */
interface Site {
  label: string;
  database: Awaited<ReturnType<typeof benchDatabase>>;
  /** The service's own handle (signing key) and the generator's connection, without the statement limit. */
  handle: DatabaseHandle;
  generator: postgres.Sql;
  db: Database;
  tenancy: BenchTenancy;
  start(): Promise<void>;
  stop(): Promise<void>;
  bench?: Bench;
}

/**
 * A database with locations 1…`locations` and its server on `port` (not started). Both sites get the same partners,
 * users, first SMALL_LOCATIONS locations and busy day, so a call asks the same of each and only the tables differ.
 */
async function prepareSite(label: string, locations: number, port: number): Promise<Site> {
  const database = await benchDatabase();
  const handle = await openDatabase({ url: database.url, dataDir: 'unused', maxConnections: 4 });
  // Generating a chunk of locations takes longer than the service's 15 s statement limit: a connection without it.
  const generator = postgres(database.url, { max: 1, onnotice: () => {}, connection: { statement_timeout: 0 } });
  const db = drizzle({ client: generator, schema }) as unknown as Database;
  const env = benchServerEnv(database.url, port, { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
  // Tokens are checked on iss/aud = the server's PUBLIC_URL: issue them with the same configuration.
  resetConfig({ PUBLIC_URL: env.PUBLIC_URL, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', LOG_LEVEL: 'warn' });
  const loading = performance.now();
  await ensureSigningKey(handle.db);
  await insertTenancy(db, locations);
  const small = Array.from({ length: SMALL_LOCATIONS }, (_, index) => locationId(index + 1));
  // The partners: four POS vendors, four ordering apps and two booking apps, each with a webhook endpoint.
  const types = ['POS', 'ORDERING_APP', 'BOOKING_APP', 'POS', 'ORDERING_APP', 'POS', 'ORDERING_APP', 'BOOKING_APP', 'POS', 'ORDERING_APP'] as const;
  const partners: TestPartner[] = [];
  for (const type of types) partners.push(await createConnectedPartner(db, type, small));
  const recipients = [];
  for (const partner of partners) {
    const endpoint = await createWebhookEndpoint(db, partner.partnerId, { url: `http://127.0.0.1:${SINK_PORT}/${partner.type.toLowerCase()}` });
    recipients.push({ partnerId: partner.partnerId, endpointId: endpoint.id });
  }
  const [pos, app] = [partners[0]!, partners[1]!];
  const { order } = await createOrder(
    db,
    { partnerId: app.partnerId, partnerName: app.name, scope: { kind: 'PARTNER_CONNECTIONS', partnerId: app.partnerId } },
    sampleOrderRequest(locationId(1)),
  );
  const [template] = await db.select({ content: orders.content }).from(orders).where(eq(orders.id, order.id));
  const tenancy: BenchTenancy = {
    appPartnerIds: partners.filter((partner) => partner.type === 'ORDERING_APP').map((partner) => partner.partnerId),
    bookingAppPartnerIds: partners.filter((partner) => partner.type === 'BOOKING_APP').map((partner) => partner.partnerId),
    recipients,
    orderContent: template!.content,
    publicUrl: env.PUBLIC_URL,
  };
  await createUser(db, { ...MERCHANT, role: 'MERCHANT', merchantId: merchantId(1) });
  await createUser(db, { ...ADMIN, role: 'ADMIN' });
  await insertLocationHistory(db, tenancy, 1, SMALL_LOCATIONS);
  await insertBusyDay(db, tenancy, 500, 300);
  for (let from = SMALL_LOCATIONS + 1; from <= locations; from += CHUNK_LOCATIONS) {
    const to = Math.min(locations, from + CHUNK_LOCATIONS - 1);
    await insertLocationHistory(db, tenancy, from, to);
    if ((to - SMALL_LOCATIONS) % 500 === 0 || to === locations) console.log(`  (${label}: locations ${to}/${locations} after ${seconds(loading)})`);
  }
  if (locations > SMALL_LOCATIONS) {
    await connectPartners(
      db,
      partners.map((partner) => partner.partnerId),
      SMALL_LOCATIONS + 1,
      locations,
    );
  }
  const settling = performance.now();
  await settle(db);
  console.log(`(${label} generated in ${seconds(loading)}, of which vacuum and analyze ${seconds(settling)})`);

  let server: MeasuredServer | undefined;
  const site: Site = {
    label,
    database,
    handle,
    generator,
    db,
    tenancy,
    async start() {
      server = await startMeasuredServer(`data-${label}`, ['server.ts'], env, `${env.PUBLIC_URL}/readyz`);
      site.bench ??= {
        db,
        base: env.PUBLIC_URL,
        tenancy,
        pos,
        app,
        merchantCookie: await signIn(env.PUBLIC_URL, MERCHANT),
        adminCookie: await signIn(env.PUBLIC_URL, ADMIN),
      };
    },
    async stop() {
      await server?.stop();
      server = undefined;
    },
  };
  return site;
}

async function describeCounts(db: Database) {
  const [row] = rowsOf<Record<string, string>>(
    await db.execute(sql`select (select count(*) from orders) as orders, (select count(*) from bookings) as bookings,
      (select count(*) from events) as events, (select count(*) from webhook_deliveries) as deliveries,
      (select count(*) from api_request_log) as requests`),
  );
  const count = (name: string) => Number(row![name]).toLocaleString('en');
  return `${count('orders')} orders, ${count('bookings')} bookings, ${count('events')} events, ${count('deliveries')} deliveries, ${count('requests')} logged requests`;
}

/**
 * The lists and pages on both sites in alternating rounds (10k first in odd rounds, full scale first in even ones), so
 * a busy spell of this shared machine lands on both sizes rather than on one. Each figure is the median of the rounds'.
 */
async function measureSizes(small: Site, large: Site) {
  const api = new Map<Site, Record<string, number[]>[]>([
    [small, []],
    [large, []],
  ]);
  const pages = new Map<Site, Record<string, number[]>[]>([
    [small, []],
    [large, []],
  ]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const site of round % 2 ? [large, small] : [small, large]) {
      api.get(site)!.push(await measureApi(site.bench!));
      pages.get(site)!.push(await measurePages(site.bench!));
    }
  }
  const summary = (rounds: Record<string, number[]>[], upper: number) =>
    Object.fromEntries(
      Object.keys(rounds[0]!).map((name) => {
        const tails = rounds.map((round) => percentile(round[name]!, upper));
        return [name, { p50: median(rounds.map((round) => percentile(round[name]!, 50))), tail: median(tails), tails }];
      }),
    );
  const report = (label: string, rounds: Record<string, number[]>[], upper: number) => {
    console.log(`\n${label}`);
    const figures = summary(rounds, upper);
    for (const [name, figure] of Object.entries(figures)) {
      console.log(
        `  ${name.padEnd(36)} p50 ${ms(figure.p50)}   p${upper} ${ms(figure.tail)}   (rounds' p${upper}: ${figure.tails.map((value) => value.toFixed(1)).join(', ')})`,
      );
    }
    return figures;
  };
  const [smallCounts, largeCounts] = [await describeCounts(small.db), await describeCounts(large.db)];
  const each = `medians of ${ROUNDS} alternating rounds`;
  const smallApi = report(`Partner API at ${smallCounts} (${API_RUNS} calls a round, ${each}, ms)`, api.get(small)!, 99);
  const smallPages = report(`Pages at ${smallCounts} (${PAGE_RUNS} renders a round, ${each})`, pages.get(small)!, 95);
  const largeApi = report(`Partner API at ${largeCounts} (${API_RUNS} calls a round, ${each}, ms)`, api.get(large)!, 99);
  const largePages = report(`Pages at ${largeCounts} (${PAGE_RUNS} renders a round, ${each})`, pages.get(large)!, 95);
  console.log('\nFull scale vs 10k (ratio of the median p99s, target ≤ 2)');
  for (const name of Object.keys(largeApi)) console.log(`  ${name.padEnd(36)} ${(largeApi[name]!.tail / smallApi[name]!.tail).toFixed(2)}`);
  console.log('Pages (median p95 at full scale; targets: deliveries < 300 ms, the others < 200 ms)');
  for (const name of Object.keys(largePages)) console.log(`  ${name.padEnd(36)} ${ms(largePages[name]!.tail)}   (10k ${ms(smallPages[name]!.tail)})`);
}

/**
 * The order cycle while the retention sweeps work off an expired backlog, against the same server once they are done,
 * over SWEEP_ROUNDS rounds: write the backlog with the server stopped, start it (the sweeps run at start), measure,
 * wait until the backlog is gone, measure again.
 */
async function measureSweeps(site: Site) {
  const runs: { during: CycleRun; quiet: CycleRun; swept: string }[] = [];
  for (let round = 0; round < SWEEP_ROUNDS; round++) {
    await site.stop();
    const loading = performance.now();
    const [range] = rowsOf<{ first: string }>(await site.db.execute(sql`select max(seq) + 1 as first from events`));
    const first = Number(range!.first);
    const expiredLocations = Math.min(LARGE_LOCATIONS, 100);
    await insertEvents(site.db, site.tenancy, {
      first,
      last: first + SWEEP_EVENTS - 1,
      from: 1,
      perLocation: Math.ceil(SWEEP_EVENTS / expiredLocations),
      newestDaysAgo: 31,
      days: 29,
    });
    await insertExpiredRequestLog(site.db, SWEEP_REQUESTS);
    await settle(site.db);
    const backlog = { events: await expiredEvents(site.db), requests: await expiredRequests(site.db) };
    await site.start();
    const sweeping = performance.now();
    const during = await cyclesAtRate(site.bench!);
    const left = { events: await expiredEvents(site.db), requests: await expiredRequests(site.db) };
    const rate = (before: number, after: number) => `${((before - after) / ((performance.now() - sweeping) / 1000)).toFixed(0)}/s`;
    const swept =
      `events ${(backlog.events - left.events).toLocaleString('en')} of ${backlog.events.toLocaleString('en')} (${rate(backlog.events, left.events)}), ` +
      `request log ${(backlog.requests - left.requests).toLocaleString('en')} of ${backlog.requests.toLocaleString('en')} (${rate(backlog.requests, left.requests)})` +
      (left.events && left.requests ? '' : '; a backlog ran out before the measurement ended');
    const waiting = performance.now();
    while ((await expiredEvents(site.db)) + (await expiredRequests(site.db)) > 0) {
      if (performance.now() - waiting > 15 * 60_000) throw new Error('the sweeps did not finish their backlog within 15 minutes');
      await sleep(2000);
    }
    const quiet = await cyclesAtRate(site.bench!);
    console.log(`  (sweep round ${round + 1}: backlog written in ${seconds(loading)}, worked off ${seconds(waiting)} after the measurement)`);
    runs.push({ during, quiet, swept });
  }
  console.log(
    `\nOrder cycle at ${CYCLE_RATE}/s for ${CYCLE_SECONDS} s (POST, GET, PATCH ACCEPTED, PATCH READY), while the sweeps work off ${SWEEP_EVENTS.toLocaleString('en')} expired events and ${SWEEP_REQUESTS.toLocaleString('en')} request log rows and once they are done, ${SWEEP_ROUNDS} rounds`,
  );
  const line = (label: string, run: CycleRun) =>
    console.log(`    ${label.padEnd(34)} p50 ${ms(percentile(run.latencies, 50))}   p99 ${ms(percentile(run.latencies, 99))}   failed ${run.failed}`);
  runs.forEach((run, index) => {
    console.log(`  round ${index + 1}`);
    line('while the sweeps run', run.during);
    line('after them', run.quiet);
    console.log(`    swept meanwhile: ${run.swept}`);
  });
  const p99 = (pick: (run: (typeof runs)[number]) => CycleRun) => median(runs.map((run) => percentile(pick(run).latencies, 99)));
  console.log(`  ratio of the median p99s (target < 2)  ${(p99((run) => run.during) / p99((run) => run.quiet)).toFixed(2)}`);
}

async function main() {
  resetConfig({ LOG_LEVEL: 'warn' });
  const started = performance.now();
  const sink = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => sink.listen(SINK_PORT, '127.0.0.1', resolve));
  const sites: Site[] = [];
  try {
    const small = await prepareSite('10k', SMALL_LOCATIONS, PORT);
    sites.push(small);
    const large = await prepareSite('full scale', LARGE_LOCATIONS, PORT + 2);
    sites.push(large);
    await small.start();
    await large.start();
    await measureSizes(small, large);
    await small.stop();
    await measureSweeps(large);
    console.log(`\nTotal ${seconds(started)}`);
  } finally {
    for (const site of sites) {
      await site.stop();
      await site.generator.end();
      await site.handle.close();
      // BENCH_KEEP_DATABASE=true leaves the generated data for a look at its plans afterwards (psql, EXPLAIN).
      if (process.env.BENCH_KEEP_DATABASE === 'true') console.log(`(kept the database: ${site.database.url})`);
      else await site.database.drop();
    }
    sink.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
