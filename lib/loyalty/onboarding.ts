import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { locations, loyaltyActivations, loyaltyOnboardingRequests, loyaltyPrograms, merchants, partners } from '@/db/schema';
import { notifyDashboard } from '@/lib/events/dashboard-stream';
import { emitEvent } from '@/lib/events/outbox';
import { ApiError, conflict, notFound } from '@/lib/errors';
import { pgErrorCode } from '@/db/errors';
import { newId } from '@/lib/ids';
import { createConnection } from '@/lib/tenancy/partners';
import { inScope, type MerchantCaller } from '@/lib/tenancy/scope';
import { merchantOnboardingRequestResponseSchema, type MerchantOnboardingDecision, type MerchantOnboardingRequestResponse } from './schema';

// docs/domain.md#loyalty: a merchant location must complete activation (merchant onboarding, decided by the loyalty
// partner with APPROVE or REJECT) before any loyalty activity is generated there. One loyalty partner serves a
// location at a time: a location with an undecided request or an activation cannot ask again.

const optionalText = z
  .string()
  .trim()
  .max(200, 'must be at most 200 characters')
  .transform((value) => value || undefined)
  .optional();

/** What a merchant submits on /dashboard/loyalty to activate loyalty at a location. */
export const loyaltyActivationInputSchema = z.object({
  locationId: z.string().min(1, 'Choose a location').max(50),
  partnerId: z.string().min(1, 'Choose a loyalty partner').max(100),
  abn: z
    .string()
    .trim()
    .regex(/^(\d\s*){11}$/, 'An ABN has 11 digits')
    .transform((value) => value.replace(/\s/g, '')),
  businessAddress: z.string().trim().min(1, 'Enter the business address').max(200),
  postcode: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'A postcode has 4 digits'),
  phoneNumber: optionalText,
});

export type LoyaltyActivationInput = z.output<typeof loyaltyActivationInputSchema>;

type OnboardingRow = typeof loyaltyOnboardingRequests.$inferSelect;

/** The public shape of a request (parsed, so no internal column leaks: STYLE.md habit 3). */
export function toOnboardingResponse(row: OnboardingRow): MerchantOnboardingRequestResponse {
  return merchantOnboardingRequestResponseSchema.parse({
    onboardingId: row.onboardingReference,
    tcLocationId: row.locationId,
    status: row.status,
    locationDetails: row.locationDetails,
    businessDetails: row.businessDetails,
    integrations: [{ name: 'loyalty', status: row.integrationStatus }],
  });
}

/**
 * A merchant activates loyalty for one of its locations with a LOYALTY partner: an IN_PROGRESS request whose
 * `loyalty` integration is PENDING, announced to that partner only (NEW_ONBOARDING_REQUEST) in the same transaction.
 */
export async function requestLoyaltyActivation(
  db: Executor,
  merchant: MerchantCaller & { userId: string | null },
  input: LoyaltyActivationInput,
): Promise<OnboardingRow> {
  return db.transaction(async (tx) => {
    const [location] = await tx
      .select({ id: locations.id, name: locations.name, timezone: locations.timezone, merchantName: merchants.name })
      .from(locations)
      .innerJoin(merchants, eq(merchants.id, locations.merchantId))
      .where(and(eq(locations.id, input.locationId), inScope(tx, { merchantId: merchant.merchantId, locationIds: merchant.locationIds }, locations.id)));
    if (!location) throw notFound('Location');
    const [partner] = await tx
      .select({ id: partners.id })
      .from(partners)
      .where(and(eq(partners.id, input.partnerId), eq(partners.type, 'LOYALTY')));
    if (!partner) throw new ApiError('LOYALTY_PARTNER_NOT_FOUND', 'Choose one of the loyalty partners listed.', { status: 422 });
    const [activation] = await tx.select().from(loyaltyActivations).where(eq(loyaltyActivations.locationId, location.id));
    if (activation) throw conflict(`Loyalty is already active at ${location.name}.`, 'LOYALTY_ALREADY_ACTIVE');

    const onboardingReference = newId();
    const values = {
      onboardingReference,
      locationId: location.id,
      merchantId: merchant.merchantId,
      partnerId: partner.id,
      requestedByUserId: merchant.userId,
      locationDetails: {
        name: location.name,
        address: input.businessAddress,
        postcode: input.postcode,
        countryIsoCode: 'AUS',
        timezone: location.timezone,
        ...(input.phoneNumber ? { phoneNumber: input.phoneNumber } : {}),
      },
      businessDetails: {
        abn: input.abn,
        entityName: location.merchantName,
        address: input.businessAddress,
        postcode: input.postcode,
        countryIsoCode: 'AUS',
      },
    };
    let row: OnboardingRow;
    try {
      [row] = (await tx.insert(loyaltyOnboardingRequests).values(values).returning()) as [OnboardingRow];
    } catch (error) {
      if (pgErrorCode(error) === '23505') {
        throw conflict(`${location.name} already has an activation request waiting for a decision.`, 'ONBOARDING_ALREADY_PENDING');
      }
      throw error;
    }
    await emitEvent(tx, {
      type: 'NEW_ONBOARDING_REQUEST',
      locationId: location.id,
      resource: 'onboarding-request',
      resourceId: onboardingReference,
      version: row.version,
      actorPartnerId: null,
      audience: { partnerIds: [partner.id] },
    });
    return row;
  });
}

/** A partner's own request; another partner's is 404 exactly as if it did not exist (docs/contract.md#scope). */
export async function getOnboardingRequest(db: Executor, partnerId: string, onboardingReference: string): Promise<OnboardingRow> {
  const [row] = await db
    .select()
    .from(loyaltyOnboardingRequests)
    .where(and(eq(loyaltyOnboardingRequests.onboardingReference, onboardingReference), eq(loyaltyOnboardingRequests.partnerId, partnerId)));
  if (!row) throw new ApiError('NOT_FOUND', `MerchantOnboardingRequest with onboardingReference ${onboardingReference} not found`);
  return row;
}

/**
 * The loyalty partner's decision, from the partner API or the reviewer dashboard alike. APPROVE (with one of the
 * partner's own programs, else 422) completes onboarding: the location is activated for the partner and the
 * partner is connected to it. REJECT records REJECTED_BY_PARTNER; the merchant may ask again. A request is
 * decided once (409 afterwards).
 */
export async function decideOnboardingRequest(
  db: Executor,
  partnerId: string,
  onboardingReference: string,
  decision: MerchantOnboardingDecision,
): Promise<OnboardingRow> {
  return db.transaction(async (tx) => {
    const request = await getOnboardingRequest(tx, partnerId, onboardingReference);
    const alreadyDecided = () =>
      conflict(
        `MerchantOnboardingRequest with onboardingReference ${onboardingReference} has already received a partner decision`,
        'ONBOARDING_ALREADY_DECIDED',
      );
    if (request.integrationStatus !== 'PENDING') throw alreadyDecided();

    let programRowId: string | null = null;
    if (decision.action === 'APPROVE') {
      const [program] = await tx
        .select({ id: loyaltyPrograms.id })
        .from(loyaltyPrograms)
        .where(and(eq(loyaltyPrograms.partnerId, partnerId), eq(loyaltyPrograms.loyaltyProgramId, decision.loyaltyProgramId)));
      if (!program) {
        throw new ApiError('LOYALTY_PROGRAM_NOT_FOUND', `loyaltyProgramId '${decision.loyaltyProgramId}' was not found`, { status: 422 });
      }
      programRowId = program.id;
    }

    // Conditional on PENDING, so of two concurrent decisions exactly one wins.
    const [decided] = await tx
      .update(loyaltyOnboardingRequests)
      .set({
        status: 'COMPLETED',
        integrationStatus: decision.action === 'APPROVE' ? 'SUCCESS' : 'REJECTED_BY_PARTNER',
        loyaltyProgramId: programRowId,
        rejectionReason: (decision.action === 'REJECT' && decision.reason) || null,
        decidedAt: new Date(),
        updatedAt: new Date(),
        version: request.version + 1,
      })
      .where(and(eq(loyaltyOnboardingRequests.onboardingReference, onboardingReference), eq(loyaltyOnboardingRequests.integrationStatus, 'PENDING')))
      .returning();
    if (!decided) throw alreadyDecided();

    if (decision.action === 'APPROVE') {
      await createConnection(tx, partnerId, { locationId: request.locationId });
      await tx.insert(loyaltyActivations).values({
        locationId: request.locationId,
        partnerId,
        loyaltyProgramId: programRowId!,
        onboardingReference,
        signUpUrl: decision.signUpUrl ?? null,
      });
    }
    // An open merchant loyalty page shows the decision at once (delivered on commit).
    await notifyDashboard(tx, { type: 'LOYALTY_ONBOARDING_DECIDED', locationId: request.locationId, partnerIds: [partnerId], resourceId: onboardingReference });
    return decided;
  });
}

/** The loyalty partner active at a location, if its activation was approved. */
export async function locationActivation(db: Executor, locationId: string) {
  const [activation] = await db.select().from(loyaltyActivations).where(eq(loyaltyActivations.locationId, locationId));
  return activation;
}
