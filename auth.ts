import NextAuth, { CredentialsSignin, type DefaultSession } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { notFound, redirect } from 'next/navigation';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { logger } from '@/lib/log';
import { authConfig } from './auth.config';
import { isOverBudget, spendOne } from '@/lib/http/rate-limit';
import { authenticateUser, type UserRole } from '@/lib/tenancy/users';

declare module 'next-auth' {
  interface Session {
    user: { id: string; role: UserRole; merchantId: string | null; partnerId: string | null } & DefaultSession['user'];
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

export const { handlers, auth, signIn, signOut } = NextAuth({
  ...authConfig,
  logger: {
    // A wrong password is an answer, not an error worth a stack trace.
    error(error) {
      if (error.name !== 'CredentialsSignin') logger().error({ err: error }, 'auth error');
    },
    warn(code) {
      logger().warn({ code }, 'auth warning');
    },
  },
  providers: [
    Credentials({
      credentials: { email: { label: 'Email' }, password: { label: 'Password', type: 'password' } },
      async authorize(raw) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) return null;
        // Slows password guessing per account: after 10 wrong passwords in a minute, sign-in waits.
        const account = parsed.data.email.toLowerCase();
        if (await isOverBudget('sign-in-failures', account, FAILED_SIGN_INS_PER_MINUTE)) throw new TooManyAttempts();
        const user = await authenticateUser(getDb(), parsed.data.email, parsed.data.password);
        if (!user) {
          await spendOne('sign-in-failures', account, FAILED_SIGN_INS_PER_MINUTE);
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
  if (!user?.id) redirect(`/login${callbackUrl ? `?callbackUrl=${encodeURIComponent(callbackUrl)}` : ''}`);
  if (roles && !roles.includes(user.role)) notFound();
  return user;
}
