import { and, eq } from 'drizzle-orm';
import { jwtVerify, type JWTPayload } from 'jose';
import type { Database } from '@/db/client';
import { grants, refreshTokens, revokedAccessTokens } from '@/db/schema';
import { config } from '@/lib/config';
import { secretDigest } from '@/lib/tenancy/secrets';
import type { AuthenticatedClient } from './client-authentication';
import { announceAccessChange } from '@/lib/tenancy/access-notices';
import { revokeGrant } from './grants';
import { SIGNING_ALG, verificationKey } from './signing-keys';

/**
 * RFC 7009 revocation. A refresh token revokes its grant (with every token issued under it); an access token is
 * listed by `jti` until it would have expired. Unknown tokens, and tokens of another client, change nothing and
 * are answered like any other: the caller learns nothing about tokens it does not own.
 */
export async function revokeToken(db: Database, client: AuthenticatedClient, token: string, hint?: string): Promise<void> {
  const order = hint === 'access_token' ? [revokeAccessToken, revokeRefreshToken] : [revokeRefreshToken, revokeAccessToken];
  for (const attempt of order) if (await attempt(db, client, token)) return;
}

async function revokeRefreshToken(db: Database, client: AuthenticatedClient, token: string): Promise<boolean> {
  const [row] = await db
    .select({ grantId: grants.id })
    .from(refreshTokens)
    .innerJoin(grants, eq(grants.id, refreshTokens.grantId))
    .where(and(eq(refreshTokens.tokenHash, secretDigest(token)), eq(grants.clientId, client.id)));
  if (!row) return false;
  await revokeGrant(db, row.grantId);
  return true;
}

async function revokeAccessToken(db: Database, client: AuthenticatedClient, token: string): Promise<boolean> {
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(
      token,
      async (header) => (header.kid && (await verificationKey(db, header.kid))) || Promise.reject(new Error('unknown key')),
      { issuer: config().PUBLIC_URL, algorithms: [SIGNING_ALG] },
    ));
  } catch {
    // Expired, forged or foreign tokens need no revocation.
    return false;
  }
  if (typeof claims.jti !== 'string' || typeof claims.grant_id !== 'string' || typeof claims.exp !== 'number') return false;
  const [grant] = await db
    .select({ id: grants.id })
    .from(grants)
    .where(and(eq(grants.id, claims.grant_id), eq(grants.clientId, client.id)));
  if (!grant) return false;
  await db
    .insert(revokedAccessTokens)
    .values({ jti: claims.jti, expiresAt: new Date(claims.exp * 1000) })
    .onConflictDoNothing();
  await announceAccessChange(db, { kind: 'TOKEN_REVOKED', jti: claims.jti });
  return true;
}
