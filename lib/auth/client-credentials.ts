import type { Database } from '@/db/client';
import { config } from '@/lib/config';
import { APP_PARTNER_TYPES, type AuthenticatedClient } from './client-authentication';
import { accessTokenForGrant, createGrant } from './grants';
import { OAuthError } from './oauth-errors';
import type { TokenSet } from './refresh-tokens';

/**
 * grant_type=client_credentials for apps (docs/contract.md#tenancy): a CLIENT_CREDENTIALS_TOKEN_TTL_SECONDS token, no refresh
 * token. Each issuance gets its own grant, so one leaked app token can be revoked without touching the others.
 */
export async function clientCredentialsGrant(db: Database, client: AuthenticatedClient, audience: string): Promise<TokenSet> {
  if (!client.confidential || !APP_PARTNER_TYPES.includes(client.partnerType)) {
    throw new OAuthError('unauthorized_client', 'Only app clients with a client secret may use client_credentials; a POS uses the device flow.');
  }
  const ttl = config().CLIENT_CREDENTIALS_TOKEN_TTL_SECONDS;
  return db.transaction(async (tx) => {
    const grantId = await createGrant(tx, { kind: 'CLIENT_CREDENTIALS', client, audience });
    const { token } = await accessTokenForGrant(tx, { grantId, kind: 'CLIENT_CREDENTIALS', partnerId: client.partnerId, audience }, client, ttl);
    return { access_token: token, token_type: 'Bearer' as const, expires_in: ttl };
  });
}
