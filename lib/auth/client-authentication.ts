import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { clients, partners } from '@/db/schema';
import { secretMatches } from '@/lib/tenancy/secrets';
import type { PartnerType } from './access-tokens';
import { OAuthError } from './oauth-errors';
import { basicChallenge, type PresentedClient } from './oauth-request';

/** A client that proved who it is at the authorisation server. */
export interface AuthenticatedClient {
  /** Internal row id (grants reference it). */
  id: string;
  /** The public `client_id`. */
  clientId: string;
  partnerId: string;
  partnerType: PartnerType;
  partnerName: string;
  confidential: boolean;
}

/**
 * RFC 6749 §2.3: apps hold a client secret and must present it; POS clients are public (device flow) and send
 * only their client_id. Any failure is the same invalid_client, so it does not reveal which client ids exist.
 */
export async function authenticateClient(db: Executor, presented: PresentedClient): Promise<AuthenticatedClient> {
  const [row] = await db
    .select({
      id: clients.id,
      clientId: clients.clientId,
      secretHash: clients.secretHash,
      partnerId: partners.id,
      partnerType: partners.type,
      partnerName: partners.name,
    })
    .from(clients)
    .innerJoin(partners, eq(partners.id, clients.partnerId))
    .where(eq(clients.clientId, presented.clientId))
    .limit(1);
  const authenticated = row
    ? row.secretHash
      ? presented.clientSecret !== undefined && secretMatches(presented.clientSecret, row.secretHash)
      : presented.clientSecret === undefined
    : false;
  if (!row || !authenticated) {
    throw new OAuthError(
      'invalid_client',
      'Client authentication failed.',
      401,
      presented.method === 'client_secret_basic' ? basicChallenge : {},
    );
  }
  return {
    id: row.id,
    clientId: row.clientId,
    partnerId: row.partnerId,
    partnerType: row.partnerType,
    partnerName: row.partnerName,
    confidential: Boolean(row.secretHash),
  };
}

export const APP_PARTNER_TYPES: readonly PartnerType[] = ['ORDERING_APP', 'BOOKING_APP', 'LOYALTY'];
