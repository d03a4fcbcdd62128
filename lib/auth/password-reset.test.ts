import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, oneTimeTokens } from '@/db/schema';
import { resetConfig } from '@/lib/config';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { useTestDatabase } from '@/lib/testing/database';
import { authenticateUser, createUser, disableUser, liveDashboardSession, startDashboardSession } from '@/lib/tenancy/users';
import { passwordResetAccount, requestPasswordReset, resetPassword, RESET_REQUESTS_PER_MINUTE } from './password-reset';

const database = useTestDatabase();
const db = () => database.db();
let counter = 0;
const OLD_PASSWORD = 'the old kitchen password';

async function member() {
  resetConfig({ PUBLIC_URL: 'https://hub.bistro.test' });
  const { merchant } = await createMerchantWithLocations(db());
  const email = `cook-${++counter}@bistro.test`;
  const user = await createUser(db(), { email, password: OLD_PASSWORD, name: 'Sam Cook', role: 'MERCHANT', merchantId: merchant.id });
  return { ...user, address: `192.0.2.${counter}` };
}

const mailsTo = (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.recipient, email));

/** The token of the newest reset mail to `email`, read from its text as the user reads the link. */
async function linkTokenFor(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const text = mails.sort((a, b) => a.id.localeCompare(b.id)).at(-1)!.textBody;
  const link = new URL(/https:\/\/hub\.bistro\.test\/reset-password\?token=\S+/.exec(text)![0]);
  return link.searchParams.get('token')!;
}

describe('forgot password', () => {
  it('mails a link built from PUBLIC_URL to an account’s email, storing only the token’s digest', async () => {
    const user = await member();
    expect(await requestPasswordReset(db(), { email: user.email.toUpperCase(), address: user.address })).toBe('REQUESTED');
    const [mail] = await mailsTo(user.email);
    expect(mail).toMatchObject({ purpose: 'password-reset', status: 'PENDING', subject: 'Reset your Counterpart password' });
    expect(mail!.textBody).toContain('Hello Sam Cook,');
    expect(mail!.htmlBody).toContain('href="https://hub.bistro.test/reset-password?token=');
    const token = await linkTokenFor(user.email);
    const stored = await db().select().from(oneTimeTokens).where(eq(oneTimeTokens.subjectId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBe(60 * 60 * 1000);
    expect(await passwordResetAccount(db(), token)).toEqual({ email: user.email });
  });

  it('answers an unknown email exactly as a known one, and leaves no mail and no token behind', async () => {
    const before = await db().select().from(oneTimeTokens);
    expect(await requestPasswordReset(db(), { email: 'nobody-here@bistro.test', address: '192.0.2.200' })).toBe('REQUESTED');
    expect(await mailsTo('nobody-here@bistro.test')).toHaveLength(0);
    expect(await db().select().from(oneTimeTokens)).toHaveLength(before.length);
    // A disabled account is answered the same way and gets no mail either.
    const disabled = await member();
    await disableUser(db(), disabled.id);
    expect(await requestPasswordReset(db(), { email: disabled.email, address: disabled.address })).toBe('REQUESTED');
    expect(await mailsTo(disabled.email)).toHaveLength(0);
  });

  it('takes about as long for an unknown email as for a known one (the same work, rolled back)', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    const timed = async (email: string, into: number[]) => {
      const started = performance.now();
      await requestPasswordReset(db(), { email, address: `198.51.100.${into.length}` });
      into.push(performance.now() - started);
    };
    for (let i = 0; i < 12; i++) {
      const user = await member();
      await timed(user.email, known);
      await timed(`stranger-${i}@bistro.test`, unknown);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const [a, b] = [median(known), median(unknown)];
    expect(Math.abs(a - b), `known ${a.toFixed(1)} ms, unknown ${b.toFixed(1)} ms`).toBeLessThan(Math.max(a, b) * 0.5 + 3);
  });

  it(`limits requests per email (${RESET_REQUESTS_PER_MINUTE} a minute) the same way whether it has an account or not`, async () => {
    const user = await member();
    for (const email of [user.email, 'not-an-account@bistro.test']) {
      const outcomes = [];
      for (let i = 0; i <= RESET_REQUESTS_PER_MINUTE; i++) outcomes.push(await requestPasswordReset(db(), { email, address: `203.0.113.${i}` }));
      expect(outcomes).toEqual([...Array(RESET_REQUESTS_PER_MINUTE).fill('REQUESTED'), 'TOO_MANY_ATTEMPTS']);
    }
    expect(await mailsTo(user.email)).toHaveLength(RESET_REQUESTS_PER_MINUTE);
  });
});

describe('reset password', () => {
  it('sets the new password, ends every session of the user, voids the other links, and is audited', async () => {
    const user = await member();
    const phone = await startDashboardSession(db(), user.id);
    const laptop = await startDashboardSession(db(), user.id);
    await requestPasswordReset(db(), { email: user.email, address: user.address });
    const older = await linkTokenFor(user.email);
    await requestPasswordReset(db(), { email: user.email, address: user.address });
    const newer = await linkTokenFor(user.email);
    expect(newer).not.toBe(older);

    expect(await resetPassword(db(), { token: newer, password: 'a brand new pass phrase' })).toEqual({ ok: true, email: user.email });
    expect(await liveDashboardSession(db(), phone)).toBeUndefined();
    expect(await liveDashboardSession(db(), laptop)).toBeUndefined();
    expect(await authenticateUser(db(), user.email, OLD_PASSWORD)).toBeUndefined();
    expect(await authenticateUser(db(), user.email, 'a brand new pass phrase')).toMatchObject({ id: user.id });
    // Single use, and the older link of the same user stopped working too.
    expect(await resetPassword(db(), { token: newer, password: 'another new pass phrase' })).toEqual({ ok: false, reason: 'INVALID_LINK' });
    expect(await resetPassword(db(), { token: older, password: 'another new pass phrase' })).toEqual({ ok: false, reason: 'INVALID_LINK' });
    expect(await passwordResetAccount(db(), older)).toBeUndefined();
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.password-reset'), eq(auditLog.targetId, user.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorType: 'user', actorId: user.id, actorLabel: user.email, after: { sessionsEnded: 2 } });
  });

  it('refuses an expired link', async () => {
    const user = await member();
    await requestPasswordReset(db(), { email: user.email, address: user.address });
    const token = await linkTokenFor(user.email);
    await db()
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.subjectId, user.id));
    expect(await passwordResetAccount(db(), token)).toBeUndefined();
    expect(await resetPassword(db(), { token, password: 'a brand new pass phrase' })).toEqual({ ok: false, reason: 'INVALID_LINK' });
    expect(await authenticateUser(db(), user.email, OLD_PASSWORD)).toMatchObject({ id: user.id });
  });

  it('refuses a weak password without spending the link, and an unknown or malformed token', async () => {
    const user = await member();
    await requestPasswordReset(db(), { email: user.email, address: user.address });
    const token = await linkTokenFor(user.email);
    expect(await resetPassword(db(), { token, password: 'too short' })).toEqual({
      ok: false,
      reason: 'WEAK_PASSWORD',
      message: 'The password must be at least 12 characters.',
    });
    expect(await resetPassword(db(), { token, password: 'password1234' })).toMatchObject({ ok: false, reason: 'WEAK_PASSWORD' });
    expect(await resetPassword(db(), { token, password: user.email })).toMatchObject({
      ok: false,
      reason: 'WEAK_PASSWORD',
      message: 'The password must not be your email address.',
    });
    expect(await passwordResetAccount(db(), token)).toEqual({ email: user.email });
    for (const wrong of ['', 'not-a-token', token.slice(0, -1)])
      expect(await resetPassword(db(), { token: wrong, password: 'a brand new pass phrase' })).toEqual({ ok: false, reason: 'INVALID_LINK' });
    expect(await resetPassword(db(), { token, password: 'a brand new pass phrase' })).toMatchObject({ ok: true });
  });

  it('lets only one of two simultaneous submissions of a link through', async () => {
    const user = await member();
    await requestPasswordReset(db(), { email: user.email, address: user.address });
    const token = await linkTokenFor(user.email);
    const outcomes = await Promise.all([
      resetPassword(db(), { token, password: 'first new pass phrase' }),
      resetPassword(db(), { token, password: 'second new pass phrase' }),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
  });
});
