import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { loyaltyMemberReferences, loyaltyMembers, loyaltyPayments, loyaltyRegisteredCards } from '@/db/schema';
import type { PartnerPrincipal } from '@/lib/auth/access-tokens';
import { assertInScope } from '@/lib/tenancy/scope';
import { emitEvent } from '@/lib/events/outbox';
import { ApiError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { createLoyaltyActivity } from './activities';
import { syntheticCardNumber } from './card-fingerprint';
import { cardIdentity } from './card-key';
import { generateMemberReference } from './member-reference';
import { findMember, memberNotFound, registerCard } from './members';
import { locationActivation } from './onboarding';
import { isZeroAmountAuthorisation, rewardEarned } from './rewards';
import { testPaymentCustomer, testPaymentResponseSchema, type CreateTestPaymentRequest, type TestPaymentResponse } from './schema';
import { loyaltyTerminalSeries, terminalDisplay } from './terminal';
import { accrueUnregisteredReward, memberReferenceForCard } from './unregistered-rewards';

interface Card {
  cardFingerprint: string;
  lastFour: string;
}

type Activation = NonNullable<Awaited<ReturnType<typeof locationActivation>>>;

/**
 * POST /payments/test: a simulated card payment at a location the caller is connected to (a POS, or the loyalty
 * partner, whose approval connected it). What follows is what a real payment would cause, in one transaction:
 * - a zero-amount authorisation only yields a paymentId to register a card with (docs/domain.md#zero-amount-authorisation);
 * - at a location whose activation is not approved, nothing loyalty-related happens (docs/domain.md#loyalty-activation);
 * - a card registered with the location's partner generates an activity (NEW_LOYALTY_ACTIVITY); a card is announced
 *   (NEW_REGISTERED_CARD) when it is registered, and one registered before registration announced it, at its first
 *   use; any other card earns a pre-accumulated reward under its memberReference, capped by the location's limit for
 *   unregistered members;
 * - on a terminal of the loyalty series, the response says what the terminal shows.
 */
export async function createTestPayment(
  db: Executor,
  principal: PartnerPrincipal,
  request: CreateTestPaymentRequest,
  options: { supportedTerminalSeries?: string } = {},
): Promise<TestPaymentResponse> {
  return db.transaction(async (tx) => {
    await assertInScope(tx, principal, request.locationId);
    const activation = await locationActivation(tx, request.locationId);
    const customer = testPaymentCustomer(request);
    // A loyalty partner names its own members; a POS names members of the location's loyalty partner.
    const membersOf = principal.partnerType === 'LOYALTY' ? principal.partnerId : activation?.partnerId;

    let card: Card;
    let newCardOf: typeof loyaltyMembers.$inferSelect | undefined;
    let memberReference: string | undefined;
    if (customer.kind === 'MEMBER') {
      const member = membersOf ? await findMember(tx, membersOf, customer.memberId) : undefined;
      if (!member) throw memberNotFound(customer.memberId);
      const existing = customer.useNewCard ? undefined : await oldestCardOf(tx, member.id);
      card = existing ?? (await issueCard(tx, member));
      if (!existing) newCardOf = member;
    } else if (customer.kind === 'RETURNING_NON_MEMBER') {
      const [reference] = await tx.select().from(loyaltyMemberReferences).where(eq(loyaltyMemberReferences.memberReference, customer.memberReference));
      if (!reference) throw new ApiError('NOT_FOUND', `Failed to find a non-member matching memberReference: ${customer.memberReference}`);
      card = reference;
      memberReference = reference.memberReference;
    } else {
      // The reference API: a non-member pays with a random card, identified from now on by its memberReference.
      memberReference = generateMemberReference();
      card = await cardIdentity(tx, syntheticCardNumber(`non-member:${memberReference}`));
      await tx.insert(loyaltyMemberReferences).values({ memberReference, ...card });
    }

    const [payment] = await tx
      .insert(loyaltyPayments)
      .values({
        id: newId(),
        locationId: request.locationId,
        ...card,
        paymentType: request.paymentType,
        paymentSource: request.paymentSource,
        mode: request.paymentSource === 'ONLINE' ? 'NOT_APPLICABLE' : principal.partnerType === 'POS' ? 'INTEGRATED' : 'STANDALONE',
        goodsAndServicesAmount: request.goodsAndServicesAmount,
        tipAmount: request.tipAmount,
        surchargeAmount: request.surchargeAmount,
        cashoutAmount: request.cashoutAmount,
        terminalSeries: request.terminal?.series ?? null,
        createdByPartnerId: principal.partnerId,
      })
      .returning();

    const response: TestPaymentResponse = {
      paymentId: payment!.id,
      ...(customer.kind === 'MEMBER' ? { memberId: customer.memberId } : { memberReference: memberReference! }),
    };
    if (isZeroAmountAuthorisation(request) || !activation) return testPaymentResponseSchema.parse(response);

    const earned = rewardEarned(request);
    const loyalty = await applyLoyalty(tx, { activation, payment: payment!, card, newCardOf });
    const display = terminalDisplay({
      series: request.terminal?.series,
      supportedSeries: options.supportedTerminalSeries ?? loyaltyTerminalSeries(),
      registered: loyalty.kind === 'REGISTERED' ? { reward: earned } : null,
      memberReference: loyalty.kind === 'UNREGISTERED' ? loyalty.memberReference : null,
      signUpBaseUrl: activation.signUpUrl,
    });
    if (loyalty.kind === 'REGISTERED') {
      response.loyaltyActivityId = loyalty.loyaltyActivityId;
    } else {
      await accrueUnregisteredReward(tx, { memberReference: loyalty.memberReference, partnerId: activation.partnerId, locationId: request.locationId, earned });
    }
    return testPaymentResponseSchema.parse({ ...response, ...(display ? { terminalDisplay: display } : {}) });
  });
}

/** The card a member pays with by default: the first one registered. */
async function oldestCardOf(tx: Executor, memberRowId: string): Promise<Card | undefined> {
  const [card] = await tx
    .select({ cardFingerprint: loyaltyRegisteredCards.cardFingerprint, lastFour: loyaltyRegisteredCards.lastFour })
    .from(loyaltyRegisteredCards)
    .where(eq(loyaltyRegisteredCards.memberRowId, memberRowId))
    .orderBy(asc(loyaltyRegisteredCards.createdAt), asc(loyaltyRegisteredCards.id))
    .limit(1);
  return card;
}

/** `useNewCard` (or a member without cards): a card this member has never paid with. */
async function issueCard(tx: Executor, member: typeof loyaltyMembers.$inferSelect): Promise<Card> {
  const [issued] = await tx
    .update(loyaltyMembers)
    .set({ cardsIssued: sql`${loyaltyMembers.cardsIssued} + 1` })
    .where(eq(loyaltyMembers.id, member.id))
    .returning({ cardsIssued: loyaltyMembers.cardsIssued });
  return cardIdentity(tx, syntheticCardNumber(`member:${member.partnerId}:${member.memberId}:${issued!.cardsIssued}`));
}

type LoyaltyOutcome = { kind: 'REGISTERED'; loyaltyActivityId: string } | { kind: 'UNREGISTERED'; memberReference: string };

async function applyLoyalty(
  tx: Executor,
  input: { activation: Activation; payment: typeof loyaltyPayments.$inferSelect; card: Card; newCardOf?: typeof loyaltyMembers.$inferSelect },
): Promise<LoyaltyOutcome> {
  const partnerId = input.activation.partnerId;
  let [registered] = await tx
    .select({ card: loyaltyRegisteredCards, memberId: loyaltyMembers.memberId })
    .from(loyaltyRegisteredCards)
    .innerJoin(loyaltyMembers, eq(loyaltyMembers.id, loyaltyRegisteredCards.memberRowId))
    .where(and(eq(loyaltyRegisteredCards.partnerId, partnerId), eq(loyaltyRegisteredCards.cardFingerprint, input.card.cardFingerprint)));
  // The reference API's useNewCard: the member's new card is registered by paying with it.
  if (!registered && input.newCardOf?.partnerId === partnerId) {
    const { card } = await registerCard(tx, {
      partnerId,
      member: input.newCardOf,
      locationId: input.payment.locationId,
      card: input.card,
      payment: input.payment,
    });
    registered = { card, memberId: input.newCardOf.memberId };
  }
  if (!registered) return { kind: 'UNREGISTERED', memberReference: await memberReferenceForCard(tx, input.card) };

  const loyaltyActivityId = await createLoyaltyActivity(tx, {
    partnerId,
    payment: input.payment,
    memberId: registered.memberId,
    registeredCardId: registered.card.id,
  });
  // A card registered before registration announced it (first_used_at unset) is announced at its first use; the
  // update is conditional, so that happens once however many payments race.
  const [firstUse] = await tx
    .update(loyaltyRegisteredCards)
    .set({ firstUsedAt: new Date() })
    .where(and(eq(loyaltyRegisteredCards.id, registered.card.id), isNull(loyaltyRegisteredCards.firstUsedAt)))
    .returning({ id: loyaltyRegisteredCards.id });
  if (firstUse) {
    await emitEvent(tx, {
      type: 'NEW_REGISTERED_CARD',
      locationId: input.payment.locationId,
      resource: 'registered-card',
      resourceId: registered.card.id,
      version: registered.card.version,
      actorPartnerId: null,
      audience: { partnerIds: [partnerId] },
    });
  }
  return { kind: 'REGISTERED', loyaltyActivityId };
}
