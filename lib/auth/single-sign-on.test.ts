import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { resetConfig } from '@/lib/config';
import { teamMember } from '@/lib/testing/alert-fixtures';
import { useTestDatabase } from '@/lib/testing/database';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { acceptInvitationForVerifiedEmail, inviteMember } from '@/lib/team/invitations';
import { singleSignOnRefusalMessage, singleSignOnSettings, userForVerifiedEmail } from './single-sign-on';

const database = useTestDatabase();
afterAll(() => {
  resetConfig();
});

describe('the single sign-on matching rule', () => {
  it('signs in the existing user whose email the provider verified, whatever its case', async () => {
    const db = database.db();
    const { merchant } = await createMerchantWithLocations(db, 1);
    const user = await teamMember(db, merchant.id, 'chef@sso.test', 'Chef');
    const outcome = await userForVerifiedEmail(db, { email: ' Chef@SSO.test ', email_verified: true });
    expect(outcome).toEqual({
      ok: true,
      user: { id: user.id, email: 'chef@sso.test', name: 'Chef', role: 'OWNER', merchantId: merchant.id, partnerId: null, locationIds: null },
    });
  });

  it('refuses an email the provider did not verify, or said so in any other way than true', async () => {
    const db = database.db();
    const { merchant } = await createMerchantWithLocations(db, 1);
    await teamMember(db, merchant.id, 'host@sso.test');
    for (const email_verified of [false, undefined, 'true', 1, null]) {
      expect(await userForVerifiedEmail(db, { email: 'host@sso.test', email_verified })).toEqual({ ok: false, reason: 'EMAIL_NOT_VERIFIED' });
    }
    for (const email of [undefined, '', '  ', 42]) {
      expect(await userForVerifiedEmail(db, { email, email_verified: true })).toEqual({ ok: false, reason: 'EMAIL_NOT_VERIFIED' });
    }
  });

  it('creates nobody for an email no user has', async () => {
    const db = database.db();
    expect(await userForVerifiedEmail(db, { email: 'stranger@sso.test', email_verified: true })).toEqual({ ok: false, reason: 'NOT_INVITED' });
    expect(await db.select().from(users).where(eq(users.email, 'stranger@sso.test'))).toEqual([]);
  });

  it('accepts a live invitation to the verified email by signing in: the new member has the invited role and locations', async () => {
    const db = database.db();
    const { merchant, locationIds } = await createMerchantWithLocations(db, 2);
    const owner = await teamMember(db, merchant.id, 'owner-of-invite@sso.test');
    const actor = { type: 'user' as const, id: owner.id, label: owner.email };
    await inviteMember(db, merchant.id, actor, { email: 'new-host@sso.test', role: 'STAFF', locationIds: [locationIds[1]!] });

    const outcome = await userForVerifiedEmail(db, { email: 'New-Host@sso.test', email_verified: true }, acceptInvitationForVerifiedEmail);
    expect(outcome).toMatchObject({ ok: true, user: { email: 'new-host@sso.test', role: 'STAFF', merchantId: merchant.id } });
    // Used once: the invitation is accepted, and the next sign-in is the member's own.
    expect(await acceptInvitationForVerifiedEmail(db, 'new-host@sso.test')).toBeUndefined();
    const again = await userForVerifiedEmail(db, { email: 'new-host@sso.test', email_verified: true }, acceptInvitationForVerifiedEmail);
    expect(again.ok && again.user.id).toBe(outcome.ok && outcome.user.id);
    // Without an invitation to it, the same rule still creates nobody.
    expect(await userForVerifiedEmail(db, { email: 'uninvited@sso.test', email_verified: true }, acceptInvitationForVerifiedEmail)).toEqual({
      ok: false,
      reason: 'NOT_INVITED',
    });
  });

  it('refuses a disabled user', async () => {
    const db = database.db();
    const { merchant } = await createMerchantWithLocations(db, 1);
    const user = await teamMember(db, merchant.id, 'gone@sso.test');
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    expect(await userForVerifiedEmail(db, { email: 'gone@sso.test', email_verified: true })).toEqual({ ok: false, reason: 'DISABLED' });
  });

  it('words each refusal for /login, and nothing for an unknown one', () => {
    expect(singleSignOnRefusalMessage('NOT_INVITED', 'Okta')).toContain('No Counterpart account uses the email of your Okta account');
    expect(singleSignOnRefusalMessage('EMAIL_NOT_VERIFIED', 'Okta')).toContain('Okta has not verified');
    expect(singleSignOnRefusalMessage('DISABLED', 'Okta')).toContain('disabled');
    expect(singleSignOnRefusalMessage('<script>', 'Okta')).toBeUndefined();
  });

  it('is on only when issuer, client id and secret are all set', () => {
    expect(resetConfig({ OIDC_ISSUER: '', OIDC_CLIENT_ID: '', OIDC_CLIENT_SECRET: '' }) && singleSignOnSettings()).toBeUndefined();
    resetConfig({ OIDC_ISSUER: 'https://id.example/', OIDC_CLIENT_ID: 'counterpart', OIDC_CLIENT_SECRET: 'secret', OIDC_NAME: 'Okta' });
    expect(singleSignOnSettings()).toEqual({ issuer: 'https://id.example/', clientId: 'counterpart', clientSecret: 'secret', name: 'Okta' });
  });
});
