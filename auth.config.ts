import type { NextAuthConfig } from 'next-auth';
import type { UserRole } from '@/lib/tenancy/users';

/**
 * The session settings shared by `auth.ts` and `proxy.ts`. It has no providers and no database access, so the proxy
 * can read sessions without loading the data layer.
 */
export const authConfig = {
  trustHost: true,
  session: { strategy: 'jwt', maxAge: 12 * 60 * 60 },
  pages: { signIn: '/login' },
  providers: [],
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
} satisfies NextAuthConfig;
