import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { config } from '@/lib/config';
import { logger } from '@/lib/log';
import { recordRequest, type RequestFacts } from '@/lib/ops/request-log';
import { ApiError, isDatabaseUnavailable, pgErrorCode, problemResponse, refusedInput } from './errors';
import { inRequest } from '@/lib/request-context';
import { requestUrl } from '@/lib/api/request-url';

export interface RouteContext {
  params: Promise<Record<string, string | string[]>>;
}

export const docsUrl = () => `${config().PUBLIC_URL}/docs`;

/**
 * The socket's peer address, which server.ts writes into every request after dropping any copy the client sent,
 * so a route handler can read it (Next gives handlers no socket).
 */
export const REMOTE_ADDRESS_HEADER = 'x-counterpart-remote-address';

/**
 * The address per-address limits and lockouts count by. `X-Forwarded-For` is believed only for the TRUST_PROXY hops
 * in front of Counterpart (docs/contract.md#configuration): each proxy appends the address it received the request from, so the client is
 * that many entries from the right, counting the socket's peer as the first hop; anything further left is whatever the
 * client chose to send. With TRUST_PROXY=0 (the default) the header is ignored and the socket's peer counts. An IPv6
 * address counts by its /64, the block one subscriber is given, so walking through it does not reset a limit.
 */
export function clientAddress(source: Request | Pick<Headers, 'get'>): string {
  const headers = 'get' in source ? source : source.headers;
  const peer = headers.get(REMOTE_ADDRESS_HEADER)?.trim() || 'unknown';
  const hops = config().TRUST_PROXY;
  if (hops === 0) return addressBucket(peer);
  const chain = [
    ...(headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    peer,
  ];
  return addressBucket(chain[Math.max(0, chain.length - 1 - hops)]!);
}

/**
 * The bucket an address counts in: itself (an IPv4-mapped IPv6 address, in any spelling, as its IPv4), or its /64
 * for IPv6, written as its first four groups. Anything that is not an IP address counts as itself.
 */
export function addressBucket(address: string): string {
  if (isIP(address) === 0 || !ipaddr.isValid(address)) return address.slice(0, 100);
  const parsed = ipaddr.process(address);
  if (parsed instanceof ipaddr.IPv4) return parsed.toString();
  return `${parsed.parts
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

// docs/contract.md#request-id: a client's X-Request-Id is echoed when it is a plausible id (visible ASCII without spaces, at most 128
// characters); anything else is replaced by a fresh one.
const validRequestId = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export function requestIdOf(request: Pick<Request, 'headers'> | { headers: Pick<Headers, 'get'> }): string {
  return acceptedRequestId(request.headers.get('x-request-id'));
}

/** The client's X-Request-Id when it is a plausible id, otherwise a fresh one. */
export function acceptedRequestId(presented: string | string[] | null | undefined): string {
  const trimmed = typeof presented === 'string' ? presented.trim() : undefined;
  return trimmed && validRequestId.test(trimmed) ? trimmed : randomUUID();
}

/**
 * Runs a handler with a request id and one structured log line, and turns every thrown error into a
 * problem response (STYLE.md habits 1–2): ApiErrors keep their status, database outages answer 503 with
 * Retry-After, anything else is a generic 500 naming only the request id. The answered request is counted in the
 * metrics and queued for the API request log (lib/ops/request-log.ts) with what the wrapper put in `facts`.
 */
export async function withProblemHandling(
  request: Request,
  surface: string,
  run: (requestId: string, log: Logger, facts: RequestFacts) => Promise<Response>,
  extraHeaders: () => Record<string, string> = () => ({}),
  routeContext?: RouteContext,
): Promise<Response> {
  const requestId = requestIdOf(request);
  const url = requestUrl(request);
  const log = logger().child({ requestId, surface, method: request.method, path: url.pathname });
  const startedAt = new Date();
  const started = performance.now();
  const facts: RequestFacts = {};
  let response: Response;
  try {
    response = await inRequest(requestId, () => run(requestId, log, facts));
  } catch (error) {
    response = problemResponse(toApiError(error, requestId, log), url.pathname, docsUrl(), undefined, requestId);
  }
  for (const [key, value] of Object.entries(extraHeaders())) if (!response.headers.has(key)) response.headers.set(key, value);
  response.headers.set('X-Request-Id', requestId);
  const latencyMs = performance.now() - started;
  log.info({ status: response.status, ms: Math.round(latencyMs) }, 'request');
  // Next hands routes without dynamic segments no params at all.
  if (routeContext?.params && !facts.params) facts.params = await Promise.resolve(routeContext.params).catch(() => undefined);
  try {
    recordRequest({ request, response, surface, requestId, startedAt, latencyMs, facts });
  } catch (error) {
    log.warn({ err: error }, 'request not recorded');
  }
  return response;
}

function toApiError(error: unknown, requestId: string, log: Logger): ApiError {
  if (error instanceof ApiError) return error;
  if (isDatabaseUnavailable(error)) {
    log.error({ err: error }, 'database unavailable');
    return new ApiError('SERVICE_UNAVAILABLE', 'The database is unavailable; retry shortly.', { headers: { 'Retry-After': '5' } });
  }
  const refused = refusedInput(error);
  if (refused) return refused;
  if (pgErrorCode(error) === '23505') return new ApiError('CONFLICT', 'The request conflicts with an existing resource.');
  log.error({ err: error }, 'unexpected error');
  return new ApiError('INTERNAL_ERROR', `An unexpected error occurred. Quote request id ${requestId} when reporting it.`);
}
