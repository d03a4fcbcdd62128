import { RateLimiterMemory } from 'rate-limiter-flexible';

/** Brute-force protection on /activate: at most this many wrong user codes per minute per user and per address. */
export const WRONG_USER_CODES_PER_MINUTE = 5;

const holder = globalThis as typeof globalThis & { __counterpartUserCodeAttempts?: RateLimiterMemory };

function attempts(): RateLimiterMemory {
  holder.__counterpartUserCodeAttempts ??= new RateLimiterMemory({
    points: WRONG_USER_CODES_PER_MINUTE,
    duration: 60,
    keyPrefix: 'user-code',
  });
  return holder.__counterpartUserCodeAttempts;
}

export interface AttemptSource {
  userId: string;
  address: string;
}

const keys = (source: AttemptSource) => [`user:${source.userId}`, `ip:${source.address}`];

/**
 * Seconds until the source may try another code, or 0. Checked before a code is looked up, so a locked-out
 * guesser learns nothing even when the guess would have been right.
 */
export async function userCodeLockout(source: AttemptSource): Promise<number> {
  let waitMs = 0;
  for (const key of keys(source)) {
    const state = await attempts().get(key);
    if (state && state.consumedPoints >= WRONG_USER_CODES_PER_MINUTE) waitMs = Math.max(waitMs, state.msBeforeNext);
  }
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
}

/** Counts a wrong code against both the signed-in user and the address it came from. */
export async function recordWrongUserCode(source: AttemptSource): Promise<void> {
  for (const key of keys(source)) await attempts().penalty(key, 1);
}
