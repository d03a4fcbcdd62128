import { lockoutSeconds, spendOne } from '@/lib/http/rate-limit';

/** Brute-force protection on /activate: at most this many wrong user codes per minute per user and per address. */
export const WRONG_USER_CODES_PER_MINUTE = 5;

const LIMITER = 'user-code';

export interface AttemptSource {
  userId: string;
  address: string;
}

const keys = (source: AttemptSource) => [`user:${source.userId}`, `ip:${source.address}`];

/**
 * Seconds until the source may try another code, or 0. Checked before a code is looked up, so a locked-out
 * guesser learns nothing even when the guess would have been right. Counted in the shared store (rate-limit.ts),
 * so every instance sees the same count.
 */
export async function userCodeLockout(source: AttemptSource): Promise<number> {
  const waits = await Promise.all(keys(source).map((key) => lockoutSeconds(LIMITER, key, WRONG_USER_CODES_PER_MINUTE)));
  return Math.max(0, ...waits);
}

/** Counts a wrong code against both the signed-in user and the address it came from. */
export async function recordWrongUserCode(source: AttemptSource): Promise<void> {
  await Promise.all(keys(source).map((key) => spendOne(LIMITER, key, WRONG_USER_CODES_PER_MINUTE)));
}
