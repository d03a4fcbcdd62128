/**
 * The rows bench/data.ts measures against, made in PostgreSQL with generate_series: locations of many merchants, and
 * per location 500 orders and 500 bookings over 90 days, 2,500 events (each with its recipient, webhook delivery
 * and attempt) over the 30 days the outbox keeps them, and as many API requests over the 28 days their log keeps. Every row is shaped as the service writes it (ids, foreign keys,
 * jsonb bodies), so the API and the pages read it like their own.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { recountRollups } from '@/lib/ops/rollups';

export const ORDERS_PER_LOCATION = 500;
export const BOOKINGS_PER_LOCATION = 500;
export const EVENTS_PER_LOCATION = 2_500;
const HISTORY_DAYS = 90;
// A steady-state outbox holds only what the 30-day retention keeps (docs/contract.md#events); a day's margin keeps the sweep idle.
const EVENT_DAYS = 29;
// The API request log is kept 28 days (API_LOG_RETENTION_DAYS); a day's margin keeps its sweep idle too.
const REQUEST_LOG_DAYS = 27;

export const locationId = (index: number) => `bench-loc-${index}`;
export const merchantId = (index: number) => `bench-merchant-${index}`;
export const LOCATIONS_PER_MERCHANT = 10;

export interface BenchTenancy {
  /** The ordering apps orders are created by. */
  appPartnerIds: string[];
  /** The booking apps bookings are held by. */
  bookingAppPartnerIds: string[];
  /** Every partner with a webhook endpoint: event n goes to partner n mod their count, through its endpoint. */
  recipients: { partnerId: string; endpointId: string }[];
  /** A real order's content (the validated request), the template of every generated order. */
  orderContent: unknown;
  publicUrl: string;
}

/** Merchants and locations 1…count, ten locations to a merchant (merchant 1 is the one whose pages are measured). */
export async function insertTenancy(db: Database, count: number) {
  await db.execute(sql`
    insert into merchants (id, name)
    select 'bench-merchant-' || m, 'Bench merchant ' || m from generate_series(1, ${Math.ceil(count / LOCATIONS_PER_MERCHANT)}::int) m`);
  await db.execute(sql`
    insert into locations (id, merchant_id, name, timezone)
    select 'bench-loc-' || l, 'bench-merchant-' || ((l - 1) / ${LOCATIONS_PER_MERCHANT} + 1), 'Bench ' || l, 'Australia/Sydney'
    from generate_series(1, ${count}::int) l`);
}

/** Connects every partner to locations from…to (the measured partners are connected to the first ones already). */
export async function connectPartners(db: Database, partnerIds: string[], from: number, to: number) {
  await db.execute(sql`
    insert into connections (id, partner_id, location_id)
    select gen_random_uuid()::text, p, 'bench-loc-' || l
    from unnest(${`{${partnerIds.join(',')}}`}::text[]) p, generate_series(${from}::int, ${to}::int) l
    on conflict do nothing`);
}

const textArray = (values: string[]) => `{${values.join(',')}}`;

/** The history of locations from…to: orders, bookings, events, recipients, deliveries, attempts and API requests. */
export async function insertLocationHistory(db: Database, tenancy: BenchTenancy, from: number, to: number) {
  await db.execute(sql`
    insert into orders (id, location_id, app_partner_id, origin_order_id, origin_name, status, content, request_digest,
      auto_reject_at, version, created_at, updated_at)
    select 'ord_bench_' || l || '_' || n, 'bench-loc-' || l, (${textArray(tenancy.appPartnerIds)}::text[])[1 + n % ${tenancy.appPartnerIds.length}],
      'bench-' || l || '-' || n, 'Bench Ordering App',
      (array['FULFILLED','FULFILLED','FULFILLED','FULFILLED','REJECTED','CANCELLED_BY_CUSTOMER','CANCELLED_BY_MERCHANT'])[1 + (n * 7 + l) % 7]::order_status,
      jsonb_set(jsonb_set(${JSON.stringify(tenancy.orderContent)}::jsonb, '{origin,orderId}', to_jsonb('bench-' || l || '-' || n)),
        '{origin,orderReference}', to_jsonb('B' || n)),
      md5(l || '-' || n), created_at + interval '2 minutes', 3, created_at, created_at + interval '25 minutes'
    from generate_series(${from}::int, ${to}::int) l, generate_series(0, ${ORDERS_PER_LOCATION - 1}) n,
      lateral (select now() - interval '1 day' - n * ${(HISTORY_DAYS - 1) / ORDERS_PER_LOCATION}::float8 * interval '1 day' as created_at) t`);

  // Bookings from 60 days back to 30 days ahead, lunch and dinner, as bench/bookings.ts shapes them.
  await db.execute(sql`
    insert into bookings (id, location_id, app_partner_id, created_by_partner_id, source, origin_name, booking_reference,
      booking_status, asset_type, table_status, table_numbers, number_of_people, start_time, end_time, details,
      version, created_at, updated_at)
    select 'bkg_bench_' || l || '_' || n, 'bench-loc-' || l, app, app, 'APP', 'Bench Booking App', 'ref-' || l || '-' || n,
      (array['CREATED','ACCEPTED','ACCEPTED','ACCEPTED','REJECTED','CANCELLED_BY_CUSTOMER','CANCELLED_BY_MERCHANT'])[1 + (n * 7 + l) % 7]::booking_status,
      case when n % 20 = 0 then 'ROOM' else 'TABLE' end::booking_asset_type,
      case when n % 3 = 0 then 'FINALISED' end::booking_table_status,
      case when n % 20 = 0 then '{}'::text[] when n % 5 = 0 then array[(1 + n % 30)::text, (1 + (n + 1) % 30)::text] else array[(1 + n % 30)::text] end,
      1 + n % 8, start_at, start_at + interval '90 minutes',
      case when n % 20 = 0 then '{"customer":{"name":"Bench Guest"},"rooms":[{"number":"R1"}]}' else '{"customer":{"name":"Bench Guest"}}' end::jsonb, 1,
      start_at - (1 + n % 20) * interval '1 day', start_at - (n % 20) * interval '1 day'
    from generate_series(${from}::int, ${to}::int) l, generate_series(0, ${BOOKINGS_PER_LOCATION - 1}) n,
      lateral (select (${textArray(tenancy.bookingAppPartnerIds)}::text[])[1 + n % ${tenancy.bookingAppPartnerIds.length}] as app,
        date_trunc('day', now()) - interval '60 days' + (n * ${HISTORY_DAYS} / ${BOOKINGS_PER_LOCATION}) * interval '1 day'
          + interval '1 hour' * (11 + (n * 5) % 11) + interval '15 minutes' * (n % 4) as start_at) s`);

  // The seqs are taken from the events' sequence in one statement, not after max(seq): the server runs meanwhile, and
  // an event it writes while a chunk is inserted (the auto-rejection of the set-up's CREATED order, minutes in) would
  // otherwise take the chunk's first seq too, and the chunk's deliveries, named by seq, would collide.
  const count = (to - from + 1) * EVENTS_PER_LOCATION;
  const [range] = rowsOf<{ last: string }>(
    await db.execute(sql`select setval(pg_get_serial_sequence('events', 'seq'), nextval(pg_get_serial_sequence('events', 'seq')) + ${count - 1}) as last`),
  );
  const last = Number(range!.last);
  const first = last - count + 1;
  await insertEvents(db, tenancy, { first, last, from, perLocation: EVENTS_PER_LOCATION, newestDaysAgo: 0, days: EVENT_DAYS });
  await insertRequestLog(db, tenancy, from, to);
  return { events: last - first + 1 };
}

/**
 * Events first…last (seq) of locations from `from` on, `perLocation` each, created between `newestDaysAgo + days`
 * and `newestDaysAgo` days ago, each with one recipient, one webhook delivery (1 in 50 FAILED, the rest SUCCEEDED)
 * and its attempt. Order events: five changes of each generated order.
 */
export async function insertEvents(
  db: Database,
  tenancy: BenchTenancy,
  range: { first: number; last: number; from: number; perLocation: number; newestDaysAgo: number; days: number },
) {
  const partners = textArray(tenancy.recipients.map((recipient) => recipient.partnerId));
  const endpoints = textArray(tenancy.recipients.map((recipient) => recipient.endpointId));
  const count = tenancy.recipients.length;
  const { first, last, from, perLocation } = range;
  await db.execute(sql`
    insert into events (id, seq, type, location_id, resource, resource_id, resource_version, actor_partner_id, payload, created_at)
    overriding system value
    select 'evt_bench_' || seq, seq, type, location, 'order', order_id, version, null,
      jsonb_build_object('id', 'evt_bench_' || seq, 'type', type, 'createdAt', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'locationId', location, 'data', jsonb_build_object('id', order_id, 'uri', ${`${tenancy.publicUrl}/connect/orders/`} || order_id,
        'resource', 'order', 'version', version)),
      created_at
    from generate_series(${first}::bigint, ${last}::bigint) seq,
      lateral (select (seq - ${first}) / ${perLocation} + ${from} as l, (seq - ${first}) % ${perLocation} as n) p,
      lateral (select 'bench-loc-' || l as location, 'ord_bench_' || l || '_' || (n / 5) % ${ORDERS_PER_LOCATION} as order_id, 1 + n % 5 as version,
        (array['ORDER_CREATED','ORDER_ACCEPTED','ORDER_BEING_PREPARED','ORDER_READY','ORDER_FULFILLED'])[1 + n % 5] as type,
        now() - interval '1 day' * ${range.newestDaysAgo} - (${perLocation} - n) * ${range.days / perLocation}::float8 * interval '1 day' as created_at) e`);
  await db.execute(sql`
    insert into event_recipients (partner_id, event_seq, event_id)
    select (${partners}::text[])[1 + seq % ${count}], seq, id from events where seq between ${first} and ${last}`);
  await db.execute(sql`
    insert into webhook_deliveries (id, event_id, event_seq, event_type, endpoint_id, partner_id, resource_key, status,
      attempt_count, next_attempt_at, completed_at, created_at)
    select 'dlv_bench_' || seq, id, seq, type, (${endpoints}::text[])[1 + seq % ${count}], (${partners}::text[])[1 + seq % ${count}],
      'order:' || resource_id, case when seq % 50 = 0 then 'FAILED' else 'SUCCEEDED' end::delivery_status, 1,
      created_at, created_at + interval '1 second', created_at
    from events where seq between ${first} and ${last}`);
  await db.execute(sql`
    insert into webhook_attempts (id, delivery_id, endpoint_id, attempted_at, status_code, latency_ms, error, response_snippet)
    select 'wha_bench_' || event_seq, id, endpoint_id, created_at + interval '1 second', case when status = 'FAILED' then 503 else 204 end, 40,
      case when status = 'FAILED' then 'HTTP 503' end, null
    from webhook_deliveries where event_seq between ${first} and ${last}`);
  // New events of the running service take seqs after the generated ones.
  await db.execute(sql`select setval(pg_get_serial_sequence('events', 'seq'), (select max(seq) from events))`);
}

/**
 * The day the pages are measured on at location 1: `orders` orders received over the last ten hours (none of them
 * CREATED, so no page read rejects any) and `bookings` bookings today in the location's zone.
 */
export async function insertBusyDay(db: Database, tenancy: BenchTenancy, orders: number, bookings: number) {
  await db.execute(sql`
    insert into orders (id, location_id, app_partner_id, origin_order_id, origin_name, status, content, request_digest,
      auto_reject_at, version, created_at, updated_at)
    select 'ord_bench_today_' || n, 'bench-loc-1', ${tenancy.appPartnerIds[0]}, 'bench-today-' || n, 'Bench Ordering App',
      (array['ACCEPTED','BEING_PREPARED','READY','READY','FULFILLED','FULFILLED','FULFILLED','REJECTED'])[1 + n % 8]::order_status,
      jsonb_set(jsonb_set(${JSON.stringify(tenancy.orderContent)}::jsonb, '{origin,orderId}', to_jsonb('bench-today-' || n)),
        '{origin,orderReference}', to_jsonb('T' || n)),
      md5('today-' || n), created_at + interval '2 minutes', 3, created_at, created_at + interval '5 minutes'
    from generate_series(1, ${orders}::int) n, lateral (select now() - interval '10 hours' * n / ${orders} as created_at) t`);
  await db.execute(sql`
    insert into bookings (id, location_id, app_partner_id, created_by_partner_id, source, origin_name, booking_reference,
      booking_status, asset_type, table_status, table_numbers, number_of_people, start_time, end_time, details,
      version, created_at, updated_at)
    select 'bkg_bench_today_' || n, 'bench-loc-1', ${tenancy.bookingAppPartnerIds[0]}, ${tenancy.bookingAppPartnerIds[0]}, 'APP',
      'Bench Booking App', 'today-' || n, (array['CREATED','ACCEPTED','ACCEPTED','ACCEPTED'])[1 + n % 4]::booking_status, 'TABLE',
      null, array[(1 + n % 30)::text], 2 + n % 4, start_at, start_at + interval '90 minutes', '{"customer":{"name":"Bench Guest"}}'::jsonb, 1,
      start_at - interval '2 days', start_at - interval '1 day'
    from generate_series(1, ${bookings}::int) n,
      lateral (select (now() at time zone 'Australia/Sydney')::date::timestamp at time zone 'Australia/Sydney'
        + interval '11 hours' + interval '15 minutes' * (n % 44) as start_at) s`);
  // The floor: three sections of ten tables.
  await db.execute(sql`
    insert into sections (location_id, id, name, position)
    select 'bench-loc-1', 'section-' || s, (array['Main','Terrace','Bar'])[s], s from generate_series(1, 3) s`);
  await db.execute(sql`
    insert into tables (id, location_id, number, section_id)
    select 'tbl_bench_' || t, 'bench-loc-1', t::text, 'section-' || (1 + (t - 1) / 10) from generate_series(1, 30) t`);
}

/**
 * The API request log of locations from…to over the 28 days it keeps (one request per event, as many as the
 * outbox holds), spread over the partners: 1 in 50 a 4xx with its error code, 1 in 1,000 a 500. The console's
 * overview, partner health and request log read it.
 */
export async function insertRequestLog(db: Database, tenancy: BenchTenancy, from: number, to: number) {
  const partners = textArray(tenancy.recipients.map((recipient) => recipient.partnerId));
  const count = tenancy.recipients.length;
  await db.execute(sql`
    insert into api_request_log (at, request_id, surface, method, route, path, status, latency_ms, partner_id, location_id, error_code)
    select now() - (${EVENTS_PER_LOCATION} - n) * ${(REQUEST_LOG_DAYS * 86_400) / EVENTS_PER_LOCATION}::float8 * interval '1 second',
      'bench-' || l || '-' || n, 'connect', method, route, path, status, 3 + (n * 13) % 40,
      (${partners}::text[])[1 + (l + n) % ${count}], 'bench-loc-' || l,
      case status when 400 then 'VALIDATION_FAILED' when 404 then 'NOT_FOUND' when 500 then 'INTERNAL_ERROR' end
    from generate_series(${from}::int, ${to}::int) l, generate_series(0, ${EVENTS_PER_LOCATION - 1}) n,
      lateral (select case when n % 1000 = 7 then 500 when n % 100 = 3 then 400 when n % 100 = 53 then 404 else 200 end as status,
        case n % 3 when 0 then 'POST' when 1 then 'GET' else 'PATCH' end as method,
        case n % 3 when 0 then '/connect/orders' else '/connect/orders/{orderId}' end as route,
        case n % 3 when 0 then '/connect/orders' else '/connect/orders/ord_bench_' || l || '_' || n % ${ORDERS_PER_LOCATION} end as path) r`);
}

/** API request log rows older than the 28-day retention, for the sweep to delete. */
export async function insertExpiredRequestLog(db: Database, count: number) {
  await db.execute(sql`
    insert into api_request_log (at, request_id, surface, method, route, path, status, latency_ms, location_id)
    select now() - interval '29 days' - interval '1 second' * n, 'bench-' || n, 'connect', 'GET', '/connect/orders/{orderId}',
      '/connect/orders/ord_bench_1_' || n % 500, 200, 5, 'bench-loc-1'
    from generate_series(1, ${count}::int) n`);
}

/**
 * A steady-state table: visibility map and statistics current, as autovacuum leaves it, and the generated rows written
 * out by a checkpoint, so the next measurement does not pay for the generator's writes (a million-row insert leaves
 * gigabytes of WAL whose checkpoint would otherwise stall commits minutes later, mid-measurement).
 */
export async function settle(db: Database) {
  // The rows went straight into the tables, past the request-log flusher and the dispatcher that count them as they go.
  await recountRollups(db);
  for (const table of [
    'orders',
    'bookings',
    'events',
    'event_recipients',
    'webhook_deliveries',
    'webhook_attempts',
    'api_request_log',
    'api_request_minutes',
    'api_request_hours',
    'webhook_delivery_hours',
  ]) {
    await db.execute(sql.raw(`vacuum (analyze) ${table}`));
  }
  // CHECKPOINT needs a superuser or pg_checkpoint; without either the measurement just includes those writes.
  await db.execute(sql`checkpoint`).catch((error: unknown) => console.error(`  (no checkpoint: ${String(error).slice(0, 120)})`));
}
