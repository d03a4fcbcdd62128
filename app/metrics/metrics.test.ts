import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import * as orderItem from '@/app/connect/orders/[orderId]/route';
import { resetConfig } from '@/lib/config';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { callRoute } from '@/lib/testing/http';
import { GET } from './route';

const METRICS_TOKEN = 'metrics-test-token-0123456789';
const { db } = useTestDatabase();

interface Family {
  name: string;
  type: string;
  metrics: { labels?: Record<string, string>; value?: string; buckets?: Record<string, string>; count?: string }[];
}

const scrape = async (token?: string) => callRoute(GET, 'GET', '/metrics', { token });

async function families(): Promise<Family[]> {
  const response = await scrape(METRICS_TOKEN);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  return parsePrometheusTextFormat(await response.text()) as Family[];
}

const requestsFor = (all: Family[], labels: Record<string, string>) =>
  Number(
    all
      .find((family) => family.name === 'http_requests_total')
      ?.metrics.find((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value))?.value ?? 0,
  );

describe('GET /metrics', () => {
  afterEach(() => resetConfig());

  it('is absent (404) without METRICS_TOKEN and refuses a missing or wrong token (401)', async () => {
    resetConfig({ METRICS_TOKEN: '' });
    expect((await scrape(METRICS_TOKEN)).status).toBe(404);
    resetConfig({ METRICS_TOKEN });
    const missing = await scrape();
    expect(missing.status).toBe(401);
    expect(missing.headers.get('content-type')).toBe('application/problem+json');
    expect((await scrape('wrong-token-0123456789')).status).toBe(401);
  });

  it('parses as Prometheus text, has the documented families and counts a request by route template', async () => {
    resetConfig({ METRICS_TOKEN });
    const { locationIds } = await createMerchantWithLocations(db());
    const pos = await createConnectedPartner(db(), 'POS', locationIds);
    const labels = { route: '/connect/orders/{orderId}', method: 'GET', status: '404' };
    const before = requestsFor(await families(), labels);
    await callRoute(orderItem.GET, 'GET', '/connect/orders/ord_1', { token: pos.token, params: { orderId: 'ord_1' } });
    await callRoute(orderItem.GET, 'GET', '/connect/orders/ord_2', { token: pos.token, params: { orderId: 'ord_2' } });
    const after = await families();
    expect(requestsFor(after, labels)).toBe(before + 2);
    const names = new Set(after.map((family) => family.name));
    for (const name of [
      'http_requests_total',
      'http_request_duration_seconds',
      'webhook_deliveries_total',
      'webhook_delivery_backlog',
      'webhook_delivery_oldest_due_age_seconds',
      'websocket_connections',
      'sse_connections',
      'nodejs_eventloop_lag_seconds',
      'background_loop_last_run_timestamp_seconds',
      'database_operation_duration_seconds',
      'database_operations_in_flight',
      'database_pool_max_connections',
    ]) {
      expect(names, name).toContain(name);
    }
    const histogram = after.find((family) => family.name === 'http_request_duration_seconds')!;
    expect(histogram.type).toBe('HISTOGRAM');
    expect(histogram.metrics.some((metric) => metric.buckets && Number(metric.buckets['+Inf']) > 0)).toBe(true);
  });

  it('times database statements and transactions and reports the pool', async () => {
    resetConfig({ METRICS_TOKEN });
    // The text parser drops a histogram's labels, so the counts are read off the text itself.
    const scrapeText = async () => (await scrape(METRICS_TOKEN)).text();
    const count = (text: string, kind: string, outcome: string) =>
      Number(new RegExp(`^database_operation_duration_seconds_count\\{kind="${kind}",outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    const gauge = (text: string, name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1]);
    const before = await scrapeText();
    await db().execute(sql`select 1`);
    await db().execute(sql`select 2`);
    await expect(db().execute(sql`select * from no_such_table`)).rejects.toThrow();
    await db().transaction(async (tx) => tx.execute(sql`select 3`));
    const after = await scrapeText();
    // The scrape itself runs statements too (the delivery backlog), so at least the ones made here are counted.
    expect(count(after, 'statement', 'ok') - count(before, 'statement', 'ok')).toBeGreaterThanOrEqual(2);
    expect(count(after, 'statement', 'error') - count(before, 'statement', 'error')).toBe(1);
    expect(count(after, 'transaction', 'ok') - count(before, 'transaction', 'ok')).toBe(1);
    expect(gauge(after, 'database_pool_max_connections')).toBeGreaterThanOrEqual(1);
    // Nothing is under way between calls but the scrape's own reads.
    expect(gauge(after, 'database_operations_in_flight')).toBeLessThan(5);
  });
});
