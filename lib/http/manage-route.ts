import { timingSafeEqual, createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { getDb, type Database } from '@/db/client';
import { config } from '@/lib/config';
import { ADMIN_API_ACTOR, recordAudit } from '@/lib/ops/audit';
import { routeTemplate } from '@/lib/ops/request-log';
import { ApiError, notFound } from './errors';
import { clientAddress, type RouteContext, withProblemHandling } from './handler-context';
import { requestUrl } from '@/lib/api/request-url';
import type { OperationDoc, RouteDeclaration } from '@/lib/api/operation-doc';
import { consumeRateLimit, rateLimitHeaders, type RateLimitState } from '@/lib/rate-limit';
import { assertContentType, parseJson, readBodyText } from '@/lib/api/request-body';
import { searchParamsObject, validateSegments } from '@/lib/api/validation';

type Schema = z.ZodType | undefined;
type QuerySchema = RouteDeclaration['query'];
type ParamsSchema = z.ZodObject | undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface ManageRouteOptions<B extends Schema, Q extends QuerySchema, P extends ParamsSchema> {
  body?: B;
  query?: Q;
  params?: P;
  /** The operation's OpenAPI documentation; every route of the published API has one (app/connect/openapi.json). */
  doc?: OperationDoc;
  /** The handler's lib function writes its own audit entry (the state before and after, in its transaction): the route writes none. */
  auditsItself?: boolean;
}

export interface ManageRequestContext<B, Q, P> {
  request: Request;
  requestId: string;
  log: Logger;
  db: Database;
  body: B;
  query: Q;
  params: P;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests so the comparison takes the same time whatever the key's length or content. */
function keyMatches(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

/** The wrapper of every `/manage` verb (docs/contract.md#management-api): disabled (404) without ADMIN_API_KEY, 401 for a wrong key. */
export function manageRoute<B extends Schema = undefined, Q extends QuerySchema = undefined, P extends ParamsSchema = undefined>(
  options: ManageRouteOptions<B, Q, P>,
  handler: (context: ManageRequestContext<Out<B>, Out<Q>, Out<P>>) => Promise<Response>,
) {
  const route = (request: Request, routeContext: RouteContext) => {
    let limits: RateLimitState | undefined;
    return withProblemHandling(
      request,
      'manage',
      async (requestId, log, facts) => {
        const adminKey = config().ADMIN_API_KEY;
        if (!adminKey) throw notFound('Page');
        limits = await consumeRateLimit('manage', clientAddress(request), config().RATE_LIMIT_PER_MINUTE);
        const presented = request.headers
          .get('authorization')
          ?.match(/^Bearer\s+(.+)$/i)?.[1]
          ?.trim();
        if (!presented || !keyMatches(presented, adminKey)) {
          throw new ApiError('UNAUTHORIZED', 'A valid admin API key is required.', {
            headers: { 'WWW-Authenticate': 'Bearer realm="manage"' },
          });
        }
        let body: unknown;
        if (options.body) {
          const text = await readBodyText(request);
          facts.requestBody = text;
          assertContentType(request, ['application/json']);
          body = parseJson(text);
        }
        const params = await routeContext.params;
        facts.params = params;
        const parsed = validateSegments(
          { path: options.params, query: options.query, body: options.body },
          { path: params, query: searchParamsObject(requestUrl(request).searchParams), body },
        );
        const response = await handler({
          request,
          requestId,
          log,
          db: getDb(),
          body: parsed.body as Out<B>,
          query: parsed.query as Out<Q>,
          params: (options.params ? parsed.path : params) as Out<P>,
        });
        if (request.method !== 'GET' && request.method !== 'HEAD' && response.ok && !options.auditsItself)
          await auditManageChange(request, response, params, body, requestId, log);
        return response;
      },
      () => (limits ? rateLimitHeaders(limits) : {}),
      routeContext,
    );
  };
  // The declaration travels with the handler: the OpenAPI document is made of it (app/connect/openapi.json). Typed as
  // any route's declaration, so that every management handler has the same type whatever its schemas.
  const declaration: RouteDeclaration = options;
  return Object.assign(route, { declaration });
}

/**
 * Every change made through `/manage` goes to the audit log: the route as the action, the resource it created or
 * changed as the target, the request body and the answer (secrets redacted) as the state after.
 */
async function auditManageChange(request: Request, response: Response, params: Record<string, unknown>, body: unknown, requestId: string, log: Logger) {
  try {
    const answer = (await response
      .clone()
      .json()
      .catch(() => null)) as Record<string, unknown> | null;
    const route = routeTemplate(requestUrl(request).pathname, params as Record<string, string>);
    const created = response.status === 201 && answer ? (answer.id ?? answer.locationId ?? answer.client_id ?? answer.loyaltyProgramId) : undefined;
    const paramValues = Object.entries(params).filter(([, value]) => typeof value === 'string') as [string, string][];
    const [targetName, targetValue] = paramValues.at(-1) ?? [];
    await recordAudit(getDb(), ADMIN_API_ACTOR, {
      action: `${request.method} ${route}`,
      targetType:
        created !== undefined
          ? route
              .split('/')
              .filter((part) => part && !part.startsWith('{'))
              .at(-1)
          : targetName?.replace(/Id$/, ''),
      targetId: typeof created === 'string' ? created : targetValue,
      before: null,
      after: { request: body ?? null, response: answer },
      requestId,
    });
  } catch (error) {
    log.error({ err: error }, 'audit entry not written');
  }
}
