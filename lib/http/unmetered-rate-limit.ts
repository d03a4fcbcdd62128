import type { ServerResponse } from 'node:http';
import onHeaders from 'on-headers';
import { rateLimitHeaders, type RateLimitState } from '@/lib/rate-limit';

/**
 * docs/contract.md#rate-limit-headers: every response has RateLimit headers. The partner API, /manage, /oauth and /.well-known set their own;
 * the surfaces that are not rate limited (health checks, the OpenAPI document, dashboard pages and their assets)
 * publish this policy: no limit (the largest 32-bit count), in a window of a minute like the metered ones.
 */
export const UNMETERED_RATE_LIMIT: RateLimitState = { limit: 2_147_483_647, remaining: 2_147_483_647, resetSeconds: 60 };

const UNMETERED_HEADERS = Object.entries(rateLimitHeaders(UNMETERED_RATE_LIMIT));

// One listener for every response (it is called with the response as `this`), rather than a closure per request.
function addUnmeteredPolicy(this: ServerResponse) {
  if (this.hasHeader('ratelimit-limit')) return;
  for (const [name, value] of UNMETERED_HEADERS) this.setHeader(name, value);
}

/** Adds the unmetered policy's RateLimit headers to `response` as its headers go out, unless a route set its own. */
export function publishUnmeteredRateLimit(response: ServerResponse): void {
  onHeaders(response, addUnmeteredPolicy);
}
