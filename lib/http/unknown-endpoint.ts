import { config } from '@/lib/config';
import { notFound } from './errors';
import { clientAddress, withProblemHandling } from './handler-context';
import { consumeRateLimit, rateLimitHeaders, type RateLimitState } from '@/lib/rate-limit';

/**
 * The answer of an API surface's catch-all route: any path it has no endpoint for is a 404 problem whatever the
 * method (docs/contract.md#errors), never the HTML page, and counts against the caller's address like any anonymous call.
 */
export function unknownEndpoint(surface: 'partner' | 'manage' | 'oauth') {
  const answer = (request: Request) => {
    let limits: RateLimitState | undefined;
    return withProblemHandling(
      request,
      surface,
      async (_requestId, _log, facts) => {
        // One route for every unknown path, so probing cannot grow the metrics' label sets.
        facts.route = `(unknown ${surface} endpoint)`;
        limits = await consumeRateLimit(surface, `ip:${clientAddress(request)}`, config().RATE_LIMIT_PER_MINUTE);
        throw notFound(`Endpoint ${new URL(request.url).pathname.slice(0, 200)}`);
      },
      () => (limits ? rateLimitHeaders(limits) : {}),
    );
  };
  return { GET: answer, HEAD: answer, POST: answer, PUT: answer, PATCH: answer, DELETE: answer, OPTIONS: answer };
}
