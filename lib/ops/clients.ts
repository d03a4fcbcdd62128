import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { clients, connections, grants, partners, webhookEndpoints } from '@/db/schema';
import { announceAccessChange } from '@/lib/tenancy/access-notices';
import { revokeGrant } from '@/lib/auth/grants';
import { ApiError, notFound } from '@/lib/errors';
import { randomSecret, secretDigest } from '@/lib/tenancy/secrets';

// Client and partner lifecycle for the operator console: secret rotation with a grace period, revocation, and
// disabling a partner (its clients revoked, its webhook endpoints disabled).

export const MAX_GRACE_HOURS = 24 * 14;

async function requireClient(db: Executor, clientId: string) {
  const [row] = await db.select().from(clients).where(eq(clients.clientId, clientId)).limit(1);
  if (!row) throw notFound('Client');
  return row;
}

/**
 * A new secret for an app client, shown once; the old one keeps working for `graceHours` (0: at once no more), so the
 * partner can roll it out without a gap.
 */
export async function rotateClientSecret(db: Executor, clientId: string, graceHours: number, now = new Date()) {
  const client = await requireClient(db, clientId);
  if (client.revokedAt) throw new ApiError('CONFLICT', `Client ${clientId} is revoked.`, { status: 409 });
  if (!client.secretHash) throw new ApiError('UNPROCESSABLE_ENTITY', 'POS clients have no secret (they use the device flow).', { status: 422 });
  const secret = randomSecret(32, 'cs_');
  const previousSecretExpiresAt = new Date(now.getTime() + graceHours * 3_600_000);
  await db
    .update(clients)
    .set({
      secretHash: secretDigest(secret),
      previousSecretHash: graceHours > 0 ? client.secretHash : null,
      previousSecretExpiresAt: graceHours > 0 ? previousSecretExpiresAt : null,
    })
    .where(eq(clients.id, client.id));
  return { client_id: clientId, client_secret: secret, previousSecretExpiresAt: graceHours > 0 ? previousSecretExpiresAt.toISOString() : null };
}

/** Revokes a client: no new token, and every grant it holds (with its tokens and sockets) is revoked now. */
export async function revokeClient(db: Executor, clientId: string, now = new Date()) {
  const client = await requireClient(db, clientId);
  await db
    .update(clients)
    .set({ revokedAt: client.revokedAt ?? now, previousSecretHash: null, previousSecretExpiresAt: null })
    .where(eq(clients.id, client.id));
  const held = await db
    .select({ id: grants.id })
    .from(grants)
    .where(and(eq(grants.clientId, client.id), isNull(grants.revokedAt)));
  for (const grant of held) await revokeGrant(db, grant.id);
  return { client_id: clientId, revokedGrants: held.length };
}

/** Disables a partner: every client revoked, every webhook endpoint disabled. */
export async function disablePartner(db: Executor, partnerId: string, now = new Date()) {
  const [partner] = await db.select().from(partners).where(eq(partners.id, partnerId)).limit(1);
  if (!partner) throw notFound('Partner');
  await db
    .update(partners)
    .set({ disabledAt: partner.disabledAt ?? now })
    .where(eq(partners.id, partnerId));
  const owned = await db
    .select({ clientId: clients.clientId })
    .from(clients)
    .where(and(eq(clients.partnerId, partnerId), isNull(clients.revokedAt)));
  let revokedGrants = 0;
  for (const client of owned) revokedGrants += (await revokeClient(db, client.clientId, now)).revokedGrants;
  await db
    .update(webhookEndpoints)
    .set({ disabledAt: now })
    .where(and(eq(webhookEndpoints.partnerId, partnerId), isNull(webhookEndpoints.disabledAt)));
  return { partnerId, revokedClients: owned.length, revokedGrants };
}

/**
 * Removes a partner's connection to a location (docs/contract.md#scope: a partner reaches a location only through one): its
 * client-credentials tokens lose the location from the next call, and open sockets there close on every instance.
 */
export async function removeConnection(db: Executor, partnerId: string, locationId: string) {
  const removed = await db
    .delete(connections)
    .where(and(eq(connections.partnerId, partnerId), eq(connections.locationId, locationId)))
    .returning({ id: connections.id });
  if (!removed.length) throw notFound('Connection');
  await announceAccessChange(db, { kind: 'CONNECTION_REMOVED', partnerId, locationId });
  return { partnerId, locationId };
}
