import NextAuth, { CredentialsSignin, type DefaultSession } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { notFound, redirect } from 'next/navigation';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { consumeRateLimit } from '@/lib/http/rate-limit';
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

const credentialsSchema = z.object({ email: z.email(), password: z.string().min(1).max(200) });

class TooManyAttempts extends CredentialsSignin {
  code = 'too_many_attempts';
}

// Dashboard sessions (merchants, loyalty partner reviewers, admins): Auth.js credentials with argon2id hashes.
export const { handlers, auth, signIn, signOut } = NextAuth({
  trustHost: true,
  session: { strategy: 'jwt', maxAge: 12 * 60 * 60 },
  pages: { signIn: '/login' },
  providers: [
    Credentials({
      credentials: { email: { label: 'Email' }, password: { label: 'Password', type: 'password' } },
      async authorize(raw) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) return null;
        // Slows password guessing per account: 10 attempts a minute.
        await consumeRateLimit('sign-in', parsed.data.email.toLowerCase(), 10).catch(() => {
          throw new TooManyAttempts();
        });
        const user = await authenticateUser(getDb(), parsed.data.email, parsed.data.password);
        if (!user) return null;
        return { id: user.id, email: user.email, name: user.name, role: user.role, merchantId: user.merchantId, partnerId: user.partnerId };
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        token.uid = user.id;
        token.role = user.role;
        token.merchantId = user.merchantId ?? null;
        token.partnerId = user.partnerId ?? null;
      }
      return token;
    },
    session({ session, token }) {
      session.user.id = token.uid as string;
      session.user.role = token.role as UserRole;
      session.user.merchantId = (token.merchantId as string | null) ?? null;
      session.user.partnerId = (token.partnerId as string | null) ?? null;
      return session;
    },
  },
});

/** The signed-in dashboard user, or a redirect to /login; `roles` limits who may see a page (others get notFound). */
export async function requireUser(roles?: readonly UserRole[], callbackUrl?: string) {
  const session = await auth();
  const user = session?.user;
  if (!user?.id) redirect(`/login${callbackUrl ? `?callbackUrl=${encodeURIComponent(callbackUrl)}` : ''}`);
  if (roles && !roles.includes(user.role)) notFound();
  return user;
}
