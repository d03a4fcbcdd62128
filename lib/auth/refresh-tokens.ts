import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { grantLocations, grants, refreshTokens } from '@/db/schema';
import { config } from '@/lib/config';
import { newId } from '@/lib/ids';
import { randomSecret, secretDigest } from '@/lib/tenancy/secrets';
import type { AuthenticatedClient } from './client-authentication';
import { accessTokenForGrant, revokeGrant, type GrantTokenContext } from './grants';
import { OAuthError } from './oauth-errors';

const newRefreshToken = () => randomSecret(32, 'rt_');

/** A new refresh token for a grant; only its digest is stored (STYLE.md habit 7). */
export async function createRefreshToken(db: Executor, grantId: string): Promise<string> {
  const token = newRefreshToken();
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

/**
 * grant_type=refresh_token with rotation (docs/contract.md#device-flow): the presented token is used up and a new one returned.
 * Presenting a token that was already used means it leaked or was replayed, so the whole grant is revoked:
 * every access and refresh token of that device approval stops working.
 *
 * Refreshing is the authorisation server's hottest path, so the rotation is one statement: it uses the token up only
 * while it is unused (of two racing requests, one wins and the other finds it used: a replay), stores its successor,
 * keeps "last used" to the minute and returns the grant with its locations. Being one statement, it commits whole:
 * a token is never used up without its successor.
 */
export async function refreshTokenGrant(db: Database, client: AuthenticatedClient, refreshToken: string): Promise<TokenSet> {
  const successor = newRefreshToken();
  const result = await db.execute(sql`
    with consumed as (
      update ${refreshTokens} r set used_at = now()
      from ${grants} g
      where r.token_hash = ${secretDigest(refreshToken)} and r.used_at is null
        and g.id = r.grant_id and g.client_id = ${client.id} and g.revoked_at is null
      returning g.id, g.kind, g.partner_id, g.audience,
        (select array_agg(l.location_id order by l.location_id) from ${grantLocations} l where l.grant_id = g.id) as location_ids
    ), stored as (
      insert into ${refreshTokens} (id, token_hash, grant_id) select ${newId()}::text, ${secretDigest(successor)}::text, id from consumed
    ), touched as (
      update ${grants} set last_used_at = now()
      where id in (select id from consumed) and (last_used_at is null or last_used_at < now() - interval '1 minute')
    )
    select id, kind, partner_id, audience, location_ids from consumed`);
  const [grant] = rowsOf<{ id: string; kind: GrantTokenContext['kind']; partner_id: string; audience: string | null; location_ids: string[] | null }>(result);
  if (!grant) throw await refusal(db, client, refreshToken);
  const ttl = config().ACCESS_TOKEN_TTL_SECONDS;
  const { token } = await accessTokenForGrant(
    db,
    { grantId: grant.id, kind: grant.kind, partnerId: grant.partner_id, audience: grant.audience, locationIds: grant.location_ids ?? [] },
    client,
    ttl,
  );
  return { access_token: token, token_type: 'Bearer', expires_in: ttl, refresh_token: successor, scope: 'offline_access' };
}

/** Why a refresh token was refused; a used one of this client's live grant is a replay, which revokes the grant. */
async function refusal(db: Database, client: AuthenticatedClient, refreshToken: string): Promise<OAuthError> {
  const [row] = await db
    .select({ usedAt: refreshTokens.usedAt, grantId: grants.id, clientId: grants.clientId, revokedAt: grants.revokedAt })
    .from(refreshTokens)
    .innerJoin(grants, eq(grants.id, refreshTokens.grantId))
    .where(eq(refreshTokens.tokenHash, secretDigest(refreshToken)));
  if (row?.usedAt && row.clientId === client.id && !row.revokedAt) {
    await revokeGrant(db, row.grantId);
    return new OAuthError('invalid_grant', 'The refresh token was already used; the grant has been revoked.');
  }
  return new OAuthError('invalid_grant', 'The refresh token is invalid, expired or revoked.');
}
