import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { loyaltyMemberReferences, loyaltyMembers, loyaltyPayments, loyaltyRegisteredCards } from '@/db/schema';
import type { PartnerPrincipal } from '@/lib/auth/access-tokens';
import { emitEvent } from '@/lib/events/outbox';
import { ApiError, conflict, forbidden } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { assertInScope } from '@/lib/tenancy/scope';
import { locationActivation } from './onboarding';
import { registeredCardResponseSchema, type RegisteredCardResponse, type RegisterMemberRequest } from './schema';
import { takePreAccumulatedReward } from './unregistered-rewards';

/** The reference API: the payment that links a card must have taken place within 60 minutes of the registration. */
export const REGISTRATION_WINDOW_MS = 60 * 60 * 1000;

type CardRow = typeof loyaltyRegisteredCards.$inferSelect;
type MemberRow = typeof loyaltyMembers.$inferSelect;

export const memberNotFound = (memberId: string) => new ApiError('NOT_FOUND', `Failed to find member matching memberId: ${memberId}`);
const cardNotFound = (id: string) => new ApiError('NOT_FOUND', `No card was found for id: ${id}`);

export function toRegisteredCardResponse(card: CardRow, memberId: string): RegisteredCardResponse {
  return registeredCardResponseSchema.parse({
    id: card.id,
    paymentId: card.paymentId,
    paymentSource: card.paymentSource,
    origin: { memberId },
    preAccumulatedReward: card.preAccumulatedReward,
  });
}

/** The partner's member named `memberId`, created on first registration. */
async function findOrCreateMember(tx: Executor, partnerId: string, memberId: string): Promise<MemberRow> {
  await tx.insert(loyaltyMembers).values({ id: newId(), partnerId, memberId }).onConflictDoNothing();
  const [member] = await tx
    .select()
    .from(loyaltyMembers)
    .where(and(eq(loyaltyMembers.partnerId, partnerId), eq(loyaltyMembers.memberId, memberId)));
  return member!;
}

export async function findMember(db: Executor, partnerId: string, memberId: string): Promise<MemberRow | undefined> {
  const [member] = await db
    .select()
    .from(loyaltyMembers)
    .where(and(eq(loyaltyMembers.partnerId, partnerId), eq(loyaltyMembers.memberId, memberId)));
  return member;
}

/**
 * Links a card to a member of the partner. A card already linked to this member stays as it is; linked to another of
 * the partner's members it is a 409. The card's pre-accumulated reward with the partner is carried in (docs/domain.md#unregistered-rewards), and
 * the new card is announced to the partner with NEW_REGISTERED_CARD in the same transaction, so the event comes
 * before any activity of the card.
 */
export async function registerCard(
  tx: Executor,
  input: {
    partnerId: string;
    member: MemberRow;
    locationId: string;
    card: { cardFingerprint: string; lastFour: string };
    payment: { id: string; paymentSource: CardRow['paymentSource'] };
  },
): Promise<{ card: CardRow; created: boolean }> {
  const [existing] = await tx
    .select()
    .from(loyaltyRegisteredCards)
    .where(and(eq(loyaltyRegisteredCards.partnerId, input.partnerId), eq(loyaltyRegisteredCards.cardFingerprint, input.card.cardFingerprint)));
  if (existing) {
    if (existing.memberRowId === input.member.id) return { card: existing, created: false };
    throw conflict('This card is already registered to another member.', 'CARD_ALREADY_REGISTERED');
  }
  const preAccumulatedReward = await takePreAccumulatedReward(tx, {
    cardFingerprint: input.card.cardFingerprint,
    partnerId: input.partnerId,
    locationId: input.locationId,
  });
  const [card] = await tx
    .insert(loyaltyRegisteredCards)
    .values({
      id: newId(),
      partnerId: input.partnerId,
      memberRowId: input.member.id,
      ...input.card,
      paymentId: input.payment.id,
      paymentSource: input.payment.paymentSource,
      preAccumulatedReward,
      // Announced below, so a payment does not announce it again.
      firstUsedAt: new Date(),
    })
    .returning();
  // The reference loyalty flow: the partner learns of the card (and its pre-accumulated reward) from this event, not
  // from the 202 of its own registration, so the registering partner is not left out as the actor.
  await emitEvent(tx, {
    type: 'NEW_REGISTERED_CARD',
    locationId: input.locationId,
    resource: 'registered-card',
    resourceId: card!.id,
    version: card!.version,
    actorPartnerId: null,
    audience: { partnerIds: [input.partnerId] },
  });
  return { card: card!, created: true };
}

/**
 * POST /loyalty/members: the card of a payment at the location (within the last 60 minutes) or of an unregistered
 * customer's memberReference becomes a registered card of the member. When both are sent, paymentId decides.
 * Only at a location where the partner's loyalty activation was approved (docs/domain.md#loyalty-activation), else 403.
 */
export async function registerMember(
  db: Executor,
  principal: PartnerPrincipal,
  request: RegisterMemberRequest,
  now: Date = new Date(),
): Promise<{ registeredCardId: string; memberId: string }> {
  return db.transaction(async (tx) => {
    await assertInScope(tx, principal, request.locationId);
    const activation = await locationActivation(tx, request.locationId);
    if (activation?.partnerId !== principal.partnerId) {
      throw forbidden(`Loyalty is not activated for this partner at location ${request.locationId}.`);
    }
    const payment = request.paymentId
      ? await paymentForRegistration(tx, request.paymentId, request.locationId, now)
      : await latestPaymentOfReference(tx, request.memberReference!);
    const member = await findOrCreateMember(tx, principal.partnerId, request.origin.memberId);
    const { card } = await registerCard(tx, {
      partnerId: principal.partnerId,
      member,
      locationId: request.locationId,
      card: { cardFingerprint: payment.cardFingerprint, lastFour: payment.lastFour },
      payment,
    });
    return { registeredCardId: card.id, memberId: member.memberId };
  });
}

async function paymentForRegistration(tx: Executor, paymentId: string, locationId: string, now: Date) {
  const [payment] = await tx
    .select()
    .from(loyaltyPayments)
    .where(and(eq(loyaltyPayments.id, paymentId), eq(loyaltyPayments.locationId, locationId)));
  if (!payment) throw new ApiError('PAYMENT_NOT_FOUND', `No payment ${paymentId} was found at location ${locationId}.`, { status: 422 });
  if (now.getTime() - payment.createdAt.getTime() > REGISTRATION_WINDOW_MS) {
    throw new ApiError('PAYMENT_OUTSIDE_WINDOW', `Payment ${paymentId} took place more than 60 minutes ago; register with a newer payment.`, {
      status: 422,
    });
  }
  return payment;
}

/** The card of a memberReference, known through the payments it made (a reference exists only because it paid). */
async function latestPaymentOfReference(tx: Executor, memberReference: string) {
  const [payment] = await tx
    .select({
      id: loyaltyPayments.id,
      paymentSource: loyaltyPayments.paymentSource,
      cardFingerprint: loyaltyPayments.cardFingerprint,
      lastFour: loyaltyPayments.lastFour,
    })
    .from(loyaltyMemberReferences)
    .innerJoin(loyaltyPayments, eq(loyaltyPayments.cardFingerprint, loyaltyMemberReferences.cardFingerprint))
    .where(eq(loyaltyMemberReferences.memberReference, memberReference))
    .orderBy(desc(loyaltyPayments.createdAt))
    .limit(1);
  if (!payment) throw new ApiError('MEMBER_REFERENCE_NOT_FOUND', `memberReference ${memberReference} was not found.`, { status: 422 });
  return payment;
}

/** DELETE /loyalty/members: the member and every card of it; activities already generated are kept. */
export async function deregisterMember(db: Executor, partnerId: string, memberId: string): Promise<void> {
  const deleted = await db
    .delete(loyaltyMembers)
    .where(and(eq(loyaltyMembers.partnerId, partnerId), eq(loyaltyMembers.memberId, memberId)))
    .returning({ id: loyaltyMembers.id });
  if (!deleted.length) throw memberNotFound(memberId);
}

export async function getRegisteredCard(db: Executor, partnerId: string, registeredCardId: string): Promise<RegisteredCardResponse> {
  const [row] = await db
    .select({ card: loyaltyRegisteredCards, memberId: loyaltyMembers.memberId })
    .from(loyaltyRegisteredCards)
    .innerJoin(loyaltyMembers, eq(loyaltyMembers.id, loyaltyRegisteredCards.memberRowId))
    .where(and(eq(loyaltyRegisteredCards.id, registeredCardId), eq(loyaltyRegisteredCards.partnerId, partnerId)));
  if (!row) throw cardNotFound(registeredCardId);
  return toRegisteredCardResponse(row.card, row.memberId);
}

export async function deleteRegisteredCard(db: Executor, partnerId: string, registeredCardId: string): Promise<void> {
  const deleted = await db
    .delete(loyaltyRegisteredCards)
    .where(and(eq(loyaltyRegisteredCards.id, registeredCardId), eq(loyaltyRegisteredCards.partnerId, partnerId)))
    .returning({ id: loyaltyRegisteredCards.id });
  if (!deleted.length) throw cardNotFound(registeredCardId);
}
