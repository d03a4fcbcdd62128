import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { locations, merchants } from '@/db/schema';
import { ApiError, conflict, notFound } from '@/lib/errors';
import { pgErrorCode } from '@/db/errors';
import { newId, newPrefixedId } from '@/lib/ids';
import { inScope, merchantCaller, type MerchantReach } from './scope';
import type { createLocationSchema, createMerchantSchema } from './schemas';

export async function createMerchant(db: Executor, input: z.output<typeof createMerchantSchema>) {
  const [merchant] = await db.insert(merchants).values({ id: newId(), name: input.name }).returning();
  return { id: merchant!.id, name: merchant!.name };
}

export async function createLocation(db: Executor, merchantId: string, input: z.output<typeof createLocationSchema>) {
  const [merchant] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId));
  if (!merchant) throw notFound('Merchant');
  try {
    const [location] = await db
      .insert(locations)
      .values({
        id: input.locationId ?? newPrefixedId('loc'),
        merchantId,
        name: input.name,
        ...(input.timezone ? { timezone: input.timezone } : {}),
      })
      .returning();
    return toLocationResponse(location!);
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw conflict(`Location ${input.locationId} already exists.`, 'LOCATION_EXISTS');
    throw error;
  }
}

export function toLocationResponse(location: typeof locations.$inferSelect) {
  return {
    locationId: location.id,
    merchantId: location.merchantId,
    name: location.name,
    timezone: location.timezone,
    createdAt: location.createdAt.toISOString(),
  };
}

/** The merchant's locations the caller reaches (a restricted member: its own), by name. */
export async function merchantLocations(db: Executor, merchant: MerchantReach) {
  return db
    .select()
    .from(locations)
    .where(inScope(db, merchantCaller(merchant), locations.id))
    .orderBy(asc(locations.name));
}

export async function requireMerchant(db: Executor, merchantId: string) {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
  if (!merchant) throw new ApiError('UNPROCESSABLE_ENTITY', `Merchant ${merchantId} does not exist.`, { status: 422 });
  return merchant;
}
