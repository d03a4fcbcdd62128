import { and, desc, eq, getTableColumns, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { getDb } from '@/db/client';
import { apiRequestLog, events } from '@/db/schema';
import { config } from '@/lib/config';
import { requestUrl } from '@/lib/api/request-url';
import { logger } from '@/lib/log';
import { metrics } from './metrics';
import { columnNames, storableText } from '@/db/rows';
import { redactBody, redactText } from './redact';
import { cursorTime, decodeCursor, keysetBefore, pageOf } from './paging';
import { countRequests, countRequestsInto, requestCountStatements } from './rollups';

/** What a wrapper learns about a request while handling it, for the API request log and the metrics. */
export interface RequestFacts {
  /** The route template, e.g. `/connect/orders/{orderId}`; derived from the path and its params when absent. */
  route?: string;
  params?: Record<string, string | string[] | undefined>;
  partnerId?: string;
  clientId?: string;
  grant?: string;
  locationId?: string;
  /** The raw request body as read (kept only when the answer is 4xx/5xx, redacted). */
  requestBody?: string;
}

export type ApiRequestRow = typeof apiRequestLog.$inferInsert;

/**
 * The route template of a path: every segment that is one of the route's params becomes `{name}` (a catch-all's
 * segments become `{...name}`), so `/connect/orders/ord_1` and `/connect/orders/ord_2` count as one route.
 */
export function routeTemplate(pathname: string, params: RequestFacts['params'] = {}): string {
  const segments = pathname.split('/');
  const decoded = segments.map((segment) => {
    if (!segment.includes('%')) return segment;
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      if (!value.length) continue;
      const start = decoded.length - value.length;
      if (start > 0 && value.every((part, index) => decoded[start + index] === part)) {
        segments.splice(start, value.length, `{...${name}}`);
        decoded.splice(start, value.length, `{...${name}}`);
      }
      continue;
    }
    if (typeof value !== 'string' || !value) continue;
    const at = decoded.lastIndexOf(value);
    if (at > 0) {
      segments[at] = `{${name}}`;
      decoded[at] = `{${name}}`;
    }
  }
  return segments.join('/').slice(0, 300);
}

/** The error code of a problem (`code`) or OAuth (`error`) answer. */
export function errorCodeOf(body: string | null): string | null {
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as { code?: unknown; error?: unknown };
    if (typeof parsed.code === 'string') return parsed.code.slice(0, 100);
    if (typeof parsed.error === 'string' && /^[a-z_]+$/.test(parsed.error)) return parsed.error.slice(0, 100);
  } catch {
    // Not JSON: no code.
  }
  return null;
}

// The write path: rows wait in a bounded in-memory queue and are inserted in batches every second (or as soon as a
// batch is full), so a request never waits for the log. When the queue is full the newest rows are dropped and counted
// (api_request_log_dropped_total) rather than slowing requests down or growing memory without bound.
const FLUSH_INTERVAL_MS = 1000;
const FLUSH_ROWS = 250;
const MAX_QUEUED_ROWS = 10_000;

interface QueueState {
  rows: ApiRequestRow[];
  timer?: NodeJS.Timeout;
  flushing?: Promise<void>;
  pending: Set<Promise<unknown>>;
}

const holder = globalThis as typeof globalThis & { __counterpartRequestLog?: QueueState };
const state = (): QueueState => (holder.__counterpartRequestLog ??= { rows: [], pending: new Set() });

export const requestLogEnabled = () => config().API_LOG_ENABLED;

/** Queues one row; returns at once. */
export function enqueueRequestLog(row: ApiRequestRow): void {
  const queue = state();
  if (queue.rows.length >= MAX_QUEUED_ROWS) {
    metrics().requestLogDropped.inc();
    return;
  }
  queue.rows.push(row);
  if (queue.rows.length >= FLUSH_ROWS) scheduleFlush(0);
  else scheduleFlush(FLUSH_INTERVAL_MS);
}

function scheduleFlush(delay: number) {
  const queue = state();
  if (queue.timer && delay > 0) return;
  clearTimeout(queue.timer);
  queue.timer = setTimeout(() => {
    queue.timer = undefined;
    void flushRequestLog();
  }, delay);
  queue.timer.unref();
}

/** Writes every queued row now (tests and shutdown); rows queued meanwhile go in the next batch. */
export async function flushRequestLog(): Promise<void> {
  const queue = state();
  await Promise.all(queue.pending);
  while (queue.flushing) await queue.flushing;
  if (!queue.rows.length) return;
  const batch = queue.rows.splice(0, queue.rows.length);
  queue.flushing = writeBatch(batch).finally(() => {
    queue.flushing = undefined;
  });
  await queue.flushing;
}

async function writeBatch(batch: ApiRequestRow[]) {
  let db;
  try {
    db = getDb();
  } catch {
    metrics().requestLogDropped.inc(batch.length);
    return;
  }
  for (let start = 0; start < batch.length; start += 500) {
    const chunk = batch.slice(start, start + 500);
    try {
      await db.execute(insertRows(chunk));
    } catch {
      // One row the database refuses must not take its batch with it: insert them one by one, dropping only the bad,
      // then count the rows kept.
      const kept: ApiRequestRow[] = [];
      for (const row of chunk) {
        try {
          await db.insert(apiRequestLog).values(row);
          kept.push(row);
        } catch (error) {
          metrics().requestLogDropped.inc();
          logger().warn({ err: error, requestId: row.requestId, route: row.route }, 'API request log row dropped');
        }
      }
      await countRequestsInto(db, kept).catch((error: unknown) => logger().warn({ err: error, rows: kept.length }, 'API request counts not added'));
    }
  }
}

// The rows travel as one JSON parameter that PostgreSQL takes apart (jsonb_to_recordset), keyed by their property
// names: an insert of 250 rows of 16 columns built value by value cost the server more CPU than the requests it logs.
const loggedColumns = Object.entries(getTableColumns(apiRequestLog)).filter(([, column]) => !column.generatedIdentity);
const recordsetColumns = sql.raw(loggedColumns.map(([key, column]) => `${JSON.stringify(key)} ${column.getSQLType()}`).join(', '));
const recordsetKeys = sql.raw(loggedColumns.map(([key]) => JSON.stringify(key)).join(', '));

// The same statement adds the rows to the console's per-minute and per-hour counts (lib/ops/rollups.ts): counted with
// the rows they count, or not at all.
const insertRows = (rows: ApiRequestRow[]) => {
  const counts = requestCountStatements(countRequests(rows));
  return sql`
    with logged as (
      insert into ${apiRequestLog} (${columnNames(...loggedColumns.map(([, column]) => column))})
      select ${recordsetKeys} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${recordsetColumns})
    ), minutes as (${counts.minutes})
    ${counts.hours}`;
};

/** A client-supplied value as stored: cut to its column's length, with NUL replaced (see `storableText`). */
const stored = (value: string | null | undefined, length: number) => (value ? storableText(value).slice(0, length) : null);

/**
 * Records one answered request: metrics at once, the log row off the request path. Bodies are read only for 4xx/5xx
 * answers, from a clone, after the response has been handed back.
 */
export function recordRequest(input: {
  request: Request;
  response: Response;
  surface: string;
  requestId: string;
  startedAt: Date;
  latencyMs: number;
  facts: RequestFacts;
}): void {
  const { request, response, surface, facts } = input;
  const url = requestUrl(request);
  const route = facts.route ?? routeTemplate(url.pathname, facts.params);
  const status = response.status;
  const m = metrics();
  m.httpRequests.inc({ route, method: request.method, status: String(status) });
  m.httpDuration.observe({ route, method: request.method }, input.latencyMs / 1000);
  if (surface === 'dashboard' || !requestLogEnabled()) return;
  const locationParam = facts.params?.locationId;
  const row: ApiRequestRow = {
    at: input.startedAt,
    requestId: input.requestId,
    surface,
    method: request.method,
    route,
    path: redactText(url.pathname).slice(0, 1000),
    status,
    latencyMs: Math.round(input.latencyMs),
    partnerId: facts.partnerId ?? null,
    clientId: stored(facts.clientId, 200),
    grant: stored(facts.grant, 200),
    locationId: stored(facts.locationId ?? (typeof locationParam === 'string' ? locationParam : url.searchParams.get('locationId')), 100),
    errorCode: null,
    requestBody: null,
    responseBody: null,
  };
  if (status < 400) return enqueueRequestLog(row);
  const requestBody = redactBody(facts.requestBody, request.headers.get('content-type'));
  const pending = response
    .clone()
    .text()
    .catch(() => '')
    .then((text) => {
      enqueueRequestLog({ ...row, errorCode: errorCodeOf(text), requestBody, responseBody: redactBody(text, response.headers.get('content-type')) });
    });
  const queue = state();
  queue.pending.add(pending);
  void pending.finally(() => queue.pending.delete(pending));
}

export interface RequestLogFilters {
  partnerId?: string;
  /** `2xx`, `4xx`, `5xx` … */
  statusClass?: string;
  route?: string;
  errorCode?: string;
  requestId?: string;
  surface?: string;
  method?: string;
  from?: Date;
  to?: Date;
  /**
   * Leaves out what a healthy integration repeats all day: successful reads of the event feed (`GET /connect/events`),
   * health checks, and a device's OAuth polls while its user has yet to approve it (authorization_pending, slow_down).
   */
  hidePolling?: boolean;
}

/** The routes `hidePolling` leaves out when answered 2xx/3xx; device-flow polls are left out by their error code. */
export const POLLING_ROUTES = ['/connect/events', '/healthz', '/readyz'];
/**
 * OAuth device-flow answers a device gets while it waits for its user (RFC 8628 §3.5): polling as designed, not errors.
 */
export const DEVICE_FLOW_POLLING_CODES = ['authorization_pending', 'slow_down'] as const;

export function requestLogConditions(filters: RequestLogFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.partnerId) conditions.push(eq(apiRequestLog.partnerId, filters.partnerId));
  const statusClass = filters.statusClass?.match(/^([1-5])xx$/)?.[1];
  if (statusClass) {
    conditions.push(gte(apiRequestLog.status, Number(statusClass) * 100), lt(apiRequestLog.status, Number(statusClass) * 100 + 100));
  }
  if (filters.route) conditions.push(or(eq(apiRequestLog.route, filters.route), ilike(apiRequestLog.path, `%${filters.route.replace(/[%_\\]/g, '\\$&')}%`))!);
  if (filters.errorCode) conditions.push(eq(apiRequestLog.errorCode, filters.errorCode));
  if (filters.requestId) conditions.push(eq(apiRequestLog.requestId, filters.requestId));
  if (filters.surface) conditions.push(eq(apiRequestLog.surface, filters.surface));
  if (filters.method) conditions.push(eq(apiRequestLog.method, filters.method.toUpperCase()));
  if (filters.hidePolling) {
    conditions.push(
      sql`not (${apiRequestLog.method} = 'GET' and ${apiRequestLog.status} < 400 and ${inArray(apiRequestLog.route, POLLING_ROUTES)})`,
      sql`${apiRequestLog.errorCode} is distinct from ${DEVICE_FLOW_POLLING_CODES[0]} and ${apiRequestLog.errorCode} is distinct from ${DEVICE_FLOW_POLLING_CODES[1]}`,
    );
  }
  if (filters.from) conditions.push(gte(apiRequestLog.at, filters.from));
  if (filters.to) conditions.push(lte(apiRequestLog.at, filters.to));
  return conditions;
}

/** One page of the log, newest first, after a cursor (time to the microsecond, id); `next` is null on the last page. */
export async function pageRequests(db: Executor, filters: RequestLogFilters, page: { after?: string; limit: number }) {
  const conditions = requestLogConditions(filters);
  const after = decodeCursor(page.after, ['string', 'number'] as const);
  if (after) conditions.push(keysetBefore(apiRequestLog.at, apiRequestLog.id, after));
  const rows = await db
    .select({ row: apiRequestLog, cursorAt: cursorTime(apiRequestLog.at) })
    .from(apiRequestLog)
    .where(and(...conditions))
    .orderBy(desc(apiRequestLog.at), desc(apiRequestLog.id))
    .limit(page.limit + 1);
  const { rows: shown, next } = pageOf(rows, page.limit, (row) => [row.cursorAt, row.row.id]);
  return { rows: shown.map((row) => row.row), next };
}

/** The newest logged requests matching the filters. */
export async function listRequests(db: Executor, filters: RequestLogFilters = {}, limit = 100) {
  return db
    .select()
    .from(apiRequestLog)
    .where(and(...requestLogConditions(filters)))
    .orderBy(desc(apiRequestLog.at), desc(apiRequestLog.id))
    .limit(Math.min(limit, 500));
}

export async function getRequest(db: Executor, id: number) {
  const [row] = await db.select().from(apiRequestLog).where(eq(apiRequestLog.id, id)).limit(1);
  return row;
}

/** Deletes rows older than API_LOG_RETENTION_DAYS, a batch at a time; answers how many went. */
export async function sweepRequestLog(db: Executor, now = new Date(), batch = 5000): Promise<number> {
  const cutoff = new Date(now.getTime() - config().API_LOG_RETENTION_DAYS * 86_400_000);
  const rows = await db.execute<{ id: number }>(
    // A bounded delete: a large backlog is worked off over several runs rather than in one long statement.
    sql`delete from api_request_log where id in (select id from api_request_log where at < ${cutoff.toISOString()} limit ${batch}) returning id`,
  );
  return Array.isArray(rows) ? rows.length : ((rows as { rows?: unknown[] }).rows?.length ?? 0);
}

/** The events an API request caused (recorded with its request id when they were emitted), newest first. */
export async function eventsOfRequest(db: Executor, requestId: string) {
  return db
    .select({ id: events.id, type: events.type, resource: events.resource, resourceId: events.resourceId, createdAt: events.createdAt })
    .from(events)
    .where(eq(events.requestId, requestId))
    .orderBy(desc(events.seq))
    .limit(50);
}
