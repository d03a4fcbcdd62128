import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, users } from '@/db/schema';
import { resetConfig } from '@/lib/config';
import { ADMIN_API_ACTOR, type AuditActor } from '@/lib/ops/audit';
import { useTestDatabase } from '@/lib/testing/database';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import {
  acceptInvitation,
  acceptInvitationForVerifiedEmail,
  invitationForToken,
  inviteMember,
  pendingInvitations,
  resendInvitation,
  revokeInvitation,
} from './invitations';
import { changeMember, removeMember, teamMembers } from './team';
import { authenticateUser, createUser, liveDashboardSession, startDashboardSession } from '@/lib/tenancy/users';

const database = useTestDatabase();
const db = () => database.db();
const PASSWORD = 'four quiet kitchen spoons';
let counter = 0;
let merchantId: string;
let locationIds: string[];
let owner: { id: string; email: string };
let actor: AuditActor;

beforeAll(async () => {
  resetConfig({ PUBLIC_URL: 'https://hub.bistro.test', INVITATION_TTL_HOURS: undefined });
  const created = await createMerchantWithLocations(db(), 2);
  merchantId = created.merchant.id;
  locationIds = created.locationIds;
  owner = await createUser(db(), { email: 'owner@team.test', password: PASSWORD, role: 'OWNER', merchantId });
  actor = { type: 'user', id: owner.id, label: owner.email };
});

const nextEmail = () => `member-${++counter}@team.test`;
const HOUR = 3600_000;

/** The token of the newest invitation mail to `email`, read from its text as the invitee reads the link. */
async function linkTokenFor(email: string): Promise<string> {
  const mails = await db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.purpose, 'invitation')));
  const text = mails.sort((a, b) => a.id.localeCompare(b.id)).at(-1)!.textBody;
  return new URL(/https:\/\/hub\.bistro\.test\/accept-invitation\?token=\S+/.exec(text)![0]).searchParams.get('token')!;
}

const auditActions = async (targetId: string) =>
  (await db().select({ action: auditLog.action, actorId: auditLog.actorId }).from(auditLog).where(eq(auditLog.targetId, targetId))).map((row) => row);

describe('invitations', () => {
  it('mails a single-use link valid 72 hours; accepting it sets the password and joins with the role and locations', async () => {
    const email = nextEmail();
    const now = new Date();
    const invitation = await inviteMember(db(), merchantId, actor, { email, role: 'STAFF', locationIds: [locationIds[0]!] }, now);
    expect(invitation.expiresAt.getTime() - now.getTime()).toBe(72 * HOUR);
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(mail).toMatchObject({ purpose: 'invitation', status: 'PENDING' });
    expect(mail!.textBody).toContain('owner@team.test invited you to join');
    expect(mail!.textBody).toContain('as staff');
    const token = await linkTokenFor(email);
    expect(await invitationForToken(db(), token)).toMatchObject({ ok: true, email, role: 'STAFF' });

    expect(await acceptInvitation(db(), { token, password: 'password123', name: 'Sam' })).toMatchObject({ ok: false, reason: 'WEAK_PASSWORD' });
    // A refused password leaves the link working.
    expect(await acceptInvitation(db(), { token, password: PASSWORD, name: 'Sam' })).toEqual({ ok: true, email });
    const signedIn = await authenticateUser(db(), email, PASSWORD);
    expect(signedIn).toMatchObject({ role: 'STAFF', merchantId, locationIds: [locationIds[0]], name: 'Sam' });
    expect((await pendingInvitations(db(), merchantId)).map((row) => row.email)).not.toContain(email);
    expect((await auditActions(invitation.id)).map((row) => row.action).sort()).toEqual(['team.invite', 'team.join']);
  });

  it('refuses a used link, and an expired one, each saying why', async () => {
    const email = nextEmail();
    await inviteMember(db(), merchantId, actor, { email, role: 'MANAGER', locationIds: [] });
    const token = await linkTokenFor(email);
    expect(await acceptInvitation(db(), { token, password: PASSWORD })).toMatchObject({ ok: true });
    expect(await acceptInvitation(db(), { token, password: PASSWORD })).toMatchObject({ ok: false, reason: 'USED' });

    const late = nextEmail();
    const sent = new Date(Date.now() - 73 * HOUR);
    await inviteMember(db(), merchantId, actor, { email: late, role: 'STAFF', locationIds: [] }, sent);
    const lateToken = await linkTokenFor(late);
    expect(await invitationForToken(db(), lateToken)).toEqual({ ok: false, reason: 'EXPIRED' });
    const refused = await acceptInvitation(db(), { token: lateToken, password: PASSWORD });
    expect(refused).toMatchObject({ ok: false, reason: 'EXPIRED', message: expect.stringContaining('expired') });
    expect(await db().select().from(users).where(eq(users.email, late))).toEqual([]);
    expect(await acceptInvitation(db(), { token: 'not-a-token', password: PASSWORD })).toMatchObject({ ok: false, reason: 'UNKNOWN' });
  });

  it('of two acceptances of one link at once, exactly one joins', async () => {
    const email = nextEmail();
    await inviteMember(db(), merchantId, actor, { email, role: 'STAFF', locationIds: [] });
    const token = await linkTokenFor(email);
    const outcomes = await Promise.all([acceptInvitation(db(), { token, password: PASSWORD }), acceptInvitation(db(), { token, password: PASSWORD })]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('resends a fresh link (the earlier one stops working) and withdraws an invitation, both audited', async () => {
    const email = nextEmail();
    const invitation = await inviteMember(db(), merchantId, actor, { email, role: 'STAFF', locationIds: [] });
    await expect(inviteMember(db(), merchantId, actor, { email, role: 'STAFF', locationIds: [] })).rejects.toMatchObject({ code: 'ALREADY_INVITED' });
    const first = await linkTokenFor(email);
    await resendInvitation(db(), merchantId, actor, invitation.id);
    const second = await linkTokenFor(email);
    expect(second).not.toBe(first);
    expect(await invitationForToken(db(), first)).toEqual({ ok: false, reason: 'REPLACED' });
    expect(await invitationForToken(db(), second)).toMatchObject({ ok: true });
    await revokeInvitation(db(), merchantId, actor, invitation.id);
    expect(await acceptInvitation(db(), { token: second, password: PASSWORD })).toMatchObject({ ok: false, reason: 'REVOKED' });
    expect((await auditActions(invitation.id)).map((row) => row.action).sort()).toEqual(['team.invitation-resend', 'team.invitation-revoke', 'team.invite']);
  });

  it('refuses an email that has an account already, at this merchant when inviting and anywhere when accepting', async () => {
    await expect(inviteMember(db(), merchantId, actor, { email: owner.email, role: 'STAFF', locationIds: [] })).rejects.toMatchObject({
      status: 409,
      code: 'ALREADY_MEMBER',
    });
    const elsewhere = await createMerchantWithLocations(db(), 1);
    const taken = nextEmail();
    await createUser(db(), { email: taken, password: PASSWORD, role: 'OWNER', merchantId: elsewhere.merchant.id });
    await inviteMember(db(), merchantId, actor, { email: taken, role: 'STAFF', locationIds: [] });
    const token = await linkTokenFor(taken);
    expect(await acceptInvitation(db(), { token, password: 'another long passphrase' })).toMatchObject({ ok: false, reason: 'ACCOUNT_EXISTS' });
    // The other merchant's account is untouched, and its password still works.
    expect(await authenticateUser(db(), taken, PASSWORD)).toMatchObject({ merchantId: elsewhere.merchant.id, role: 'OWNER' });
  });

  it('refuses locations of another merchant', async () => {
    const { locationIds: strangers } = await createMerchantWithLocations(db(), 1);
    await expect(inviteMember(db(), merchantId, actor, { email: nextEmail(), role: 'STAFF', locationIds: strangers })).rejects.toMatchObject({ status: 422 });
  });

  it('accepts for an email verified elsewhere (single sign-on) without a password, once', async () => {
    const email = nextEmail();
    await inviteMember(db(), merchantId, ADMIN_API_ACTOR, { email, role: 'MANAGER', locationIds: [locationIds[1]!] });
    const joined = await acceptInvitationForVerifiedEmail(db(), email.toUpperCase());
    expect(joined).toMatchObject({ email });
    expect(await acceptInvitationForVerifiedEmail(db(), email)).toBeUndefined();
    expect(await acceptInvitationForVerifiedEmail(db(), 'nobody@team.test')).toBeUndefined();
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ role: 'MANAGER', merchantId, disabledAt: null });
  });
});

describe('team changes', () => {
  async function joined(role: 'OWNER' | 'MANAGER' | 'STAFF', merchant = merchantId) {
    const email = nextEmail();
    return createUser(db(), { email, password: PASSWORD, role, merchantId: merchant });
  }

  it('never removes or demotes the last owner; with a second owner it can', async () => {
    const { merchant } = await createMerchantWithLocations(db(), 1);
    const only = await joined('OWNER', merchant.id);
    const by: AuditActor = { type: 'user', id: only.id, label: only.email };
    await expect(removeMember(db(), merchant.id, by, only.id)).rejects.toMatchObject({ status: 409, code: 'LAST_OWNER' });
    await expect(changeMember(db(), merchant.id, by, { userId: only.id, role: 'MANAGER', locationIds: [] })).rejects.toMatchObject({ code: 'LAST_OWNER' });
    const second = await joined('OWNER', merchant.id);
    await changeMember(db(), merchant.id, by, { userId: only.id, role: 'MANAGER', locationIds: [] });
    await expect(removeMember(db(), merchant.id, by, second.id)).rejects.toMatchObject({ code: 'LAST_OWNER' });
    expect((await teamMembers(db(), merchant.id)).map((member) => [member.id, member.role])).toEqual(
      expect.arrayContaining([
        [only.id, 'MANAGER'],
        [second.id, 'OWNER'],
      ]),
    );
  });

  it('of two owners demoting each other at once, one stays owner', async () => {
    const { merchant } = await createMerchantWithLocations(db(), 1);
    const [a, b] = [await joined('OWNER', merchant.id), await joined('OWNER', merchant.id)];
    const by: AuditActor = { type: 'user', id: a.id, label: a.email };
    const outcomes = await Promise.allSettled([
      changeMember(db(), merchant.id, by, { userId: a.id, role: 'STAFF', locationIds: [] }),
      changeMember(db(), merchant.id, by, { userId: b.id, role: 'STAFF', locationIds: [] }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect((await teamMembers(db(), merchant.id)).filter((member) => member.role === 'OWNER')).toHaveLength(1);
  });

  it('a role or location change ends the member’s sessions and is audited with before and after', async () => {
    const staff = await joined('STAFF');
    const session = await startDashboardSession(db(), staff.id);
    const changed = await changeMember(db(), merchantId, actor, { userId: staff.id, role: 'MANAGER', locationIds: [locationIds[1]!] });
    expect(changed).toMatchObject({ role: 'MANAGER', locationIds: [locationIds[1]] });
    expect(await liveDashboardSession(db(), session)).toBeUndefined();
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, staff.id), eq(auditLog.action, 'team.member-change')));
    expect(entry).toMatchObject({ actorId: owner.id, before: { role: 'STAFF', locationIds: [] }, after: { role: 'MANAGER', locationIds: [locationIds[1]] } });
    // Owners reach every location: a restriction asked for an owner is dropped.
    expect(await changeMember(db(), merchantId, actor, { userId: staff.id, role: 'OWNER', locationIds: [locationIds[0]!] })).toMatchObject({ locationIds: [] });
  });

  it('removing a member ends their sessions at once and refuses sign-in; a new invitation brings the account back', async () => {
    const staff = await joined('STAFF');
    const session = await startDashboardSession(db(), staff.id);
    await removeMember(db(), merchantId, actor, staff.id);
    expect(await liveDashboardSession(db(), session)).toBeUndefined();
    expect(await authenticateUser(db(), staff.email, PASSWORD)).toBeUndefined();
    expect((await teamMembers(db(), merchantId)).map((member) => member.id)).not.toContain(staff.id);
    expect((await auditActions(staff.id)).map((row) => row.action)).toContain('team.member-remove');

    await inviteMember(db(), merchantId, actor, { email: staff.email, role: 'STAFF', locationIds: [locationIds[0]!] });
    expect(await acceptInvitation(db(), { token: await linkTokenFor(staff.email), password: 'a brand new long passphrase' })).toMatchObject({ ok: true });
    expect(await authenticateUser(db(), staff.email, 'a brand new long passphrase')).toMatchObject({ id: staff.id, merchantId, locationIds: [locationIds[0]] });
  });

  it('another merchant’s member is not found, whatever the change', async () => {
    const { merchant } = await createMerchantWithLocations(db(), 1);
    const stranger = await joined('STAFF', merchant.id);
    await expect(removeMember(db(), merchantId, actor, stranger.id)).rejects.toMatchObject({ status: 404 });
    await expect(changeMember(db(), merchantId, actor, { userId: stranger.id, role: 'OWNER', locationIds: [] })).rejects.toMatchObject({ status: 404 });
    const pending = await inviteMember(db(), merchant.id, ADMIN_API_ACTOR, { email: nextEmail(), role: 'OWNER', locationIds: [] });
    await expect(revokeInvitation(db(), merchantId, actor, pending.id)).rejects.toMatchObject({ status: 404 });
    await expect(resendInvitation(db(), merchantId, actor, pending.id)).rejects.toMatchObject({ status: 404 });
    expect((await pendingInvitations(db(), merchantId)).map((row) => row.id)).not.toContain(pending.id);
    expect(
      await db()
        .select()
        .from(users)
        .where(inArray(users.id, [stranger.id])),
    ).toEqual([expect.objectContaining({ merchantId: merchant.id, disabledAt: null })]);
  });
});
