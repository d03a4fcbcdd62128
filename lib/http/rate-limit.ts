import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from './errors';

export interface RateLimitState {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

const holder = globalThis as typeof globalThis & { __counterpartLimiters?: Map<string, RateLimiterMemory> };

function limiter(name: string, pointsPerMinute: number): RateLimiterMemory {
  holder.__counterpartLimiters ??= new Map();
  const key = `${name}:${pointsPerMinute}`;
  let found = holder.__counterpartLimiters.get(key);
  if (!found) {
    found = new RateLimiterMemory({ points: pointsPerMinute, duration: 60, keyPrefix: name });
    holder.__counterpartLimiters.set(key, found);
  }
  return found;
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(state.resetSeconds),
  };
}

/**
 * Consumes one request from `key`'s budget (CONTRACT §5: published limits on every response).
 * Throws a 429 ApiError with Retry-After when the budget is spent.
 */
export async function consumeRateLimit(name: string, key: string, pointsPerMinute: number): Promise<RateLimitState> {
  try {
    const result = await limiter(name, pointsPerMinute).consume(key);
    return { limit: pointsPerMinute, remaining: result.remainingPoints, resetSeconds: Math.ceil(result.msBeforeNext / 1000) };
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    const state = { limit: pointsPerMinute, remaining: 0, resetSeconds: retryAfter };
    throw new ApiError('RATE_LIMITED', `Rate limit of ${pointsPerMinute} requests per minute exceeded; retry in ${retryAfter} s.`, {
      headers: { ...rateLimitHeaders(state), 'Retry-After': String(retryAfter) },
    });
  }
}

/** True when `key` has used up its budget, without spending any of it (for counting failures only). */
export async function isOverBudget(name: string, key: string, pointsPerMinute: number): Promise<boolean> {
  const state = await limiter(name, pointsPerMinute).get(key);
  return Boolean(state && state.consumedPoints >= pointsPerMinute);
}

/** Spends one point of `key`'s budget, e.g. for a failed attempt; never throws when the budget is gone. */
export async function spendOne(name: string, key: string, pointsPerMinute: number): Promise<void> {
  await limiter(name, pointsPerMinute).penalty(key, 1);
}
