import type { NextAuthConfig } from 'next-auth';
import { SESSION_IDLE_SECONDS } from '@/lib/tenancy/session-lifetime';
import type { UserRole } from '@/lib/tenancy/users';

/** Behind https (PUBLIC_URL), session cookies are `Secure` and `__Secure-` prefixed whatever the proxy in front says. */
export const httpsDeployment = () => (process.env.PUBLIC_URL ?? '').toLowerCase().startsWith('https:');

/**
 * The session settings shared by `auth.ts` and `proxy.ts`. It has no providers and no database access, so the proxy
 * can read sessions without loading the data layer: the proxy only checks the cookie, and `auth()` in pages, server
 * actions and dashboard routes checks that its session (`sid`) is still live in the database.
 */
export const authConfig = {
  trustHost: true,
  useSecureCookies: httpsDeployment(),
  // The cookie slides on each dashboard request; the database row (lib/tenancy/users.ts) slides alike.
  session: { strategy: 'jwt', maxAge: SESSION_IDLE_SECONDS },
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
      // A restricted merchant member's locations (lib/tenancy/scope.ts) are added by auth.ts, from the database.
      session.user.locationIds = null;
      // When the cookie was last issued: the proxy re-sends it only once it is SESSION_RENEW_SECONDS old.
      session.issuedAt = typeof token.iat === 'number' ? token.iat : undefined;
      return session;
    },
  },
} satisfies NextAuthConfig;
