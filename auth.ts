import NextAuth, { CredentialsSignin, type DefaultSession } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { authConfig } from './auth.config';
import { authLogger, logFailedSignIn } from '@/lib/auth/sign-in-log';
import { clientAddress } from '@/lib/http/handler-context';
import { isOverBudget, spendOne } from '@/lib/http/rate-limit';
import { returnPath } from '@/lib/http/return-address';
import { authenticateUser, endDashboardSession, liveDashboardSession, startDashboardSession, type UserRole } from '@/lib/tenancy/users';

declare module 'next-auth' {
  interface Session {
    user: { id: string; role: UserRole; merchantId: string | null; partnerId: string | null } & DefaultSession['user'];
    /** Seconds since the epoch when the session cookie was last issued. */
    issuedAt?: number;
  }
  interface User {
    role?: UserRole;
    merchantId?: string | null;
    partnerId?: string | null;
  }
}

const FAILED_SIGN_INS_PER_MINUTE = 10;

const credentialsSchema = z.object({ email: z.email(), password: z.string().min(1).max(200) });

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
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) {
          logFailedSignIn({ email: String(raw.email ?? ''), address: clientAddress(request), reason: 'WRONG_CREDENTIALS' });
          return null;
        }
        // Slows password guessing per account: after 10 wrong passwords in a minute, sign-in waits.
        const account = parsed.data.email.toLowerCase();
        if (await isOverBudget('sign-in-failures', account, FAILED_SIGN_INS_PER_MINUTE)) {
          logFailedSignIn({ email: account, address: clientAddress(request), reason: 'TOO_MANY_ATTEMPTS' });
          throw new TooManyAttempts();
        }
        const user = await authenticateUser(getDb(), parsed.data.email, parsed.data.password);
        if (!user) {
          await spendOne('sign-in-failures', account, FAILED_SIGN_INS_PER_MINUTE);
          logFailedSignIn({ email: account, address: clientAddress(request), reason: 'WRONG_CREDENTIALS' });
          return null;
        }
        return { id: user.id, email: user.email, name: user.name, role: user.role, merchantId: user.merchantId, partnerId: user.partnerId };
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
