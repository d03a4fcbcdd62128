import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { loyaltyRewardLimits } from '@/db/schema';
import { assertInScope, merchantCaller, type MerchantReach } from '@/lib/tenancy/scope';

/** What a merchant sets on /dashboard/loyalty: a whole number of reward points, or empty for no limit. */
export const rewardLimitInputSchema = z.object({
  locationId: z.string().min(1).max(50),
  limit: z
    .string()
    .trim()
    .regex(/^\d{0,9}$/, 'Enter a whole number of points, or leave it empty for no limit')
    .optional()
    .transform((value) => (value ? Number(value) : null)),
});

/** docs/domain.md#unregistered-rewards: the merchant's reward limit for unregistered members at a location; null when none is configured. */
export async function unregisteredRewardLimit(db: Executor, locationId: string): Promise<number | null> {
  const [row] = await db
    .select({ limit: loyaltyRewardLimits.unregisteredRewardLimit })
    .from(loyaltyRewardLimits)
    .where(eq(loyaltyRewardLimits.locationId, locationId));
  return row?.limit ?? null;
}

/** Sets (or with null clears) the limit of one of the merchant's own locations; another merchant's is 404. */
export async function setUnregisteredRewardLimit(db: Executor, merchant: MerchantReach, locationId: string, limit: number | null): Promise<void> {
  await assertInScope(db, merchantCaller(merchant), locationId);
  await db
    .insert(loyaltyRewardLimits)
    .values({ locationId, unregisteredRewardLimit: limit })
    .onConflictDoUpdate({ target: loyaltyRewardLimits.locationId, set: { unregisteredRewardLimit: limit, updatedAt: new Date() } });
}
