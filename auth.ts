import NextAuth, { CredentialsSignin, type DefaultSession } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { authConfig } from './auth.config';
import { attemptSignIn } from '@/lib/auth/sign-in';
import { SSO_PROVIDER_ID, singleSignOnSettings, userForVerifiedEmail, type SingleSignOnRefusal } from '@/lib/auth/single-sign-on';
import { authLogger } from '@/lib/auth/sign-in-log';
import { acceptInvitationForVerifiedEmail } from '@/lib/team/invitations';
import { clientAddress } from '@/lib/http/handler-context';
import { returnPath } from '@/lib/http/return-address';
import { dashboardSessionKey, endDashboardSession, liveDashboardSession, startDashboardSession, type UserRole } from '@/lib/tenancy/users';

declare module 'next-auth' {
  interface Session {
    user: { id: string; role: UserRole; merchantId: string | null; partnerId: string | null; locationIds: string[] | null } & DefaultSession['user'];
    /** Seconds since the epoch when the session cookie was last issued. */
    issuedAt?: number;
    /**
     * The key the database holds this session under (a digest of its id, which only the cookie carries): a live
     * stream watches it to end with the session.
     */
    sessionKey?: string;
  }
  interface User {
    /** A single sign-on: the dashboard user it matched, or why it was refused (lib/auth/single-sign-on.ts). */
    dashboardUserId?: string;
    ssoRefusal?: SingleSignOnRefusal;
    role?: UserRole;
    merchantId?: string | null;
    partnerId?: string | null;
    locationIds?: string[] | null;
  }
}

// Dashboard sessions (merchants, loyalty partner reviewers, admins): Auth.js credentials with argon2id hashes.
class TooManyAttempts extends CredentialsSignin {
  code = 'too_many_attempts';
}

/**
 * The configured OpenID provider (OIDC_ISSUER...), when there is one. Auth.js checks state, nonce and PKCE on the
 * way back; `profile` matches the verified email to an existing user and never creates one.
 */
function singleSignOnProviders() {
  const settings = singleSignOnSettings();
  if (!settings) return [];
  return [
    {
      id: SSO_PROVIDER_ID,
      name: settings.name,
      type: 'oidc' as const,
      issuer: settings.issuer,
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      checks: ['pkce' as const, 'state' as const, 'nonce' as const],
      authorization: { params: { scope: 'openid email profile' } },
      // The ID token is checked (signature, issuer, audience, nonce), then the claims come from userinfo: many providers
      // leave email and email_verified out of the ID token when an access token can fetch them.
      idToken: false,
      async profile(profile: Record<string, unknown>) {
        const outcome = await userForVerifiedEmail(getDb(), profile, acceptInvitationForVerifiedEmail);
        const subject = String(profile.sub);
        if (!outcome.ok) return { id: subject, ssoRefusal: outcome.reason };
        const { user } = outcome;
        return {
          id: subject,
          dashboardUserId: user.id,
          email: user.email,
          name: user.name,
          role: user.role,
          merchantId: user.merchantId,
          partnerId: user.partnerId,
        };
      },
    },
  ];
}

// One database read per request however many times a page, its layout and its actions ask for the session.
const liveSession = cache((sessionId: string) => liveDashboardSession(getDb(), sessionId));

export const { handlers, auth, signIn, signOut } = NextAuth({
  ...authConfig,
  callbacks: {
    ...authConfig.callbacks,
    // Every return address Auth.js takes (a callbackUrl field or query, its callback-url cookie) goes through the one
    // rule: a path on PUBLIC_URL's origin, else the dashboard (no open redirects).
    redirect: ({ url }) => returnPath(url),
    // A single sign-on that matched no user goes back to /login, which says why (nothing is created).
    signIn({ user, account }) {
      if (account?.provider !== SSO_PROVIDER_ID) return true;
      if (user.dashboardUserId) return true;
      return `/login?sso=${user.ssoRefusal ?? 'FAILED'}`;
    },
    // The cookie alone proves nothing once its session was ended (sign-out, password change, every session of the
    // user ended): each check asks the database, and a null token clears the cookie.
    async jwt(params) {
      // Auth.js gives a provider's user a random id: a single sign-on's user is the dashboard user it matched.
      if (params.user && params.account?.provider === SSO_PROVIDER_ID) params = { ...params, user: { ...params.user, id: params.user.dashboardUserId } };
      const token = authConfig.callbacks.jwt(params);
      if (params.user?.id) {
        // The same kind of session as a password sign-in: a database row that sign-out and ending sessions delete.
        token.sid = await startDashboardSession(getDb(), params.user.id);
        return token;
      }
      const user = typeof token.sid === 'string' ? await liveSession(token.sid) : undefined;
      if (!user) return null;
      token.role = user.role;
      token.merchantId = user.merchantId;
      token.partnerId = user.partnerId;
      return token;
    },
    async session(params) {
      const session = authConfig.callbacks.session(params);
      if (typeof params.token.sid === 'string') {
        session.sessionKey = dashboardSessionKey(params.token.sid);
        // A restricted member's locations come from the database (the same cached read as jwt's), never the cookie.
        session.user.locationIds = (await liveSession(params.token.sid))?.locationIds ?? null;
      }
      return session;
    },
  },
  events: {
    async signOut(message) {
      const sessionId = 'token' in message ? message.token?.sid : undefined;
      if (typeof sessionId === 'string') await endDashboardSession(getDb(), sessionId);
    },
  },
  // A wrong password is an answer, not an error worth a stack trace: authorize logs it as a failed sign-in.
  logger: authLogger(),
  providers: [
    Credentials({
      credentials: { email: { label: 'Email' }, password: { label: 'Password', type: 'password' } },
      async authorize(raw, request) {
        const outcome = await attemptSignIn(getDb(), raw, clientAddress(request));
        if (outcome.ok) return outcome.user;
        if (outcome.reason === 'TOO_MANY_ATTEMPTS') throw new TooManyAttempts();
        return null;
      },
    }),
    ...singleSignOnProviders(),
  ],
});

/** The signed-in dashboard user, or a redirect to /login; `roles` limits who may see a page (others get notFound). */
export async function requireUser(roles?: readonly UserRole[], callbackUrl?: string) {
  const session = await auth();
  const user = session?.user;
  if (!user?.id) redirect(`/login${callbackUrl ? `?callbackUrl=${encodeURIComponent(returnPath(callbackUrl))}` : ''}`);
  if (roles && !roles.includes(user.role)) notFound();
  return user;
}
