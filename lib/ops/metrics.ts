import { and, count, eq, min, sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { observeOperations, operationsInFlight } from '@/db/activity';
import { databaseHandle, getDb, type Database } from '@/db/client';
import { posPresence, webhookDeliveries } from '@/db/schema';
import { freshPresence } from '@/lib/events/pos-presence';

// docs/contract.md#operations: the Prometheus metrics `GET /metrics` serves. One registry per process, kept on globalThis so server.ts,
// the background loops and Next's route bundles (which may load this module separately) all count into it.

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // A gauge read from the database at each scrape; a failed read leaves its last value (the scrape still answers).
  const databaseGauge = (name: string, help: string, read: (db: Database) => Promise<number>) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const db = database();
        if (!db) return;
        const value = await read(db).catch(() => undefined);
        if (value !== undefined) this.set(value);
      },
    });
  const databaseOperations = new Histogram({
    name: 'database_operation_duration_seconds',
    help: 'Database statements and transactions by kind and outcome, from hand-off to the client (pool wait included).',
    labelNames: ['kind', 'outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    registers: [registry],
  });
  observeOperations((kind, seconds, failed) => databaseOperations.observe({ kind, outcome: failed ? 'error' : 'ok' }, seconds));
  const database = () => {
    try {
      return getDb();
    } catch {
      return undefined;
    }
  };
  return {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'Partner-API, OAuth and /manage requests answered, by route template, method and status.',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a partner-API, OAuth or /manage request, by route template.',
      labelNames: ['route', 'method'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    webhookDeliveries: new Counter({
      name: 'webhook_deliveries_total',
      help: 'Webhook delivery attempts by result: succeeded, retrying (will be tried again) or failed (for good).',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
    webhookBacklog: databaseGauge('webhook_delivery_backlog', 'Webhook deliveries waiting to be sent (PENDING).', async (db) => {
      const [row] = await db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.status, 'PENDING'));
      return Number(row!.n);
    }),
    webhookOldestDue: databaseGauge(
      'webhook_delivery_oldest_due_age_seconds',
      'How long the oldest due webhook delivery has been waiting (0 when none is due).',
      async (db) => {
        const [row] = await db
          .select({ oldest: min(webhookDeliveries.nextAttemptAt) })
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.status, 'PENDING'), sql`${webhookDeliveries.nextAttemptAt} <= now()`));
        return row?.oldest ? Math.max(0, (Date.now() - new Date(row.oldest).getTime()) / 1000) : 0;
      },
    ),
    websocketConnections: databaseGauge('websocket_connections', 'Open POS notification WebSockets (every instance, by their heartbeats).', async (db) => {
      const [row] = await db.select({ n: count() }).from(posPresence).where(freshPresence());
      return Number(row!.n);
    }),
    databaseOperations,
    databaseInFlight: new Gauge({
      name: 'database_operations_in_flight',
      help: 'Statements and transactions handed to the database client and not yet settled (in use or waiting for a pool connection).',
      registers: [registry],
      collect() {
        this.set(operationsInFlight());
      },
    }),
    databasePoolMax: new Gauge({
      name: 'database_pool_max_connections',
      help: 'Connections the database pool may open on this instance (1 for embedded PGlite).',
      registers: [registry],
      collect() {
        try {
          this.set(databaseHandle().maxConnections);
        } catch {
          // No database installed yet: nothing to report.
        }
      },
    }),
    sseConnections: new Gauge({ name: 'sse_connections', help: 'Open dashboard event streams (Server-Sent Events) on this instance.', registers: [registry] }),
    loopLastRun: new Gauge({
      name: 'background_loop_last_run_timestamp_seconds',
      help: 'When each background loop last finished a run (Unix time).',
      labelNames: ['loop'] as const,
      registers: [registry],
    }),
    requestLogDropped: new Counter({
      name: 'api_request_log_dropped_total',
      help: 'API request log rows dropped because the write queue was full or the database refused them.',
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const holder = globalThis as typeof globalThis & { __counterpartMetrics?: Metrics };

export function metrics(): Metrics {
  holder.__counterpartMetrics ??= createMetrics();
  return holder.__counterpartMetrics;
}
