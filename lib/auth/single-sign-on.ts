import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { users } from '@/db/schema';
import { config } from '@/lib/config';
import { sessionUserOf, type SessionUser } from '@/lib/tenancy/users';

/** The Auth.js provider id of the configured OpenID provider (its callback is `/api/auth/callback/oidc`). */
export const SSO_PROVIDER_ID = 'oidc';

/** The configured OpenID provider, or undefined when single sign-on is off (OIDC_ISSUER unset). */
export function singleSignOnSettings() {
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_NAME } = config();
  if (!OIDC_ISSUER || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET) return undefined;
  return { issuer: OIDC_ISSUER, clientId: OIDC_CLIENT_ID, clientSecret: OIDC_CLIENT_SECRET, name: OIDC_NAME };
}

/** Why a single sign-on was refused; /login words each for the visitor. */
export type SingleSignOnRefusal = 'EMAIL_NOT_VERIFIED' | 'NOT_INVITED' | 'DISABLED';

export type SingleSignOnOutcome = { ok: true; user: SessionUser } | { ok: false; reason: SingleSignOnRefusal };

/** The claims of the provider's ID token (or userinfo) that the matching rule reads. */
export interface ProviderIdentity {
  email?: unknown;
  email_verified?: unknown;
}

/** Accepts a live invitation to a verified email without a password; the new member's id, or undefined if none. */
export type AcceptInvitationByEmail = (db: Executor, email: string) => Promise<{ id: string } | undefined>;

/**
 * docs/domain.md#single-sign-on: the dashboard user a provider's identity signs in as. Only an email the provider
 * says it verified (`email_verified` exactly true) counts, since anyone may type any address into an account at most
 * providers; it must be the email of an existing, enabled user, or one with a live invitation, which signing in
 * accepts (docs/domain.md#merchant-teams). Nobody uninvited is created here.
 */
export async function userForVerifiedEmail(
  db: Executor,
  identity: ProviderIdentity,
  acceptInvitation: AcceptInvitationByEmail = async () => undefined,
): Promise<SingleSignOnOutcome> {
  if (identity.email_verified !== true || typeof identity.email !== 'string' || identity.email.trim() === '') {
    return { ok: false, reason: 'EMAIL_NOT_VERIFIED' };
  }
  const email = identity.email.trim().toLowerCase();
  let [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) {
    const joined = await acceptInvitation(db, email);
    if (!joined) return { ok: false, reason: 'NOT_INVITED' };
    [user] = await db.select().from(users).where(eq(users.id, joined.id));
    if (!user) return { ok: false, reason: 'NOT_INVITED' };
  }
  if (user.disabledAt) return { ok: false, reason: 'DISABLED' };
  return { ok: true, user: await sessionUserOf(db, user) };
}

/** What /login says after a refused single sign-on (`?sso=<reason>`). */
export function singleSignOnRefusalMessage(reason: string | undefined, providerName: string): string | undefined {
  switch (reason) {
    case 'NOT_INVITED':
      return `No Counterpart account uses the email of your ${providerName} account. Ask an owner of your team to invite you, then sign in again.`;
    case 'EMAIL_NOT_VERIFIED':
      return `${providerName} has not verified the email of your account, so it cannot sign you in here. Verify it with ${providerName} first.`;
    case 'DISABLED':
      return 'This account is disabled. Ask your Counterpart operator to enable it.';
    case 'FAILED':
      return `Signing in with ${providerName} did not complete. Try again.`;
    default:
      return undefined;
  }
}
