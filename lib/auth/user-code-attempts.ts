import { reserveAttempt, type AttemptReservation } from '@/lib/rate-limit';

/** Brute-force protection on /activate: at most this many wrong user codes per minute per user and per address. */
export const WRONG_USER_CODES_PER_MINUTE = 5;

const LIMITER = 'user-code';

export interface AttemptSource {
  userId: string;
  address: string;
}

/**
 * Takes one attempt from the user's and the address's budgets before a code is looked up, so a burst of parallel
 * guesses is looked up at most WRONG_USER_CODES_PER_MINUTE times, and a locked-out guesser learns nothing even when
 * the guess would have been right. Counted in the shared store (rate-limit.ts), so every instance sees the same count;
 * a right code gives its attempt back.
 */
export function reserveUserCodeAttempt(source: AttemptSource): Promise<AttemptReservation> {
  return reserveAttempt([`user:${source.userId}`, `ip:${source.address}`].map((key) => [LIMITER, key, WRONG_USER_CODES_PER_MINUTE] as const));
}
