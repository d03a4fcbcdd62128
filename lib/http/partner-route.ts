import type { Logger } from 'pino';
import type { z } from 'zod';
import { getDb, type Database } from '@/db/client';
import { bearerToken, verifyAccessToken, type PartnerPrincipal, type PartnerType } from '@/lib/auth/access-tokens';
import { config } from '@/lib/config';
import { ApiError, forbidden } from './errors';
import { clientAddress, type RouteContext, withProblemHandling } from './handler-context';
import { requestUrl } from '@/lib/api/request-url';
import type { OperationDoc, RouteDeclaration } from '@/lib/api/operation-doc';
import { consumeRateLimit, rateLimitHeaders, type RateLimitState } from '@/lib/rate-limit';
import { assertContentType, parseJson, readBodyText } from '@/lib/api/request-body';
import { searchParamsObject, validateSegments } from '@/lib/api/validation';
import { answerMediaType } from '@/lib/api/media-types';
import { negotiateVersion, responseVersion, type ApiName } from '@/lib/api/versions';

type Schema = z.ZodType | undefined;
type QuerySchema = RouteDeclaration['query'];
type ParamsSchema = z.ZodObject | undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface PartnerRouteOptions<B extends Schema, Q extends QuerySchema, P extends ParamsSchema> {
  api: ApiName;
  /** Partner types that may call this endpoint; others get 403. All types when absent. */
  partnerTypes?: readonly PartnerType[];
  body?: B;
  query?: Q;
  params?: P;
  /** Accepted request media types when a body schema is given. */
  contentTypes?: readonly string[];
  /** The operation's OpenAPI documentation; every route of the published API has one (app/connect/openapi.json). */
  doc?: OperationDoc;
}

export interface PartnerRequestContext<B, Q, P> {
  request: Request;
  requestId: string;
  log: Logger;
  db: Database;
  principal: PartnerPrincipal;
  version: string;
  body: B;
  query: Q;
  params: P;
}

/**
 * What a handler is given. Its logger, bound to the partner, is made when the handler first logs: most never do, and a
 * child logger costs on every call (as does an object literal with a getter, hence the class).
 */
class PartnerContext<B, Q, P> implements PartnerRequestContext<B, Q, P> {
  readonly body: B;
  readonly query: Q;
  readonly params: P;
  #log: Logger | undefined;

  constructor(
    readonly request: Request,
    readonly requestId: string,
    private readonly requestLog: Logger,
    readonly db: Database,
    readonly principal: PartnerPrincipal,
    readonly version: string,
    input: { body: B; query: Q; params: P },
  ) {
    this.body = input.body;
    this.query = input.query;
    this.params = input.params;
  }

  get log(): Logger {
    return (this.#log ??= this.requestLog.child({ partnerId: this.principal.partnerId }));
  }
}

const unauthenticated = () =>
  new ApiError('UNAUTHORIZED', 'A Bearer access token is required.', {
    headers: { 'WWW-Authenticate': 'Bearer error="invalid_token", error_description="missing token"' },
  });

/**
 * STYLE.md habit 1: the one wrapper of every partner-API verb. In order: rate limit (per client, by address when
 * the caller is anonymous), version negotiation (406), token (401), partner type (403), body size (413),
 * content type (415), JSON (400) and zod validation of path, query and body together (400 listing every violation).
 */
export function partnerRoute<B extends Schema = undefined, Q extends QuerySchema = undefined, P extends ParamsSchema = undefined>(
  options: PartnerRouteOptions<B, Q, P>,
  handler: (context: PartnerRequestContext<Out<B>, Out<Q>, Out<P>>) => Promise<Response>,
) {
  const route = (request: Request, routeContext: RouteContext) => {
    let limits: RateLimitState | undefined;
    let version: string | undefined;
    return withProblemHandling(
      request,
      'partner',
      async (requestId, log, facts) => {
        const db = getDb();
        const token = bearerToken(request);
        const identified = token ? await verifyAccessToken(db, token).catch((error: unknown) => error) : unauthenticated();
        const principal = identified instanceof Error ? undefined : (identified as PartnerPrincipal);
        limits = await consumeRateLimit('partner', principal ? `client:${principal.clientId}` : `ip:${clientAddress(request)}`, config().RATE_LIMIT_PER_MINUTE);
        version = negotiateVersion(options.api, request.headers);
        if (!principal) throw identified;
        Object.assign(facts, { partnerId: principal.partnerId, clientId: principal.publicClientId, grant: principal.grantId });
        if (options.partnerTypes && !options.partnerTypes.includes(principal.partnerType)) {
          throw forbidden(`${principal.partnerType} partners may not call this endpoint.`);
        }
        let body: unknown;
        if (options.body) {
          const text = await readBodyText(request);
          facts.requestBody = text;
          assertContentType(request, options.contentTypes ?? ['application/json']);
          body = parseJson(text);
        }
        const params = await routeContext.params;
        facts.params = params;
        const parsed = validateSegments(
          { path: options.params, query: options.query, body: options.body },
          { path: params, query: searchParamsObject(requestUrl(request).searchParams), body },
        );
        const response = await handler(
          new PartnerContext(request, requestId, log, db, principal, version, {
            body: parsed.body as Out<B>,
            query: parsed.query as Out<Q>,
            params: (options.params ? parsed.path : params) as Out<P>,
          }),
        );
        // A JSON answer comes in the media type the client asked for: Tyro Connect's own where it prefers that.
        if (response.headers.get('content-type') === 'application/json') {
          response.headers.set('content-type', answerMediaType(request.headers.get('accept'), version));
        }
        return response;
      },
      () => ({
        ...(limits ? rateLimitHeaders(limits) : {}),
        'Api-Version': version ?? responseVersion(options.api, request.headers),
      }),
      routeContext,
    );
  };
  // The declaration travels with the handler: the OpenAPI document is made of it (app/connect/openapi.json).
  return Object.assign(route, { declaration: options });
}
