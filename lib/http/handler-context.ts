import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import { config } from '@/lib/config';
import { logger } from '@/lib/log';
import { ApiError, isDatabaseUnavailable, pgErrorCode, problemResponse } from './errors';

export interface RouteContext {
  params: Promise<Record<string, string | string[]>>;
}

export const docsUrl = () => `${config().PUBLIC_URL}/docs`;

export function clientAddress(request: Request): string {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || request.headers.get('x-real-ip') || 'local';
}

/**
 * Runs a handler with a request id and one structured log line, and turns every thrown error into a
 * problem response (STYLE.md habits 1–2): ApiErrors keep their status, database outages answer 503 with
 * Retry-After, anything else is a generic 500 naming only the request id.
 */
export async function withProblemHandling(
  request: Request,
  surface: string,
  run: (requestId: string, log: Logger) => Promise<Response>,
  extraHeaders: () => Record<string, string> = () => ({}),
): Promise<Response> {
  const requestId = request.headers.get('x-request-id')?.slice(0, 100) || randomUUID();
  const url = new URL(request.url);
  const log = logger().child({ requestId, surface, method: request.method, path: url.pathname });
  const started = performance.now();
  let response: Response;
  try {
    response = await run(requestId, log);
  } catch (error) {
    response = problemResponse(toApiError(error, requestId, log), url.pathname, docsUrl());
  }
  for (const [key, value] of Object.entries(extraHeaders())) if (!response.headers.has(key)) response.headers.set(key, value);
  response.headers.set('X-Request-Id', requestId);
  log.info({ status: response.status, ms: Math.round(performance.now() - started) }, 'request');
  return response;
}

function toApiError(error: unknown, requestId: string, log: Logger): ApiError {
  if (error instanceof ApiError) return error;
  if (isDatabaseUnavailable(error)) {
    log.error({ err: error }, 'database unavailable');
    return new ApiError('SERVICE_UNAVAILABLE', 'The database is unavailable; retry shortly.', { headers: { 'Retry-After': '5' } });
  }
  const sqlState = pgErrorCode(error);
  // Input the database itself refuses (class 22: a NUL byte, a number out of range …) is the client's error.
  if (sqlState?.startsWith('22')) return new ApiError('BAD_REQUEST', 'A value in the request is out of range or not representable.');
  if (sqlState === '23505') return new ApiError('CONFLICT', 'The request conflicts with an existing resource.');
  log.error({ err: error }, 'unexpected error');
  return new ApiError('INTERNAL_ERROR', `An unexpected error occurred. Quote request id ${requestId} when reporting it.`);
}
