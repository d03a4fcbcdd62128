import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { clients, partners } from '@/db/schema';
import { reserveAttempt, type AttemptBudget } from '@/lib/rate-limit';
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
  return (await checkClient(db, presented)) ?? refuse(presented);
}

const refuse = (presented: PresentedClient): never => {
  throw new OAuthError('invalid_client', 'Client authentication failed.', 401, presented.method === 'client_secret_basic' ? basicChallenge : {});
};

/**
 * Failed attempts (an unknown client, a wrong or missing secret, an unknown device code or refresh token) that one
 * source address may make with one client_id per minute before it must wait. The count is per client *and* address:
 * whoever fails with a victim's client_id locks out only their own address, never the client's own servers.
 */
export const FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS = 10;
/** Failed attempts one address may make per minute whatever client_id it names, so made-up client_ids do not reset it. */
export const FAILED_ATTEMPTS_PER_ADDRESS = 30;
// There is deliberately no lockout per client alone: anyone can name a client_id, so such a count is a switch an
// attacker could hold down to lock the real client out, and it buys nothing against guessing, since client secrets,
// device codes and refresh tokens are 256 random bits (lib/tenancy/secrets.ts).

/** The budgets of who is attempting: the client_id named and the address it came from (handler-context.ts clientAddress). */
const failureBudgets = (clientId: string, address: string): AttemptBudget[] => [
  ['oauth-failures', `client:${clientId}|ip:${address}`, FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS],
  ['oauth-address-failures', `ip:${address}`, FAILED_ATTEMPTS_PER_ADDRESS],
];

/**
 * Client authentication at the authorisation server's endpoints, and then `use` of the authenticated client (a grant).
 * The attempt takes its place in the source's failure budgets before the client is looked up, so a burst of parallel
 * attempts is checked at most the budget's number of times on every instance together; while the source is locked out
 * it is refused outright (429, nothing looked up, so a locked-out guesser learns nothing even when right). A failed
 * client authentication keeps its place, as does a `use` that fails with invalid_grant (an unknown or used device code
 * or refresh token), so no grant type is an unlimited way to try secrets or codes; every other answer gives it back.
 * With `publicOnly` (the device flow, which only public POS clients use) a request carrying a client secret fails
 * without the secret being checked, so a right and a wrong secret get the same invalid_client.
 */
export async function attemptAsClient<T>(
  db: Executor,
  presented: PresentedClient,
  address: string,
  options: { publicOnly?: boolean },
  use: (client: AuthenticatedClient) => Promise<T>,
): Promise<T> {
  const attempt = await reserveAttempt(failureBudgets(presented.clientId, address));
  if (!attempt.granted) {
    const wait = attempt.retryAfterSeconds;
    throw new OAuthError('slow_down', `Too many failed attempts from this address; retry in ${wait} s.`, 429, { 'Retry-After': String(wait) });
  }
  const secretWhereNoneBelongs = options.publicOnly && presented.clientSecret !== undefined;
  const client = secretWhereNoneBelongs ? undefined : await checkClient(db, presented);
  if (secretWhereNoneBelongs) {
    throw new OAuthError(
      'invalid_client',
      'Client authentication failed: the device flow is for public POS clients, which send their client_id without a secret.',
      401,
      presented.method === 'client_secret_basic' ? basicChallenge : {},
    );
  }
  if (!client) return refuse(presented);
  let outcome: T;
  try {
    outcome = await use(client);
  } catch (error) {
    if (!(error instanceof OAuthError && error.error === 'invalid_grant')) await attempt.refund();
    throw error;
  }
  await attempt.refund();
  return outcome;
}

/** Client authentication alone (device authorisation, revocation), counted as attemptAsClient counts it. */
export function authenticateClientFrom(
  db: Executor,
  presented: PresentedClient,
  address: string,
  options: { publicOnly?: boolean } = {},
): Promise<AuthenticatedClient> {
  return attemptAsClient(db, presented, address, options, async (client) => client);
}

async function checkClient(db: Executor, presented: PresentedClient): Promise<AuthenticatedClient | undefined> {
  const [row] = await db
    .select({
      id: clients.id,
      clientId: clients.clientId,
      secretHash: clients.secretHash,
      previousSecretHash: clients.previousSecretHash,
      previousSecretExpiresAt: clients.previousSecretExpiresAt,
      revokedAt: clients.revokedAt,
      partnerId: partners.id,
      partnerType: partners.type,
      partnerName: partners.name,
    })
    .from(clients)
    .innerJoin(partners, eq(partners.id, clients.partnerId))
    .where(eq(clients.clientId, presented.clientId))
    .limit(1);
  // After a rotation the previous secret keeps working until its grace period ends; a revoked client gets nothing.
  const previousValid = row?.previousSecretHash && row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date();
  const authenticated = row
    ? row.secretHash
      ? presented.clientSecret !== undefined &&
        (secretMatches(presented.clientSecret, row.secretHash) || Boolean(previousValid && secretMatches(presented.clientSecret, row.previousSecretHash!)))
      : presented.clientSecret === undefined
    : false;
  if (!row || !authenticated || row.revokedAt) return undefined;
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
