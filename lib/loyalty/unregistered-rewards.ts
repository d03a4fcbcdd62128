import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { loyaltyMemberReferences, loyaltyUnregisteredBalances } from '@/db/schema';
import { generateMemberReference } from './member-reference';
import { capUnregisteredReward, preAccumulatedRewardAtSignUp } from './rewards';
import { unregisteredRewardLimit } from './reward-limits';

interface Card {
  cardFingerprint: string;
  lastFour: string;
}

/** The memberReference of a card that is not registered with the location's partner, created on its first payment. */
export async function memberReferenceForCard(tx: Executor, card: Card): Promise<string> {
  await tx
    .insert(loyaltyMemberReferences)
    .values({ memberReference: generateMemberReference(), ...card })
    .onConflictDoNothing({ target: loyaltyMemberReferences.cardFingerprint });
  const [row] = await tx
    .select({ memberReference: loyaltyMemberReferences.memberReference })
    .from(loyaltyMemberReferences)
    .where(eq(loyaltyMemberReferences.cardFingerprint, card.cardFingerprint));
  return row!.memberReference;
}

/**
 * docs/domain.md#unregistered-rewards: an unregistered customer earns a pre-accumulated reward with the location's loyalty partner, never above
 * the location's reward limit for unregistered members. Row-locked, so concurrent payments of one card add up.
 */
export async function accrueUnregisteredReward(
  tx: Executor,
  input: { memberReference: string; partnerId: string; locationId: string; earned: number },
): Promise<number> {
  await tx
    .insert(loyaltyUnregisteredBalances)
    .values({ memberReference: input.memberReference, partnerId: input.partnerId, accumulatedReward: 0 })
    .onConflictDoNothing();
  const where = and(eq(loyaltyUnregisteredBalances.memberReference, input.memberReference), eq(loyaltyUnregisteredBalances.partnerId, input.partnerId));
  const [balance] = await tx.select().from(loyaltyUnregisteredBalances).where(where).for('update');
  const accumulatedReward = capUnregisteredReward({
    accumulated: balance!.accumulatedReward,
    earned: input.earned,
    limit: await unregisteredRewardLimit(tx, input.locationId),
  });
  await tx
    .update(loyaltyUnregisteredBalances)
    .set({ accumulatedReward, updatedAt: sql`now()` })
    .where(where);
  return accumulatedReward;
}

/**
 * docs/domain.md#unregistered-rewards: at sign-up the card's pre-accumulated reward with this partner carries into the initial balance (held to
 * the sign-up location's current limit). It is taken, so it cannot be carried in twice.
 */
export async function takePreAccumulatedReward(tx: Executor, input: { cardFingerprint: string; partnerId: string; locationId: string }): Promise<number> {
  const [balance] = await tx
    .select({ accumulatedReward: loyaltyUnregisteredBalances.accumulatedReward, memberReference: loyaltyUnregisteredBalances.memberReference })
    .from(loyaltyUnregisteredBalances)
    .innerJoin(loyaltyMemberReferences, eq(loyaltyMemberReferences.memberReference, loyaltyUnregisteredBalances.memberReference))
    .where(and(eq(loyaltyMemberReferences.cardFingerprint, input.cardFingerprint), eq(loyaltyUnregisteredBalances.partnerId, input.partnerId)))
    .for('update');
  if (!balance) return 0;
  await tx
    .delete(loyaltyUnregisteredBalances)
    .where(and(eq(loyaltyUnregisteredBalances.memberReference, balance.memberReference), eq(loyaltyUnregisteredBalances.partnerId, input.partnerId)));
  return preAccumulatedRewardAtSignUp({ accumulated: balance.accumulatedReward, limit: await unregisteredRewardLimit(tx, input.locationId) });
}

/** The accumulated reward of a memberReference with a partner (0 when it has earned none). */
export async function unregisteredBalance(db: Executor, memberReference: string, partnerId: string): Promise<number> {
  const [row] = await db
    .select({ accumulatedReward: loyaltyUnregisteredBalances.accumulatedReward })
    .from(loyaltyUnregisteredBalances)
    .where(and(eq(loyaltyUnregisteredBalances.memberReference, memberReference), eq(loyaltyUnregisteredBalances.partnerId, partnerId)));
  return row?.accumulatedReward ?? 0;
}
