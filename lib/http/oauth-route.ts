import type { Logger } from 'pino';
import { getDb, type Database } from '@/db/client';
import { config } from '@/lib/config';
import { ApiError } from '@/lib/errors';
import { isDatabaseUnavailable } from '@/db/errors';
import { clientAddress, withProblemHandling } from '@/lib/http/handler-context';
import { consumeRateLimit, rateLimitHeaders, type RateLimitState } from '@/lib/rate-limit';
import type { RequestFacts } from '@/lib/ops/request-log';
import { secretDigest } from '@/lib/tenancy/secrets';
import { DEVICE_CODE_GRANT_TYPE } from '@/lib/auth/device-flow';
import { OAuthError, oauthErrorResponse } from '@/lib/auth/oauth-errors';
import { presentedClient, readOAuthForm, type OAuthForm } from '@/lib/auth/oauth-request';

export interface OAuthRequestContext {
  request: Request;
  db: Database;
  form: OAuthForm;
  log: Logger;
}

/**
 * The one wrapper of the authorisation server's POST endpoints (STYLE.md habit 1, in OAuth's dialect): reads the
 * form, rate limits per client and address (TOKEN_RATE_LIMIT_PER_MINUTE; by address when no client is named) with
 * RateLimit-* headers on every response, and answers every failure as `{error, error_description}` (RFC 6749 §5.2).
 * Exceeding the limit is HTTP 429 `slow_down` with Retry-After, which OAuth clients already back off on.
 */
export function oauthRoute(limiter: string, handler: (context: OAuthRequestContext) => Promise<Response>) {
  return (request: Request) => {
    let limits: RateLimitState | undefined;
    return withProblemHandling(
      request,
      'oauth',
      async (_requestId, log, facts) => {
        try {
          const form = await readOAuthForm(request).catch((error: unknown) => error as Error);
          if (!(form instanceof Error)) describeOAuthRequest(request, form, facts);
          limits = await consumeRateLimit(limiter, rateLimitKey(request, form), config().TOKEN_RATE_LIMIT_PER_MINUTE);
          if (form instanceof Error) throw form;
          return await handler({ request, db: getDb(), form, log });
        } catch (error) {
          return oauthErrorResponse(toOAuthError(error, log));
        }
      },
      () => (limits ? rateLimitHeaders(limits) : {}),
    );
  };
}

/** What the API request log keeps of an OAuth request: the grant type, the client, and the form (redacted there). */
function describeOAuthRequest(request: Request, form: OAuthForm, facts: RequestFacts) {
  facts.grant = form.get('grant_type') ?? (form.has('token') ? 'revoke' : undefined);
  try {
    facts.clientId = presentedClient(request, form).clientId;
  } catch {
    facts.clientId = form.get('client_id');
  }
  facts.requestBody = new URLSearchParams([...form]).toString();
}

/**
 * Per client and source address: anyone can name a client_id, so a budget per client alone would let a stranger spend
 * the real client's (failed attempts lock out separately, client-authentication.ts). Device-code polls count per
 * device code: one POS client_id serves a whole fleet of devices, each paced by its own interval and slow_down
 * (RFC 8628 §3.5), and a made-up device code is a failed attempt.
 */
function rateLimitKey(request: Request, form: OAuthForm | Error): string {
  const address = clientAddress(request);
  if (!(form instanceof Error)) {
    const deviceCode = form.get('device_code');
    if (form.get('grant_type') === DEVICE_CODE_GRANT_TYPE && deviceCode) return `device:${secretDigest(deviceCode)}`;
    try {
      return `client:${presentedClient(request, form).clientId}|ip:${address}`;
    } catch {
      // No usable client identification: fall back to the address.
    }
  }
  return `ip:${address}`;
}

function toOAuthError(error: unknown, log: Logger): OAuthError {
  if (error instanceof OAuthError) return error;
  if (error instanceof ApiError && error.status === 429) return new OAuthError('slow_down', error.message, 429, error.headers);
  if (error instanceof ApiError && error.status < 500) return new OAuthError('invalid_request', error.message, error.status, error.headers);
  if (isDatabaseUnavailable(error)) {
    log.error({ err: error }, 'database unavailable');
    return new OAuthError('temporarily_unavailable', 'The authorisation server is temporarily unavailable; retry shortly.', 503, { 'Retry-After': '5' });
  }
  log.error({ err: error }, 'unexpected error');
  return new OAuthError('server_error', 'An unexpected error occurred.', 500);
}

/** GET endpoints of the authorisation server (discovery, JWKS): public, rate limited by address, cacheable. */
export function oauthMetadataRoute(body: (db: Database) => Promise<unknown> | unknown) {
  return (request: Request) => {
    let limits: RateLimitState | undefined;
    return withProblemHandling(
      request,
      'oauth',
      async () => {
        limits = await consumeRateLimit('oauth-metadata', clientAddress(request), config().RATE_LIMIT_PER_MINUTE);
        return Response.json(await body(getDb()), { headers: { 'Cache-Control': 'public, max-age=60' } });
      },
      () => (limits ? rateLimitHeaders(limits) : {}),
    );
  };
}
