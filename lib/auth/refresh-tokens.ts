import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { grantLocations, grants, refreshTokens } from '@/db/schema';
import { config } from '@/lib/config';
import { newId } from '@/lib/ids';
import { randomSecret, secretDigest } from '@/lib/tenancy/secrets';
import type { AuthenticatedClient } from './client-authentication';
import { accessTokenForGrant, markGrantUsed, revokeGrant } from './grants';
import { OAuthError } from './oauth-errors';

/** A new refresh token for a grant; only its digest is stored (STYLE.md habit 7). */
export async function createRefreshToken(db: Executor, grantId: string): Promise<string> {
  const token = randomSecret(32, 'rt_');
  await db.insert(refreshTokens).values({ id: newId(), tokenHash: secretDigest(token), grantId });
  return token;
}

export interface TokenSet {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  scope?: string;
}

const invalidRefreshToken = () => new OAuthError('invalid_grant', 'The refresh token is invalid, expired or revoked.');

/**
 * grant_type=refresh_token with rotation (CONTRACT §3): the presented token is used up and a new one returned.
 * Presenting a token that was already used means it leaked or was replayed, so the whole grant is revoked:
 * every access and refresh token of that device approval stops working.
 */
export async function refreshTokenGrant(db: Database, client: AuthenticatedClient, refreshToken: string): Promise<TokenSet> {
  const outcome = await db.transaction(async (tx) => {
    // The row lock serialises racing uses of one token: the second sees it used and counts as a replay.
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        usedAt: refreshTokens.usedAt,
        grant: grants,
        // Fetched in the same round trip: refreshing is the hottest path of the authorisation server.
        locationIds: sql<string[] | null>`(select array_agg(${grantLocations.locationId} order by ${grantLocations.locationId}) from ${grantLocations} where ${grantLocations.grantId} = ${grants.id})`,
      })
      .from(refreshTokens)
      .innerJoin(grants, eq(grants.id, refreshTokens.grantId))
      .where(eq(refreshTokens.tokenHash, secretDigest(refreshToken)))
      .for('update', { of: refreshTokens });
    if (!row || row.grant.clientId !== client.id || row.grant.revokedAt) return { error: invalidRefreshToken() };
    const { grant } = row;
    if (row.usedAt) {
      await revokeGrant(tx, grant.id);
      return { error: new OAuthError('invalid_grant', 'The refresh token was already used; the grant has been revoked.') };
    }
    await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, row.id));
    const ttl = config().ACCESS_TOKEN_TTL_SECONDS;
    const { token } = await accessTokenForGrant(
      tx,
      { grantId: grant.id, kind: grant.kind, partnerId: grant.partnerId, audience: grant.audience, locationIds: row.locationIds ?? [] },
      client,
      ttl,
    );
    const next = await createRefreshToken(tx, grant.id);
    await markGrantUsed(tx, grant.id, grant.lastUsedAt);
    return { tokens: { access_token: token, token_type: 'Bearer', expires_in: ttl, refresh_token: next, scope: 'offline_access' } satisfies TokenSet };
  });
  // Thrown after the transaction so a reuse's revocation commits.
  if (outcome.error) throw outcome.error;
  return outcome.tokens!;
}
