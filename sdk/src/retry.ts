/**
 * How calls answered 429 (rate limited) or 503 (database unavailable, an instance restarting) are sent again
 * (docs/contract.md#errors), and calls whose connection was refused (an instance stopped between the balancer's checks).
 */
export interface RetryOptions {
  /** Re-sends after the first attempt; 0 disables retries. Default 3. */
  retries?: number;
  /** First backoff when the server names no wait, doubled each time (with jitter). Default 250 ms. */
  baseDelayMs?: number;
  /** No single wait is longer than this. Default 30 s. */
  maxDelayMs?: number;
}

export type FetchLike = (input: Request) => Promise<Response>;

const RETRIED_STATUSES = new Set([429, 503]);

/**
 * How long to wait before re-sending: `Retry-After` (seconds or an HTTP date) when present, else `RateLimit-Reset`
 * when `RateLimit-Remaining` says the budget is spent, else exponential backoff with full jitter.
 */
export function retryDelayMs(response: Response, attempt: number, options: RetryOptions = {}, now = Date.now()): number {
  const { baseDelayMs = 250, maxDelayMs = 30_000 } = options;
  const named = serverNamedDelayMs(response.headers, now);
  const delay = named ?? Math.random() * baseDelayMs * 2 ** attempt + baseDelayMs / 2;
  return Math.min(Math.max(0, delay), maxDelayMs);
}

/**
 * Exponential backoff with full jitter: a wait drawn evenly from 0 to `baseDelayMs · 2^attempt`, capped at
 * `maxDelayMs`. Clients that lost their connection at the same moment (an instance restarted) come back spread over
 * the whole window instead of in waves.
 */
export function fullJitterDelayMs(attempt: number, options: { baseDelayMs: number; maxDelayMs: number }, random = Math.random): number {
  return random() * Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);
}

/** Whether `error` (what fetch threw) says the connection was refused: nothing was sent, so sending again is safe. */
export function isConnectionRefused(error: unknown): boolean {
  let cause = error;
  for (let depth = 0; depth < 5 && typeof cause === 'object' && cause !== null; depth++) {
    if ((cause as { code?: unknown }).code === 'ECONNREFUSED') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

function serverNamedDelayMs(headers: Headers, now: number): number | undefined {
  const retryAfter = headers.get('retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return seconds * 1000;
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return date - now;
  }
  const remaining = headers.get('ratelimit-remaining');
  const reset = Number(headers.get('ratelimit-reset'));
  if (remaining === '0' && Number.isFinite(reset)) return reset * 1000;
  return undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Wraps `fetch` so a 429 or 503 is sent again after the wait the server names, and a refused connection after a
 * backoff. Re-sending is safe: a 429 or 503 request was not carried out, a refused one never arrived, and POST /orders
 * is idempotent on `origin.orderId` anyway (docs/contract.md#orders).
 */
export function retryingFetch(fetchImpl: FetchLike, options: RetryOptions = {}): FetchLike {
  const retries = options.retries ?? 3;
  return async (request) => {
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetchImpl(attempt < retries ? request.clone() : request);
      } catch (error) {
        if (attempt >= retries || !isConnectionRefused(error)) throw error;
        const { baseDelayMs = 250, maxDelayMs = 30_000 } = options;
        await sleep(Math.min(maxDelayMs, baseDelayMs / 2 + fullJitterDelayMs(attempt, { baseDelayMs, maxDelayMs })));
        continue;
      }
      if (!RETRIED_STATUSES.has(response.status) || attempt >= retries) return response;
      const delay = retryDelayMs(response, attempt, options);
      await response.body?.cancel();
      await sleep(delay);
    }
  };
}
