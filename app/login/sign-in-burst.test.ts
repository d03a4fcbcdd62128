import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { FAILED_SIGN_INS_PER_MINUTE } from '@/lib/auth/sign-in';
import { useTestDatabase } from '@/lib/testing/database';
import { createUser } from '@/lib/tenancy/users';

// The sign-in limit holds under a burst: parallel sign-ins for one account are each counted before the password is
// checked, so at most FAILED_SIGN_INS_PER_MINUTE of them are checked, however many arrive at once.
process.env.AUTH_SECRET ??= 'a-test-secret-of-at-least-thirty-two-characters';
const { handlers } = await import('@/auth');

const database = useTestDatabase();
const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery';

/** One sign-in through Auth.js's credentials callback, as the login form posts it: where Auth.js sends the browser. */
async function signIn(email: string, password: string): Promise<'SIGNED_IN' | 'INCORRECT' | 'TOO_MANY_ATTEMPTS'> {
  const csrfResponse = await handlers.GET(new NextRequest(`${ORIGIN}/api/auth/csrf`));
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  const cookie = csrfResponse.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const response = await handlers.POST(
    new NextRequest(`${ORIGIN}/api/auth/callback/credentials`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password, csrfToken, callbackUrl: '/dashboard' }).toString(),
    }),
  );
  if (response.headers.getSetCookie().some((line) => line.includes('session-token=') && !/max-age=0\b/i.test(line))) return 'SIGNED_IN';
  const location = new URL(response.headers.get('location') ?? '', ORIGIN);
  return location.searchParams.get('code') === 'too_many_attempts' ? 'TOO_MANY_ATTEMPTS' : 'INCORRECT';
}

const tally = (outcomes: string[]) => Object.fromEntries([...new Set(outcomes)].map((outcome) => [outcome, outcomes.filter((o) => o === outcome).length]));

describe('sign-in under a burst', () => {
  it('checks at most the limit of 40 parallel wrong passwords, then refuses the right one unread', async () => {
    const email = `burst-${process.pid}@sign-in.test`;
    await createUser(database.db(), { email, password: PASSWORD, role: 'ADMIN' });
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(email, `wrong password ${i}`)));
    const counts = tally(burst);
    console.log(`sign-in burst of 40 wrong passwords: ${JSON.stringify(counts)}`);
    expect(counts.INCORRECT).toBe(FAILED_SIGN_INS_PER_MINUTE);
    expect(counts.TOO_MANY_ATTEMPTS).toBe(40 - FAILED_SIGN_INS_PER_MINUTE);
    expect(await signIn(email, PASSWORD)).toBe('TOO_MANY_ATTEMPTS');
  });

  it('the right password inside a burst signs in only when it is among the attempts the budget allows', async () => {
    const target = `burst-inside-${process.pid}@sign-in.test`;
    await createUser(database.db(), { email: target, password: PASSWORD, role: 'ADMIN' });
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(target, i === 25 ? PASSWORD : `wrong password ${i}`)));
    const counts = tally(burst);
    // Whatever the order the attempts were taken in, no more than the budget reached the password check.
    expect((counts.INCORRECT ?? 0) + (counts.SIGNED_IN ?? 0)).toBeLessThanOrEqual(FAILED_SIGN_INS_PER_MINUTE);
    expect(counts.TOO_MANY_ATTEMPTS).toBeGreaterThanOrEqual(30 - FAILED_SIGN_INS_PER_MINUTE);
  });

  it('a right password gives its attempt back, so signing in again and again never locks the account', async () => {
    const email = `again-${process.pid}@sign-in.test`;
    await createUser(database.db(), { email, password: PASSWORD, role: 'ADMIN' });
    const outcomes = await Promise.all(Array.from({ length: FAILED_SIGN_INS_PER_MINUTE }, () => signIn(email, PASSWORD)));
    expect(outcomes).toEqual(Array(FAILED_SIGN_INS_PER_MINUTE).fill('SIGNED_IN'));
    for (let i = 0; i < 3; i++) expect(await signIn(email, PASSWORD)).toBe('SIGNED_IN');
    for (let i = 0; i < FAILED_SIGN_INS_PER_MINUTE - 1; i++) expect(await signIn(email, 'wrong')).toBe('INCORRECT');
    expect(await signIn(email, PASSWORD)).toBe('SIGNED_IN');
  });
});
