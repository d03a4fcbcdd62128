import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { clients, connections, locations, loyaltyPrograms, partners } from '@/db/schema';
import { ApiError, conflict, notFound } from '@/lib/errors';
import { pgErrorCode } from '@/db/errors';
import { newId, newPrefixedId } from '@/lib/ids';
import type { createConnectionSchema, createLoyaltyProgramSchema, createPartnerSchema } from './schemas';
import { randomSecret, secretDigest } from './secrets';

export async function createPartner(db: Executor, input: z.output<typeof createPartnerSchema>) {
  const [partner] = await db.insert(partners).values({ id: newId(), name: input.name, type: input.type }).returning();
  return { id: partner!.id, name: partner!.name, type: partner!.type };
}

export async function requirePartner(db: Executor, partnerId: string) {
  const [partner] = await db.select().from(partners).where(eq(partners.id, partnerId));
  if (!partner) throw notFound('Partner');
  return partner;
}

/**
 * docs/contract.md#device-flow: apps get a client secret, POS clients do not (they use the device flow).
 * The secret is returned once here and stored only as a digest.
 */
export async function createClient(db: Executor, partnerId: string) {
  const partner = await requirePartner(db, partnerId);
  if (partner.disabledAt) throw conflict(`Partner ${partnerId} is disabled.`);
  const clientId = newPrefixedId(partner.type === 'POS' ? 'pos' : 'app');
  const clientSecret = partner.type === 'POS' ? undefined : randomSecret(32, 'cs_');
  await db.insert(clients).values({
    id: newId(),
    clientId,
    partnerId,
    secretHash: clientSecret ? secretDigest(clientSecret) : null,
  });
  return { client_id: clientId, ...(clientSecret ? { client_secret: clientSecret } : {}) };
}

export async function createConnection(db: Executor, partnerId: string, input: z.output<typeof createConnectionSchema>) {
  await requirePartner(db, partnerId);
  const [location] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, input.locationId));
  if (!location) throw new ApiError('UNPROCESSABLE_ENTITY', `Location ${input.locationId} does not exist.`, { status: 422 });
  const [existing] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.partnerId, partnerId), eq(connections.locationId, input.locationId)));
  const connection = existing ?? (await db.insert(connections).values({ id: newId(), partnerId, locationId: input.locationId }).returning())[0]!;
  return { id: connection.id, partnerId, locationId: connection.locationId, createdAt: connection.createdAt.toISOString() };
}

/** Renames one of a loyalty partner's programs; answers its state before and after. */
export async function renameLoyaltyProgram(db: Executor, partnerId: string, loyaltyProgramId: string, name: string) {
  const where = and(eq(loyaltyPrograms.partnerId, partnerId), eq(loyaltyPrograms.loyaltyProgramId, loyaltyProgramId));
  const [before] = await db.select({ name: loyaltyPrograms.name }).from(loyaltyPrograms).where(where);
  if (!before) throw notFound('Loyalty program');
  await db.update(loyaltyPrograms).set({ name }).where(where);
  return { before: { partnerId, loyaltyProgramId, name: before.name }, after: { partnerId, loyaltyProgramId, name } };
}

export async function createLoyaltyProgram(db: Executor, partnerId: string, input: z.output<typeof createLoyaltyProgramSchema>) {
  const partner = await requirePartner(db, partnerId);
  if (partner.type !== 'LOYALTY') {
    throw new ApiError('UNPROCESSABLE_ENTITY', 'Loyalty programs belong to LOYALTY partners only.', { status: 422 });
  }
  try {
    const [program] = await db
      .insert(loyaltyPrograms)
      .values({ id: newId(), partnerId, loyaltyProgramId: input.loyaltyProgramId, name: input.name })
      .returning();
    return { id: program!.id, partnerId, loyaltyProgramId: program!.loyaltyProgramId, name: program!.name };
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw conflict(`Loyalty program ${input.loyaltyProgramId} already exists.`);
    throw error;
  }
}
