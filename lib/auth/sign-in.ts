import { z } from 'zod';
import type { Executor } from '@/db/client';
import { reserveAttempt } from '@/lib/rate-limit';
import { authenticateUser, type SessionUser } from '@/lib/tenancy/users';
import { logFailedSignIn, type FailedSignInReason } from './sign-in-log';

/** Slows password guessing per account: after this many wrong passwords in a minute, sign-in waits. */
export const FAILED_SIGN_INS_PER_MINUTE = 10;

const credentialsSchema = z.object({ email: z.email(), password: z.string().min(1).max(200) });

export type SignInOutcome = { ok: true; user: SessionUser } | { ok: false; reason: FailedSignInReason };

/**
 * A dashboard sign-in attempt (the Auth.js credentials provider's `authorize`). The attempt takes its place in the
 * account's budget before the password is checked, so a burst of parallel guesses is checked at most
 * FAILED_SIGN_INS_PER_MINUTE times whichever instances it reaches; a right password gives its place back.
 */
export async function attemptSignIn(db: Executor, credentials: Partial<Record<string, unknown>>, address: string): Promise<SignInOutcome> {
  const parsed = credentialsSchema.safeParse(credentials);
  if (!parsed.success) return failed({ email: String(credentials.email ?? ''), address, reason: 'WRONG_CREDENTIALS' });
  const account = parsed.data.email.toLowerCase();
  const attempt = await reserveAttempt([['sign-in-failures', account, FAILED_SIGN_INS_PER_MINUTE]]);
  if (!attempt.granted) return failed({ email: account, address, reason: 'TOO_MANY_ATTEMPTS' });
  const user = await authenticateUser(db, account, parsed.data.password);
  if (!user) return failed({ email: account, address, reason: 'WRONG_CREDENTIALS' });
  await attempt.refund();
  return { ok: true, user };
}

function failed(input: { email: string; address: string; reason: FailedSignInReason }): SignInOutcome {
  logFailedSignIn(input);
  return { ok: false, reason: input.reason };
}
