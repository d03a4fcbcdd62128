import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { users } from '@/db/schema';
import { config } from '@/lib/config';
import type { SessionUser } from '@/lib/tenancy/users';

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

/**
 * docs/domain.md#single-sign-on: the dashboard user a provider's identity signs in as. Only an email the provider
 * says it verified (`email_verified` exactly true) counts, since anyone may type any address into an account at most
 * providers; it must be the email of an existing, enabled user. Nobody is created here: an account exists only by an
 * operator or an owner's invitation.
 */
export async function userForVerifiedEmail(db: Executor, identity: ProviderIdentity): Promise<SingleSignOnOutcome> {
  if (identity.email_verified !== true || typeof identity.email !== 'string' || identity.email.trim() === '') {
    return { ok: false, reason: 'EMAIL_NOT_VERIFIED' };
  }
  const email = identity.email.trim().toLowerCase();
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) return joinByInvitation(db, email);
  if (user.disabledAt) return { ok: false, reason: 'DISABLED' };
  return { ok: true, user: { id: user.id, email: user.email, name: user.name, role: user.role, merchantId: user.merchantId, partnerId: user.partnerId } };
}

/**
 * The seam for invitations: with no user of that email, a pending invitation to it is where an account would come
 * from (accepting it by signing in). Counterpart has no invitations yet, so no user of that email means not invited.
 */
async function joinByInvitation(_db: Executor, _email: string): Promise<SingleSignOnOutcome> {
  return { ok: false, reason: 'NOT_INVITED' };
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
