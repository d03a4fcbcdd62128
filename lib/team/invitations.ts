import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { invitations, merchants, users } from '@/db/schema';
import { issueToken, spendToken, tokenRecord, voidTokens } from '@/lib/auth/one-time-tokens';
import { config } from '@/lib/config';
import { conflict, notFound } from '@/lib/errors';
import { newId, newPrefixedId } from '@/lib/ids';
import { enqueueMail } from '@/lib/mail/outbox';
import { invitationMail, publicLink } from '@/lib/mail/templates';
import { recordAudit, userActor, type AuditActor } from '@/lib/ops/audit';
import { currentRequestId } from '@/lib/request-context';
import { passwordProblem } from '@/lib/tenancy/password-policy';
import { roleLabel, type MerchantRole } from '@/lib/tenancy/roles';
import { hashPassword, randomSecret } from '@/lib/tenancy/secrets';
import { lockTeam } from './team';
import type { inviteSchema } from './team-schemas';
import { merchantLocationIds, restrictMember } from '@/lib/tenancy/users';

/**
 * Invitations to a merchant's team (docs/domain.md#merchant-teams): an owner (or the operator, for a merchant's first
 * owner) names an email, a role and optionally locations; the mail carries a single-use link that expires after
 * INVITATION_TTL_HOURS. Accepting it sets a password and joins the merchant.
 *
 * One account belongs to one tenant. An email that already has a live account (at this merchant, another merchant or a
 * partner), or an account an operator disabled, is refused at acceptance: joining would move or merge someone's access
 * behind their back. An account removed from a team keeps no merchant; accepting an invitation brings it back, with the
 * new role, locations and password.
 */

export interface PendingInvitation {
  id: string;
  email: string;
  role: MerchantRole;
  locationIds: string[];
  createdAt: Date;
  expiresAt: Date;
  expired: boolean;
}

const ttlSeconds = () => config().INVITATION_TTL_HOURS * 3600;
const requestId = () => currentRequestId() ?? null;

type InvitationRow = typeof invitations.$inferSelect;

/** Issues a link for the invitation and queues its mail, in the caller's transaction. */
async function sendInvitation(tx: Executor, invitation: InvitationRow, invitedBy: string | null, now: Date): Promise<Date> {
  const { token, expiresAt } = await issueToken(tx, { purpose: 'invitation', subjectId: invitation.id, ttlSeconds: ttlSeconds() }, now);
  const [merchant] = await tx.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, invitation.merchantId));
  const mail = invitationMail({
    merchantName: merchant?.name ?? 'a merchant',
    roleName: roleLabel[invitation.role as MerchantRole].toLowerCase(),
    invitedBy,
    link: publicLink('/accept-invitation', { token }),
    validForHours: config().INVITATION_TTL_HOURS,
  });
  await enqueueMail(tx, { purpose: 'invitation', to: invitation.email, ...mail });
  return expiresAt;
}

const inviterName = (actor: AuditActor) => (actor.type === 'user' ? actor.label : null);

/**
 * Invites `email` to the merchant's team. A member of the team already, or a live invitation to the same email, is a
 * 409; an expired one is replaced.
 */
export async function inviteMember(
  db: Executor,
  merchantId: string,
  actor: AuditActor,
  input: z.output<typeof inviteSchema>,
  now = new Date(),
): Promise<PendingInvitation> {
  return db.transaction(async (tx) => {
    await lockTeam(tx, merchantId);
    // docs/domain.md#merchant-teams: owners reach every location.
    const locationIds = input.role === 'OWNER' ? [] : await merchantLocationIds(tx, merchantId, input.locationIds);
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, input.email), eq(users.merchantId, merchantId), isNull(users.disabledAt)));
    if (member) throw conflict(`${input.email} is already a member of this team.`, 'ALREADY_MEMBER');
    const pending = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.merchantId, merchantId), eq(invitations.email, input.email), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
    if (pending.some((row) => row.expiresAt > now)) {
      throw conflict(`${input.email} is invited already: resend that invitation instead.`, 'ALREADY_INVITED');
    }
    for (const stale of pending) await tx.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, stale.id));
    const [invitation] = await tx
      .insert(invitations)
      .values({
        id: newPrefixedId('inv'),
        merchantId,
        email: input.email,
        role: input.role,
        locationIds,
        invitedByUserId: actor.type === 'user' ? (actor.id ?? null) : null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ttlSeconds() * 1000),
      })
      .returning();
    await sendInvitation(tx, invitation!, inviterName(actor), now);
    await recordAudit(tx, actor, {
      action: 'team.invite',
      targetType: 'invitation',
      targetId: invitation!.id,
      after: { merchantId, email: input.email, role: input.role, locationIds },
      requestId: requestId(),
    });
    return pendingOf(invitation!, now);
  });
}

const pendingOf = (row: InvitationRow, now: Date): PendingInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role as MerchantRole,
  locationIds: row.locationIds,
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
  expired: row.expiresAt <= now,
});

/** The merchant's invitations not yet accepted or revoked (expired ones too, to resend), newest first. */
export async function pendingInvitations(db: Executor, merchantId: string, now = new Date()): Promise<PendingInvitation[]> {
  const rows = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.merchantId, merchantId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .orderBy(desc(invitations.createdAt));
  return rows.map((row) => pendingOf(row, now));
}

async function requirePending(tx: Executor, merchantId: string, invitationId: string): Promise<InvitationRow> {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.merchantId, merchantId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .for('update');
  if (!row) throw notFound('Invitation');
  return row;
}

/** Sends a new link (valid INVITATION_TTL_HOURS from now); the earlier links stop working. */
export async function resendInvitation(
  db: Executor,
  merchantId: string,
  actor: AuditActor,
  invitationId: string,
  now = new Date(),
): Promise<PendingInvitation> {
  return db.transaction(async (tx) => {
    const row = await requirePending(tx, merchantId, invitationId);
    await voidTokens(tx, 'invitation', row.id, now);
    const expiresAt = await sendInvitation(tx, row, inviterName(actor), now);
    await tx.update(invitations).set({ expiresAt }).where(eq(invitations.id, row.id));
    await recordAudit(tx, actor, {
      action: 'team.invitation-resend',
      targetType: 'invitation',
      targetId: row.id,
      after: { email: row.email },
      requestId: requestId(),
    });
    return pendingOf({ ...row, expiresAt }, now);
  });
}

/** Withdraws an invitation: its links stop working at once. */
export async function revokeInvitation(db: Executor, merchantId: string, actor: AuditActor, invitationId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await requirePending(tx, merchantId, invitationId);
    await tx.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, row.id));
    await voidTokens(tx, 'invitation', row.id, now);
    await recordAudit(tx, actor, {
      action: 'team.invitation-revoke',
      targetType: 'invitation',
      targetId: row.id,
      before: { email: row.email },
      requestId: requestId(),
    });
  });
}

/** Why a link no longer works, in words the accept page shows. */
export type InvitationRefusal = 'UNKNOWN' | 'USED' | 'EXPIRED' | 'REVOKED' | 'REPLACED' | 'ACCOUNT_EXISTS';

export const refusalMessages: Record<InvitationRefusal, string> = {
  UNKNOWN: 'This invitation link is not valid. Check that you opened the whole link from the mail.',
  USED: 'This invitation was accepted already. Sign in with the email it was sent to.',
  EXPIRED: 'This invitation link has expired. Ask whoever invited you to send it again.',
  REVOKED: 'This invitation was withdrawn. Ask whoever invited you if you should have access.',
  REPLACED: 'A newer invitation was sent for this email: use the link in the latest mail.',
  ACCOUNT_EXISTS: 'This email already has a Counterpart account. Ask whoever invited you to invite another address.',
};

export type InvitationLookup = { ok: true; email: string; merchantName: string; role: MerchantRole } | { ok: false; reason: InvitationRefusal };

/** What an invitation link stands for while it works (the accept page shows it); otherwise why it does not. */
export async function invitationForToken(db: Executor, token: string, now = new Date()): Promise<InvitationLookup> {
  const record = await tokenRecord(db, 'invitation', token);
  if (!record) return { ok: false, reason: 'UNKNOWN' };
  const [row] = await db
    .select({ invitation: invitations, merchantName: merchants.name })
    .from(invitations)
    .innerJoin(merchants, eq(merchants.id, invitations.merchantId))
    .where(eq(invitations.id, record.subjectId));
  if (!row) return { ok: false, reason: 'UNKNOWN' };
  const { invitation } = row;
  if (invitation.acceptedAt) return { ok: false, reason: 'USED' };
  if (invitation.revokedAt) return { ok: false, reason: 'REVOKED' };
  if (record.usedAt) return { ok: false, reason: 'REPLACED' };
  if (record.expiresAt <= now) return { ok: false, reason: 'EXPIRED' };
  return { ok: true, email: invitation.email, merchantName: row.merchantName, role: invitation.role as MerchantRole };
}

/**
 * Makes the invited user a member (in the caller's transaction): a new account, or a removed member's account brought
 * back. `passwordHash` null (single sign-on) keeps a returning account's password, or gives a new one a password
 * nobody knows (a password reset sets one). Undefined when the email belongs to a live or operator-disabled account.
 */
async function joinTeam(tx: Executor, invitation: InvitationRow, passwordHash: string | null, name: string | undefined, now: Date) {
  const [existing] = await tx.select().from(users).where(eq(users.email, invitation.email)).for('update');
  if (existing && (!existing.disabledAt || existing.merchantId)) return undefined;
  const values = { role: invitation.role, merchantId: invitation.merchantId, partnerId: null, disabledAt: null, ...(name ? { name } : {}) };
  let userId: string;
  if (existing) {
    await tx
      .update(users)
      .set({ ...values, ...(passwordHash ? { passwordHash } : {}) })
      .where(eq(users.id, existing.id));
    userId = existing.id;
  } else {
    userId = newId();
    await tx.insert(users).values({ id: userId, email: invitation.email, passwordHash: passwordHash ?? (await hashPassword(randomSecret(32))), ...values });
  }
  await restrictMember(tx, userId, invitation.role === 'OWNER' ? [] : invitation.locationIds);
  await tx.update(invitations).set({ acceptedAt: now }).where(eq(invitations.id, invitation.id));
  await voidTokens(tx, 'invitation', invitation.id, now);
  await recordAudit(tx, await userActor(tx, userId), {
    action: 'team.join',
    targetType: 'invitation',
    targetId: invitation.id,
    after: { userId, merchantId: invitation.merchantId, role: invitation.role, locationIds: invitation.locationIds, returning: Boolean(existing) },
    requestId: requestId(),
  });
  return { id: userId, email: invitation.email };
}

export type AcceptOutcome =
  { ok: true; email: string } | { ok: false; reason: InvitationRefusal; message: string } | { ok: false; reason: 'WEAK_PASSWORD'; message: string };

const refused = (reason: InvitationRefusal): AcceptOutcome => ({ ok: false, reason, message: refusalMessages[reason] });

/**
 * Accepts an invitation with a new password (the password policy applies). The link is spent in the transaction that
 * joins the user, so of two submissions only one gets through; a refused password leaves it unspent.
 */
export async function acceptInvitation(db: Executor, input: { token: string; password: string; name?: string }, now = new Date()): Promise<AcceptOutcome> {
  const lookup = await invitationForToken(db, input.token, now);
  if (!lookup.ok) return refused(lookup.reason);
  const problem = passwordProblem(input.password, { email: lookup.email });
  if (problem) return { ok: false, reason: 'WEAK_PASSWORD', message: `The password ${problem}.` };
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx): Promise<AcceptOutcome> => {
      const spent = await spendToken(tx, 'invitation', input.token, now);
      if (!spent) throw new Refused((await invitationForToken(tx, input.token, now)) as { ok: false; reason: InvitationRefusal });
      const [invitation] = await tx
        .select()
        .from(invitations)
        .where(and(eq(invitations.id, spent.subjectId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
        .for('update');
      if (!invitation) throw new Refused({ ok: false, reason: 'USED' });
      await lockTeam(tx, invitation.merchantId);
      const joined = await joinTeam(tx, invitation, passwordHash, input.name, now);
      // Rolled back: the link stays unspent, and the owner can invite another address.
      if (!joined) throw new Refused({ ok: false, reason: 'ACCOUNT_EXISTS' });
      return { ok: true, email: joined.email };
    });
  } catch (error) {
    if (error instanceof Refused) return refused(error.lookup.ok ? 'USED' : error.lookup.reason);
    throw error;
  }
}

class Refused extends Error {
  constructor(readonly lookup: { ok: false; reason: InvitationRefusal }) {
    super(lookup.reason);
  }
}

/**
 * For single sign-on: accepts the newest live invitation of an email the identity provider has verified, without a
 * password (the account gets none it knows, or keeps a returning one's). Undefined when that email has no live
 * invitation or already has an account; the caller then refuses the sign-in (an SSO user is never created uninvited).
 */
export async function acceptInvitationForVerifiedEmail(db: Executor, email: string, now = new Date()): Promise<{ id: string; email: string } | undefined> {
  const address = email.trim().toLowerCase();
  try {
    return await db.transaction(async (tx) => {
      const [invitation] = await tx
        .select()
        .from(invitations)
        .where(and(eq(invitations.email, address), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now)))
        .orderBy(desc(invitations.createdAt))
        .limit(1)
        .for('update');
      if (!invitation) return undefined;
      await lockTeam(tx, invitation.merchantId);
      const joined = await joinTeam(tx, invitation, null, undefined, now);
      if (!joined) throw new Refused({ ok: false, reason: 'ACCOUNT_EXISTS' });
      return joined;
    });
  } catch (error) {
    if (error instanceof Refused) return undefined;
    throw error;
  }
}
