import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { rowsOf } from '@/db/rows';
import * as schema from '@/db/schema';
import { listBookingRows, listBookings } from '@/lib/bookings/list-bookings';
import { merchantBookingDay } from '@/lib/bookings/day-view';
import { listBookingsQuerySchema } from '@/lib/bookings/schema';
import { eventsAfter, sweepExpiredEvents } from '@/lib/events/catch-up';
import { listDeliveries } from '@/lib/events/delivery-log';
import { createWebhookEndpoint } from '@/lib/events/webhook-endpoints';
import { listAudit, sweepAudit } from '@/lib/ops/audit';
import { endpointOptions, partnerOptions } from '@/lib/ops/partners-view';
import { overviewSeries } from '@/lib/ops/overview';
import { partnerHealth } from '@/lib/ops/partner-health';
import { countFailedSince, disableLongFailingEndpoints, endpointHealth } from '@/lib/ops/endpoint-health';
import { listRequests, sweepRequestLog } from '@/lib/ops/request-log';
import { sweepRollups } from '@/lib/ops/rollups';
import { boardOrders, orderDocket } from '@/lib/orders/board-view';
import { createOrder } from '@/lib/orders/create-order';
import { encodeCursor, listLocationOrders } from '@/lib/orders/list-orders';
import { listOrdersQuerySchema } from '@/lib/orders/schema';
import { sampleOrderRequest } from '@/lib/orders/sample-order';
import { createSale } from '@/lib/sales/create-sale';
import { findSaleOfPayment } from '@/lib/sales/payment-sale';
import { createSaleRequestSchema } from '@/lib/sales/schema';
import { loadFloor } from '@/lib/tables/floor-view';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations, type TestPartner } from '@/lib/testing/fixtures';
import { locationScopeOf } from '@/lib/tenancy/scope';

// The tables that grow with traffic. A list, page or sweep that reads one of them must reach its rows through an
// index: at a million rows a sequential scan turns a millisecond query into seconds (bench/data.ts measures it).
const LARGE_TABLES = new Set([
  'orders',
  'order_status_changes',
  'bookings',
  'booking_changes',
  'sales',
  'events',
  'event_recipients',
  'webhook_deliveries',
  'webhook_attempts',
  'api_request_log',
  'audit_log',
  // The console's rollups grow with time (an hour's row per partner, client and error code, kept 28 days).
  'api_request_minutes',
  'api_request_hours',
  'webhook_delivery_hours',
]);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

// Nodes after which a scan's order no longer bounds how much of it is read.
const ORDER_CONSUMERS = new Set(['Sort', 'Hash', 'Aggregate', 'Materialize', 'Merge Join', 'SetOp', 'Unique', 'WindowAgg']);

/**
 * Where a plan reads a whole large table: a Seq Scan, or an index scanned end to end without a condition — which
 * `enable_seqscan = off` makes the planner pick instead of a Seq Scan (for a merge join, say). An unconditioned scan
 * is fine on a partial index (it holds only the rows asked for) and when a Limit stops it because it yields the
 * requested order (the newest 200 deliveries).
 */
function fullScans(node: PlanNode, partialIndexes: Set<string>, among?: Set<string>, limited = false, found: string[] = []): string[] {
  const type = node['Node Type'];
  const relation = node['Relation Name'];
  if (relation && (!among || among.has(relation))) {
    const unconditioned = /Index/.test(type) && !node['Index Cond'] && !partialIndexes.has(node['Index Name'] ?? '') && !limited;
    if (type === 'Seq Scan' || unconditioned || unledCondition(node))
      found.push(`${type} on ${relation}${node['Index Name'] ? ` (${node['Index Name']})` : ''}`);
  } else if (!relation && node['Index Name']) {
    // A Bitmap Index Scan names its index only (its Bitmap Heap Scan above names the table).
    const table = indexTables.get(node['Index Name']);
    if (table && (!among || among.has(table)) && unledCondition(node)) found.push(`${type} on ${table} (${node['Index Name']})`);
  }
  const stillLimited = type === 'Limit' || (limited && !ORDER_CONSUMERS.has(type));
  (node.Plans ?? []).forEach((child, index) => fullScans(child, partialIndexes, among, stillLimited && index === 0, found));
  return found;
}

/**
 * An index scanned with a condition on a later column only (`created_at >= …` on `(location_id, created_at)`): the
 * condition is checked on every entry of the whole index, as slow as a sequential scan at a million rows.
 */
function unledCondition(node: PlanNode): boolean {
  const lead = leadingColumns.get(node['Index Name'] ?? '');
  const condition = node['Index Cond'];
  return lead !== undefined && condition !== undefined && !new RegExp(`\\b${lead}\\b`).test(condition);
}

const { db } = useTestDatabase();

let client: postgres.Sql;
let captured: { query: string; params: unknown[] }[] = [];
let capturing: Database;
let partialIndexes = new Set<string>();
/** Each index's first column (expression indexes have none), and its table. */
let leadingColumns = new Map<string, string>();
let indexTables = new Map<string, string>();

// On a few rows a merge or hash join over whole indexes is cheapest; at a million rows a selective query is a nested
// loop of index lookups. Turning the whole-input strategies off plans the tiny tables as the large ones would be,
// and the planner still falls back to them, whole scans included, when no index can drive the query.
const PLAN_SETTINGS = 'set local enable_seqscan = off; set local enable_mergejoin = off; set local enable_hashjoin = off';

interface PlannedStatement {
  query: string;
  wholeScans: string[];
  tables: string[];
  /** The indexes the plan reads, with their conditions: whether a range reaches the index, not just the filter. */
  indexConditions: string[];
}

function indexConditions(node: PlanNode, found: string[] = []): string[] {
  if (node['Index Name']) found.push(`${node['Index Name']}: ${node['Index Cond'] ?? ''}`);
  for (const child of node.Plans ?? []) indexConditions(child, found);
  return found;
}

/**
 * The statements a lib function sends, captured by running it on a second drizzle instance that logs them (the same
 * builder code, so the exact SQL and parameters), each then planned with sequential scans disabled. With
 * `enable_seqscan = off` the planner still picks a Seq Scan when no index can serve the statement at all, which is
 * exactly a missing index.
 */
async function plansOf(run: (database: Database) => Promise<unknown>): Promise<PlannedStatement[]> {
  captured = [];
  await run(capturing);
  const statements = captured.filter(({ query }) => /^\s*(select|update|delete|with)\b/i.test(query));
  const planned: PlannedStatement[] = [];
  for (const { query, params } of statements) {
    const plan = await client.begin(async (tx) => {
      await tx.unsafe(PLAN_SETTINGS);
      const [row] = await tx.unsafe(`explain (format json) ${query}`, params as postgres.ParameterOrJSON<never>[]);
      return (row!['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan;
    });
    planned.push({
      query,
      wholeScans: fullScans(plan, partialIndexes, LARGE_TABLES),
      tables: [...LARGE_TABLES].filter((table) => query.includes(`"${table}"`) || query.includes(` ${table} `)),
      indexConditions: indexConditions(plan),
    });
  }
  return planned;
}

/** Every statement is index-served, and at least one of them reads `table` (so the check cannot pass vacuously). */
async function expectIndexServed(table: string, run: (database: Database) => Promise<unknown>) {
  const planned = await plansOf(run);
  expect(planned.some((statement) => statement.tables.includes(table))).toBe(true);
  expect(planned.filter((statement) => statement.wholeScans.length).map(({ query, wholeScans }) => ({ query, wholeScans }))).toEqual([]);
}

describe('query plans of the lists, pages and sweeps on large tables', () => {
  let merchantId: string;
  let locationId: string;
  let pos: TestPartner;
  let app: TestPartner;
  let orderId: string;
  let endpointId: string;

  beforeAll(async () => {
    // A second client on the test file's own throwaway database.
    const [current] = rowsOf<{ name: string }>(await db().execute(sql`select current_database() as name`));
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${current!.name}`;
    client = postgres(url.toString(), { max: 2, onnotice: () => {} });
    capturing = drizzle({
      client,
      schema,
      logger: { logQuery: (query, params) => void captured.push({ query, params }) },
    }) as unknown as Database;
    const partial = await client<{ name: string }[]>`select indexrelid::regclass::text as name from pg_index where indpred is not null`;
    partialIndexes = new Set(partial.map((row) => row.name));
    const leads = await client<{ name: string; lead: string; table: string }[]>`
      select i.indexrelid::regclass::text as name, a.attname as lead, i.indrelid::regclass::text as "table" from pg_index i
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]`;
    leadingColumns = new Map(leads.map((row) => [row.name, row.lead]));
    indexTables = new Map(leads.map((row) => [row.name, row.table]));

    const tenant = await createMerchantWithLocations(db());
    merchantId = tenant.merchant.id;
    locationId = tenant.locationIds[0]!;
    pos = await createConnectedPartner(db(), 'POS', [locationId]);
    app = await createConnectedPartner(db(), 'ORDERING_APP', [locationId]);
    endpointId = (await createWebhookEndpoint(db(), pos.partnerId, { url: 'https://pos.example.com/webhook' })).id;
    const { order } = await createOrder(
      db(),
      { partnerId: app.partnerId, partnerName: app.name, scope: { kind: 'PARTNER_CONNECTIONS', partnerId: app.partnerId } },
      sampleOrderRequest(locationId),
    );
    orderId = order.id;
  });
  afterAll(async () => {
    await client?.end();
  });

  const posCaller = () => ({
    partnerId: pos.partnerId,
    partnerType: 'POS' as const,
    scope: locationScopeOf({ kind: 'DEVICE_CODE', partnerId: pos.partnerId, grantId: pos.grantId }),
  });

  it('GET /orders by location, with status, updatedSince and a cursor', async () => {
    await expectIndexServed('orders', (database) =>
      listLocationOrders(
        database,
        posCaller(),
        listOrdersQuerySchema.parse({
          locationId,
          status: 'ACCEPTED,READY',
          updatedSince: '2026-01-01T00:00:00Z',
          cursor: encodeCursor('2026-01-02T00:00:00.000000Z', orderId),
        }),
      ),
    );
    await expectIndexServed('orders', (database) => listLocationOrders(database, posCaller(), listOrdersQuerySchema.parse({ locationId })));
  });

  it('GET /bookings by each date type, with filters and a later page', async () => {
    for (const dateType of ['START', 'CREATED', 'UPDATED']) {
      await expectIndexServed('bookings', (database) =>
        listBookings(
          database,
          posCaller(),
          listBookingsQuerySchema.parse({ locationId, dateType, fromDate: '2026-03-01', toDate: '2026-03-07', bookingStatus: 'ACCEPTED', page: '2' }),
        ),
      );
    }
    await expectIndexServed('bookings', (database) =>
      listBookingRows(database, listBookingsQuerySchema.parse({ locationId, tableNumber: '5,12', assetType: 'TABLE' })),
    );
  });

  it('GET /events from the start and after an event', async () => {
    const caller = { partnerId: pos.partnerId, scope: locationScopeOf({ kind: 'DEVICE_CODE', partnerId: pos.partnerId, grantId: pos.grantId }) };
    // The newest event of the POS (the feed itself hides events while any older transaction on the server is open).
    const [recipient] = await db().select().from(schema.eventRecipients).where(eq(schema.eventRecipients.partnerId, pos.partnerId)).limit(1);
    expect(recipient).toBeDefined();
    await expectIndexServed('event_recipients', (database) => eventsAfter(database, caller, { after: recipient!.eventId, limit: 50 }));
    const appCaller = { partnerId: app.partnerId, scope: { kind: 'PARTNER_CONNECTIONS' as const, partnerId: app.partnerId } };
    await expectIndexServed('event_recipients', (database) => eventsAfter(database, appCaller, { limit: 50 }));
  });

  it('the admin deliveries page: unfiltered, by partner and status, by endpoint, event and type, and its filter choices', async () => {
    await expectIndexServed('webhook_deliveries', (database) => listDeliveries(database, {}, 200));
    await expectIndexServed('webhook_deliveries', (database) => listDeliveries(database, { partnerId: pos.partnerId, status: 'FAILED' }, 200));
    await expectIndexServed('webhook_deliveries', (database) => listDeliveries(database, { status: 'PENDING' }, 200));
    await expectIndexServed('webhook_deliveries', (database) => listDeliveries(database, { endpointId, eventType: 'ORDER_CREATED' }, 200));
    await expectIndexServed('webhook_deliveries', (database) => listDeliveries(database, { eventId: 'evt_missing' }, 200));
    await expectIndexServed('webhook_deliveries', (database) => countFailedSince(database, endpointId, new Date('2026-01-01T00:00:00Z')));
    // The endpoint and partner choices read only those small tables, never an endpoint's deliveries or attempts.
    const choices = [...(await plansOf((database) => endpointOptions(database))), ...(await plansOf((database) => partnerOptions(database)))];
    expect(choices.length).toBe(2);
    expect(choices.flatMap((statement) => statement.tables)).toEqual([]);
  });

  it('endpoint health (the partners page) and the rule that disables long-failing endpoints', async () => {
    await expectIndexServed('webhook_deliveries', (database) => endpointHealth(database));
    await expectIndexServed('webhook_deliveries', (database) => disableLongFailingEndpoints(database));
  });

  it('the console overview and partner health read the rollups, never a day of the request log', async () => {
    for (const table of ['api_request_minutes', 'api_request_hours', 'webhook_delivery_hours', 'webhook_deliveries', 'orders']) {
      await expectIndexServed(table, (database) => overviewSeries(database));
    }
    for (const table of ['api_request_hours', 'webhook_delivery_hours', 'webhook_deliveries']) {
      await expectIndexServed(table, (database) => partnerHealth(database));
    }
    const statements = [...(await plansOf((database) => overviewSeries(database))), ...(await plansOf((database) => partnerHealth(database)))];
    expect(statements.flatMap((statement) => statement.tables)).not.toContain('api_request_log');
  });

  it('the API request log filters', async () => {
    await expectIndexServed('api_request_log', (database) => listRequests(database, {}));
    await expectIndexServed('api_request_log', (database) => listRequests(database, { partnerId: pos.partnerId, statusClass: '4xx' }));
    await expectIndexServed('api_request_log', (database) => listRequests(database, { requestId: 'req-1' }));
    await expectIndexServed('api_request_log', (database) => listRequests(database, { errorCode: 'NOT_FOUND', from: new Date('2026-01-01T00:00:00Z') }));
  });

  it('the audit log filters', async () => {
    await expectIndexServed('audit_log', (database) => listAudit(database, {}));
    await expectIndexServed('audit_log', (database) => listAudit(database, { targetType: 'partner', targetId: pos.partnerId }));
    await expectIndexServed('audit_log', (database) => listAudit(database, { requestId: 'req-1' }));
  });

  it('the order board, live and for a day, and a docket', async () => {
    await expectIndexServed('orders', (database) => boardOrders(database, merchantId));
    await expectIndexServed('orders', (database) => boardOrders(database, merchantId, { locationId, day: '2026-03-01' }));
    // A day reads that day's orders through a created_at range, not the location's whole history.
    const day = (await plansOf((database) => boardOrders(database, merchantId, { day: '2026-03-01' }))).filter((statement) =>
      statement.query.includes('"created_at" >='),
    );
    const conditions = day.flatMap((statement) => statement.indexConditions);
    // Either created_at index; with real statistics the planner takes the location's for one merchant's board.
    expect(conditions.filter((condition) => condition.startsWith('orders_'))).toEqual([
      expect.stringMatching(/^orders_(location_)?created_idx: .*created_at >=.*created_at </),
    ]);
    // Beside it, only the scope check's look-up of each order's location by its key.
    expect(conditions.filter((condition) => !condition.startsWith('orders_'))).toEqual(
      conditions.filter((condition) => !condition.startsWith('orders_')).map(() => expect.stringMatching(/^locations_pkey: \(id = /)),
    );
    await expectIndexServed('order_status_changes', (database) => orderDocket(database, merchantId, orderId));
  });

  it('the bookings day view and the tables page', async () => {
    await expectIndexServed('bookings', (database) => merchantBookingDay(database, merchantId, { location: locationId, date: '2026-03-01' }));
    await expectIndexServed('sales', (database) => loadFloor(database, locationId));
  });

  it('a loyalty activity finds its sale, and a reopening its parent and the parent’s earlier reopening, through an index', async () => {
    const payment = { locationId, paymentId: 'pay-1', goodsAndServices: { amount: 1250, currency: 'AUD' } };
    await expectIndexServed('sales', (database) => findSaleOfPayment(database, payment));
    const sale = (saleId: string, extra: Record<string, unknown>) =>
      createSaleRequestSchema.parse({ locationId, origin: { saleId }, openedZonedDateTime: '2026-05-02T18:30:00+10:00', ...extra });
    const { sale: parent } = await createSale(db(), posCaller(), sale('plan-parent', { closedZonedDateTime: '2026-05-02T20:00:00+10:00' }));
    await expectIndexServed('sales', (database) => createSale(database, posCaller(), sale('plan-reopening', { status: 'REOPENED', parentSaleId: parent.id })));
  });

  it('the retention sweeps select what they delete through an index', async () => {
    await expectIndexServed('events', (database) => sweepExpiredEvents(database, 1000, new Date('2026-01-01T00:00:00Z')));
    await expectIndexServed('api_request_log', (database) => sweepRequestLog(database, new Date('2026-01-01T00:00:00Z')));
    await expectIndexServed('audit_log', (database) => sweepAudit(database, new Date('2026-01-01T00:00:00Z')));
    for (const table of ['api_request_minutes', 'api_request_hours', 'webhook_delivery_hours']) {
      await expectIndexServed(table, (database) => sweepRollups(database, new Date('2026-01-01T00:00:00Z')));
    }
  });

  it('every foreign key into a large table has an index on its columns, so deleting (or cascading) never scans', async () => {
    // A cascade from a swept table runs one lookup per deleted row in the referencing table; EXPLAIN of the DELETE
    // does not show those, so each lookup is planned here on its own.
    const keys = await client<{ child: string; columns: string[] }[]>`
      select c.conrelid::regclass::text as child,
        array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns
      from pg_constraint c
      where c.contype = 'f' and c.confrelid::regclass::text = any(${[...LARGE_TABLES]})`;
    expect(keys.map((key) => `${key.child}(${key.columns.join(', ')})`)).toContain('webhook_deliveries(event_id)');
    const scanned = [];
    for (const key of keys) {
      const where = key.columns.map((column, index) => `"${column}" = $${index + 1}`).join(' and ');
      const plan = await client.begin(async (tx) => {
        await tx.unsafe(PLAN_SETTINGS);
        const [row] = await tx.unsafe(
          `explain (format json) select 1 from "${key.child}" where ${where}`,
          key.columns.map(() => '1'),
        );
        return (row!['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan;
      });
      if (fullScans(plan, partialIndexes).length) scanned.push(`${key.child}(${key.columns.join(', ')})`);
    }
    expect(scanned).toEqual([]);
  });
});
