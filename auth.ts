import NextAuth, { CredentialsSignin, type DefaultSession } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { authConfig } from './auth.config';
import { attemptSignIn } from '@/lib/auth/sign-in';
import { authLogger } from '@/lib/auth/sign-in-log';
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

// One database read per request however many times a page, its layout and its actions ask for the session.
const liveSession = cache((sessionId: string) => liveDashboardSession(getDb(), sessionId));

export const { handlers, auth, signIn, signOut } = NextAuth({
  ...authConfig,
  callbacks: {
    ...authConfig.callbacks,
    // Every return address Auth.js takes (a callbackUrl field or query, its callback-url cookie) goes through the one
    // rule: a path on PUBLIC_URL's origin, else the dashboard (no open redirects).
    redirect: ({ url }) => returnPath(url),
    // The cookie alone proves nothing once its session was ended (sign-out, password change, every session of the
    // user ended): each check asks the database, and a null token clears the cookie.
    async jwt(params) {
      const token = authConfig.callbacks.jwt(params);
      if (params.user?.id) {
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
