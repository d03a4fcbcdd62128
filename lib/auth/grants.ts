import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { grantLocations, grants } from '@/db/schema';
import { connectBaseUrl } from '@/lib/config';
import { newId } from '@/lib/ids';
import { issueAccessToken } from './access-tokens';
import type { AuthenticatedClient } from './client-authentication';
import { locationScopeOf, locationsInScope } from '@/lib/tenancy/scope';
import { announceAccessChange } from '@/lib/tenancy/access-notices';

export interface GrantInput {
  kind: 'DEVICE_CODE' | 'CLIENT_CREDENTIALS';
  client: Pick<AuthenticatedClient, 'id' | 'partnerId'>;
  audience: string;
  /** Device grants name the approved locations; client-credentials grants follow the partner's connections. */
  locationIds?: string[];
  approvedByUserId?: string;
}

/** Every token belongs to a grant, so revoking the grant (grants.revokedAt) revokes them all at once. */
export async function createGrant(db: Executor, input: GrantInput): Promise<string> {
  const grantId = newId();
  await db.insert(grants).values({
    id: grantId,
    kind: input.kind,
    partnerId: input.client.partnerId,
    clientId: input.client.id,
    audience: input.audience,
    approvedByUserId: input.approvedByUserId ?? null,
  });
  if (input.locationIds?.length) {
    await db.insert(grantLocations).values(input.locationIds.map((locationId) => ({ grantId, locationId })));
  }
  return grantId;
}

/** Revokes a grant: its tokens fail from the next call, and its open sockets close on every instance. */
export async function revokeGrant(db: Executor, grantId: string): Promise<void> {
  const revoked = await db
    .update(grants)
    .set({ revokedAt: new Date() })
    .where(and(eq(grants.id, grantId), isNull(grants.revokedAt)))
    .returning({ id: grants.id });
  if (revoked.length) await announceAccessChange(db, { kind: 'GRANT_REVOKED', grantId });
}

export interface GrantTokenContext {
  grantId: string;
  kind: 'DEVICE_CODE' | 'CLIENT_CREDENTIALS';
  partnerId: string;
  audience: string | null;
  /** The device grant's locations when the caller already read them. */
  locationIds?: string[];
}

/**
 * Signs an access token for a grant. Its `locations` claim names the locations the grant serves: the approved
 * ones for a device, the partner's connections for an app (docs/contract.md#access-tokens: "claims name the partner and its locations").
 */
export async function accessTokenForGrant(
  db: Executor,
  grant: GrantTokenContext,
  client: Pick<AuthenticatedClient, 'clientId' | 'partnerType'>,
  ttlSeconds: number,
) {
  const locationIds = grant.locationIds ?? (await locationsInScope(db, locationScopeOf(grant)));
  return issueAccessToken(db, {
    partnerId: grant.partnerId,
    partnerType: client.partnerType,
    clientId: client.clientId,
    grantId: grant.grantId,
    locationIds,
    audience: grant.audience ?? connectBaseUrl(),
    ttlSeconds,
  });
}

export async function markGrantUsed(db: Executor, grantId: string): Promise<void> {
  await db.update(grants).set({ lastUsedAt: new Date() }).where(eq(grants.id, grantId));
}
