import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '@/db/rows';
import { apiRequestHours, apiRequestMinutes, webhookDeliveries, webhookDeliveryHours } from '@/db/schema';
import { resetConfig } from '@/lib/config';
import { replayFailedDeliveries } from '@/lib/events/replay';
import { dispatchUntil, emitOrderEvent, webhookSubscriber } from '@/lib/testing/event-fixtures';
import { startWebhookReceiver } from '@/lib/testing/webhook-receiver';
import { createWebhookDispatcher } from '@/lib/events/webhook-dispatcher';
import { useTestDatabase } from '@/lib/testing/database';
import { overviewSeries } from './overview';
import { partnerHealth } from './partner-health';
import { enqueueRequestLog, flushRequestLog, type ApiRequestRow } from './request-log';
import { countRequests, histogramQuantile, LATENCY_BOUNDS_MS, LATENCY_BUCKETS, latencyBucket, recountRollups, sweepRollups } from './rollups';

const database = useTestDatabase();
const db = () => database.db();

beforeEach(() => resetConfig({ API_LOG_ENABLED: 'true', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_SCHEDULE: '0', WEBHOOK_TIMEOUT_MS: '2000' }));
afterEach(() => resetConfig());

/** Every rollup row, in key order. */
async function rollups() {
  const minutes = await db().select().from(apiRequestMinutes).orderBy(apiRequestMinutes.minute);
  const hours = (await db().select().from(apiRequestHours)).sort((a, b) =>
    JSON.stringify([a.hour, a.partnerId, a.clientId, a.errorCode]).localeCompare(JSON.stringify([b.hour, b.partnerId, b.clientId, b.errorCode])),
  );
  const deliveries = await db().select().from(webhookDeliveryHours).orderBy(webhookDeliveryHours.hour, webhookDeliveryHours.partnerId);
  return { minutes, hours, deliveries };
}

/** What was counted as it happened must equal a count of the raw rows from scratch. */
async function expectCountsToMatchRecount() {
  const counted = await rollups();
  await recountRollups(db());
  expect(await rollups()).toEqual(counted);
  return counted;
}

let sequence = 0;
const logRow = (at: string, overrides: Partial<ApiRequestRow> = {}): ApiRequestRow => ({
  at: new Date(at),
  requestId: `req-rollup-${++sequence}`,
  surface: 'partner',
  method: 'GET',
  route: '/connect/orders/{orderId}',
  path: '/connect/orders/ord_1',
  status: 200,
  latencyMs: 7,
  partnerId: 'prt_rollup',
  clientId: 'client-rollup',
  grant: null,
  locationId: null,
  errorCode: null,
  requestBody: null,
  responseBody: null,
  ...overrides,
});

describe('the latency histogram', () => {
  it('puts a latency in the bucket PostgreSQL’s width_bucket names for it', async () => {
    const samples = [0, 1, 2, 5, 9, 10, 11, 99, 100, 101, 999, 1000, 9999, 10000, 10001, 600000];
    const result = await db().execute(
      sql`select v, width_bucket(v, ${`{${LATENCY_BOUNDS_MS.join(',')}}`}::int[]) as bucket from unnest(${`{${samples.join(',')}}`}::int[]) v`,
    );
    const expected = rowsOf<{ v: number; bucket: number }>(result).map((row) => [Number(row.v), Number(row.bucket)]);
    expect(samples.map((ms) => [ms, latencyBucket(ms)])).toEqual(expected);
    expect(latencyBucket(600000)).toBe(LATENCY_BUCKETS - 1);
  });

  it('reads quantiles within a quarter of the true ones, and none from an empty histogram', () => {
    expect(histogramQuantile(new Array<number>(LATENCY_BUCKETS).fill(0), 0.5)).toBeNull();
    const oneBucket = new Array<number>(LATENCY_BUCKETS).fill(0);
    oneBucket[latencyBucket(10)] = 4; // [10, 12)
    expect(histogramQuantile(oneBucket, 0.5)).toBe(11);
    const overflow = new Array<number>(LATENCY_BUCKETS).fill(0);
    overflow[LATENCY_BUCKETS - 1] = 3;
    expect(histogramQuantile(overflow, 0.95)).toBe(10000);

    // Latencies spread like an API's: most a few milliseconds, a tail into the hundreds (a fixed pseudo-random draw).
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const latencies = Array.from({ length: 5000 }, () => Math.round(Math.exp(1 + random() * random() * 6)));
    const counts = new Array<number>(LATENCY_BUCKETS).fill(0);
    for (const ms of latencies) counts[latencyBucket(ms)]!++;
    const sorted = [...latencies].sort((a, b) => a - b);
    for (const q of [0.5, 0.95, 0.99]) {
      const exact = sorted[Math.ceil(q * sorted.length) - 1]!;
      expect(Math.abs(histogramQuantile(counts, q)! - exact) / exact).toBeLessThan(0.25);
    }
  });
});

describe('request counts', () => {
  it('are added with the logged rows, per minute and per hour, partner, client and error code, as a recount finds them', async () => {
    enqueueRequestLog(logRow('2026-03-01T10:15:10Z', { latencyMs: 3 }));
    enqueueRequestLog(logRow('2026-03-01T10:15:50Z', { status: 404, errorCode: 'NOT_FOUND', latencyMs: 40 }));
    enqueueRequestLog(logRow('2026-03-01T10:16:00Z', { status: 503, errorCode: 'UNAVAILABLE', latencyMs: 1200 }));
    enqueueRequestLog(logRow('2026-03-01T11:00:00Z', { surface: 'oauth', route: '/oauth/token', partnerId: null, latencyMs: 20 }));
    await flushRequestLog();
    // A second batch adds to rows that exist.
    enqueueRequestLog(logRow('2026-03-01T10:15:30Z', { status: 404, errorCode: 'NOT_FOUND', latencyMs: 41 }));
    await flushRequestLog();

    const { minutes, hours } = await expectCountsToMatchRecount();
    expect(minutes.map(({ latencyCounts: _, ...row }) => ({ ...row, minute: row.minute.toISOString() }))).toEqual([
      { minute: '2026-03-01T10:15:00.000Z', requests: 3, clientErrors: 2, serverErrors: 0 },
      { minute: '2026-03-01T10:16:00.000Z', requests: 1, clientErrors: 0, serverErrors: 1 },
      { minute: '2026-03-01T11:00:00.000Z', requests: 1, clientErrors: 0, serverErrors: 0 },
    ]);
    expect(minutes[0]!.latencyCounts[latencyBucket(3)]).toBe(1);
    expect(minutes[0]!.latencyCounts[latencyBucket(40)]).toBe(2);
    expect(minutes[0]!.latencyCounts.reduce((sum, n) => sum + n, 0)).toBe(3);
    expect(hours.map((row) => [row.hour.toISOString().slice(11, 13), row.partnerId, row.errorCode, row.requests, row.errors, row.tokenGrants])).toEqual([
      ['10', 'prt_rollup', 'NOT_FOUND', 2, 2, 0],
      ['10', 'prt_rollup', 'UNAVAILABLE', 1, 1, 0],
      ['10', 'prt_rollup', null, 1, 0, 0],
      ['11', null, null, 1, 0, 1],
    ]);
    expect(hours[0]!.lastAt.toISOString()).toBe('2026-03-01T10:15:50.000Z');
  });

  it('count only the rows the log kept when the database refuses one of a batch', async () => {
    enqueueRequestLog(logRow('2026-03-02T08:00:00Z'));
    enqueueRequestLog(logRow('2026-03-02T08:00:01Z', { latencyMs: 2 ** 40 }));
    enqueueRequestLog(logRow('2026-03-02T08:00:02Z'));
    await flushRequestLog();
    const [minute] = await db()
      .select()
      .from(apiRequestMinutes)
      .where(eq(apiRequestMinutes.minute, new Date('2026-03-02T08:00:00Z')));
    expect(minute!.requests).toBe(2);
    await expectCountsToMatchRecount();
  });
});

describe('delivery counts', () => {
  const receivers: { close(): Promise<void> }[] = [];
  afterAll(async () => Promise.all(receivers.map((receiver) => receiver.close())));

  it('add a delivery when it finishes, take a failed one back when it is replayed, and match a recount', async () => {
    let answer = 500;
    const receiver = await startWebhookReceiver(
      () => [],
      (request) => (request.event.data.id === 'ok' ? 200 : answer),
    );
    receivers.push(receiver);
    const { locationId, partnerId, endpoint } = await webhookSubscriber(db(), receiver.url);
    const dispatcher = createWebhookDispatcher(database.handle(), { batchSize: 50 });
    const before = new Date(Date.now() - 1000);
    await emitOrderEvent(db(), { locationId, partnerId, orderId: 'ok', version: 1 });
    await emitOrderEvent(db(), { locationId, partnerId, orderId: 'broken', version: 1 });
    const finished = async () =>
      (await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).every((row) => row.status !== 'PENDING');
    const counts = async () => {
      const rows = await db().select().from(webhookDeliveryHours).where(eq(webhookDeliveryHours.partnerId, partnerId));
      return { succeeded: rows.reduce((sum, row) => sum + row.succeeded, 0), failed: rows.reduce((sum, row) => sum + row.failed, 0) };
    };

    await dispatchUntil(dispatcher, finished);
    expect(await counts()).toEqual({ succeeded: 1, failed: 1 });
    await expectCountsToMatchRecount();

    answer = 200;
    expect((await replayFailedDeliveries(db(), endpoint.id, before)).replayed).toBe(1);
    expect(await counts()).toEqual({ succeeded: 1, failed: 0 });
    await expectCountsToMatchRecount();

    await dispatchUntil(dispatcher, finished);
    expect(await counts()).toEqual({ succeeded: 2, failed: 0 });
    await expectCountsToMatchRecount();

    const health = (await partnerHealth(db())).find((partner) => partner.id === partnerId)!;
    expect(health).toMatchObject({ webhookSuccessRate: 1, webhookBacklog: 0 });
  });
});

describe('the console reads the counts', () => {
  it('over the current hour and the 24 before it, and the sweep keeps what it reads', async () => {
    const now = Date.now();
    const ago = (ms: number) => new Date(now - ms).toISOString();
    enqueueRequestLog(logRow(ago(60_000), { partnerId: 'prt_console', status: 429, errorCode: 'RATE_LIMITED', latencyMs: 9 }));
    enqueueRequestLog(logRow(ago(120_000), { partnerId: 'prt_console', latencyMs: 9 }));
    // Beyond the window: neither the health page nor the overview counts it.
    enqueueRequestLog(logRow(ago(26 * 3_600_000), { partnerId: 'prt_console', status: 500, errorCode: 'OLD_ERROR' }));
    await flushRequestLog();

    const overview = await overviewSeries(db());
    expect(overview.topErrors).toContainEqual({ code: 'RATE_LIMITED', count: 1 });
    expect(overview.topErrors.map((row) => row.code)).not.toContain('OLD_ERROR');
    const minute = overview.requests.find((row) => row.minute === ago(60_000).slice(11, 16))!;
    expect(minute).toMatchObject({ '4xx': 1, p50: 9 });

    await db().execute(sql`insert into partners (id, name, type) values ('prt_console', 'Console app', 'ORDERING_APP')`);
    const health = (await partnerHealth(db())).find((partner) => partner.id === 'prt_console')!;
    expect(health).toMatchObject({ requests24h: 2, errorRate24h: 0.5 });
    expect(health.lastRequestAt!.toISOString()).toBe(ago(60_000));

    // Today's rows are kept; earlier tests' rows of March have gone (minutes after two days, hours after 28).
    expect(await sweepRollups(db(), new Date(now))).toBeGreaterThan(0);
    let left = await rollups();
    expect(left.minutes.length).toBeGreaterThan(0);
    expect(left.minutes.every((row) => row.minute.getTime() > now - 2 * 86_400_000)).toBe(true);
    expect(left.hours.every((row) => row.hour.getTime() > now - 28 * 86_400_000)).toBe(true);
    expect(left.hours.filter((row) => row.partnerId === 'prt_console')).toHaveLength(3);
    // Three days on, the minutes have gone too; the hours stay for the log's retention.
    await sweepRollups(db(), new Date(now + 3 * 86_400_000));
    left = await rollups();
    expect(left.minutes).toEqual([]);
    expect(left.hours.filter((row) => row.partnerId === 'prt_console')).toHaveLength(3);
  });
});

describe('a batch of logged requests counted', () => {
  it('per minute and per (hour, partner, client, error code), each in key order, with the latest request of each hour', () => {
    const row = (at: string, status: number, extra: { partnerId?: string; clientId?: string; errorCode?: string; surface?: string } = {}) => ({
      at: new Date(at),
      status,
      latencyMs: 3,
      surface: extra.surface ?? 'partner',
      partnerId: extra.partnerId ?? null,
      clientId: extra.clientId ?? null,
      errorCode: extra.errorCode ?? null,
    });
    const { minutes, hours } = countRequests([
      row('2026-03-01T11:00:05Z', 200, { partnerId: 'p1' }),
      row('2026-03-01T10:59:58Z', 404, { partnerId: 'p1', errorCode: 'NOT_FOUND' }),
      row('2026-03-01T10:59:59Z', 500, { partnerId: 'p1', errorCode: 'NOT_FOUND' }),
      row('2026-03-01T10:59:40Z', 200, { partnerId: 'p1' }),
      row('2026-03-01T11:00:01Z', 200, { partnerId: 'p1' }),
      row('2026-03-01T11:00:02Z', 200, { surface: 'oauth' }),
    ]);
    expect(minutes.map(({ minute, requests, clientErrors, serverErrors }) => ({ minute, requests, clientErrors, serverErrors }))).toEqual([
      { minute: '2026-03-01T10:59:00.000Z', requests: 3, clientErrors: 1, serverErrors: 1 },
      { minute: '2026-03-01T11:00:00.000Z', requests: 3, clientErrors: 0, serverErrors: 0 },
    ]);
    expect(minutes[0]!.latencyCounts[latencyBucket(3)]).toBe(3);
    expect(hours).toEqual([
      {
        hour: '2026-03-01T10:00:00.000Z',
        partnerId: 'p1',
        clientId: null,
        errorCode: null,
        requests: 1,
        errors: 0,
        tokenGrants: 0,
        lastAt: '2026-03-01T10:59:40.000Z',
      },
      {
        hour: '2026-03-01T10:00:00.000Z',
        partnerId: 'p1',
        clientId: null,
        errorCode: 'NOT_FOUND',
        requests: 2,
        errors: 2,
        tokenGrants: 0,
        lastAt: '2026-03-01T10:59:59.000Z',
      },
      {
        hour: '2026-03-01T11:00:00.000Z',
        partnerId: null,
        clientId: null,
        errorCode: null,
        requests: 1,
        errors: 0,
        tokenGrants: 1,
        lastAt: '2026-03-01T11:00:02.000Z',
      },
      {
        hour: '2026-03-01T11:00:00.000Z',
        partnerId: 'p1',
        clientId: null,
        errorCode: null,
        requests: 2,
        errors: 0,
        tokenGrants: 0,
        lastAt: '2026-03-01T11:00:05.000Z',
      },
    ]);
  });
});
