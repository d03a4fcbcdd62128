import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { users } from '@/db/schema';
import { reserveAttempt } from '@/lib/rate-limit';
import { currentRequestId } from '@/lib/request-context';
import { enqueueMail } from '@/lib/mail/outbox';
import { passwordResetMail, publicLink } from '@/lib/mail/templates';
import { recordAudit } from '@/lib/ops/audit';
import { endUserSessions } from '@/lib/tenancy/users';
import { hashPassword } from '@/lib/tenancy/secrets';
import { issueToken, peekToken, spendToken, voidTokens } from './one-time-tokens';
import { passwordProblem } from '@/lib/tenancy/password-policy';

/** A reset link works once, within an hour. */
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;

// Each account's mailbox gets at most this many reset mails a minute, and each address may ask this often: a reset
// request costs a mail, so it is limited like sign-in (lib/auth/sign-in.ts), whether or not the email has an account.
export const RESET_REQUESTS_PER_MINUTE = 3;
export const RESET_REQUESTS_PER_ADDRESS_PER_MINUTE = 20;

export type ResetRequestOutcome = 'REQUESTED' | 'TOO_MANY_ATTEMPTS';

/** Rolls back the stand-in work done for an email of no account. */
class NoAccount extends Error {}

/**
 * Asks for a reset link for `email`. The answer is the same whether the email has an account or not, and so is the
 * work: for an email of no (enabled) account the token and the mail are made and written just the same, in a
 * transaction that is then rolled back, so neither the answer nor its timing tells which emails have an account.
 */
export async function requestPasswordReset(db: Executor, input: { email: string; address: string }): Promise<ResetRequestOutcome> {
  const email = input.email.trim().toLowerCase();
  const attempt = await reserveAttempt([
    ['password-reset-requests', input.address, RESET_REQUESTS_PER_ADDRESS_PER_MINUTE],
    ['password-reset-mails', email, RESET_REQUESTS_PER_MINUTE],
  ]);
  if (!attempt.granted) return 'TOO_MANY_ATTEMPTS';
  try {
    await db.transaction(async (tx) => {
      const [user] = await tx.select({ id: users.id, name: users.name, disabledAt: users.disabledAt }).from(users).where(eq(users.email, email));
      const account = user && !user.disabledAt ? user : undefined;
      const { token } = await issueToken(tx, {
        purpose: 'password-reset',
        subjectId: account?.id ?? `no-account:${email}`,
        ttlSeconds: PASSWORD_RESET_TTL_SECONDS,
      });
      const mail = passwordResetMail({
        name: account?.name ?? null,
        link: publicLink('/reset-password', { token }),
        validForMinutes: PASSWORD_RESET_TTL_SECONDS / 60,
      });
      await enqueueMail(tx, { purpose: 'password-reset', to: email, ...mail });
      if (!account) throw new NoAccount();
    });
  } catch (error) {
    if (!(error instanceof NoAccount)) throw error;
  }
  return 'REQUESTED';
}

/** The account a reset link is for while it still works (the page shows whose password is set), else undefined. */
export async function passwordResetAccount(db: Executor, token: string): Promise<{ email: string } | undefined> {
  const live = await peekToken(db, 'password-reset', token);
  if (!live) return undefined;
  const [user] = await db.select({ email: users.email, disabledAt: users.disabledAt }).from(users).where(eq(users.id, live.subjectId));
  return user && !user.disabledAt ? { email: user.email } : undefined;
}

export type ResetOutcome = { ok: true; email: string } | { ok: false; reason: 'INVALID_LINK' } | { ok: false; reason: 'WEAK_PASSWORD'; message: string };

/**
 * Sets a new password with a reset link: the link is spent, every other reset link of the user stops working, every
 * session of the user ends (whoever knew the old password is out), and the change is audited, all in one transaction.
 * A refused password leaves the link unspent, so the user can try another.
 */
export async function resetPassword(db: Executor, input: { token: string; password: string }): Promise<ResetOutcome> {
  const account = await passwordResetAccount(db, input.token);
  if (!account) return { ok: false, reason: 'INVALID_LINK' };
  const problem = passwordProblem(input.password, { email: account.email });
  if (problem) return { ok: false, reason: 'WEAK_PASSWORD', message: `The password ${problem}.` };
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx): Promise<ResetOutcome> => {
    // Spent here, not peeked: of two submissions of one link only one gets through.
    const spent = await spendToken(tx, 'password-reset', input.token);
    if (!spent) return { ok: false, reason: 'INVALID_LINK' };
    const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, spent.subjectId)).returning({ id: users.id, email: users.email });
    if (!user) return { ok: false, reason: 'INVALID_LINK' };
    await voidTokens(tx, 'password-reset', user.id);
    const sessionsEnded = await endUserSessions(tx, user.id);
    await recordAudit(
      tx,
      { type: 'user', id: user.id, label: user.email },
      { action: 'user.password-reset', targetType: 'user', targetId: user.id, after: { sessionsEnded }, requestId: currentRequestId() ?? null },
    );
    return { ok: true, email: user.email };
  });
}
