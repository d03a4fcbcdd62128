import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { locations, loyaltyActivations, loyaltyOnboardingRequests, loyaltyPrograms, loyaltyRewardLimits, merchants, partners } from '@/db/schema';
import { inScope, merchantCaller, type MerchantReach } from '@/lib/tenancy/scope';

// What the dashboard pages show; each read is filtered by the signed-in user's merchant or partner in the query.

export type LocationLoyaltyState =
  | { kind: 'ACTIVE'; partnerName: string; programName: string; activatedAt: Date }
  | { kind: 'PENDING'; partnerName: string; requestedAt: Date }
  | { kind: 'REJECTED'; partnerName: string; reason: string | null; decidedAt: Date | null }
  | { kind: 'NOT_ACTIVATED' };

export interface LocationLoyalty {
  locationId: string;
  name: string;
  state: LocationLoyaltyState;
  unregisteredRewardLimit: number | null;
}

/** /dashboard/loyalty: each of the merchant's locations with its activation state and reward limit. */
export async function merchantLoyaltyOverview(db: Executor, merchant: MerchantReach) {
  const caller = merchantCaller(merchant);
  const rows = await db
    .select({
      locationId: locations.id,
      name: locations.name,
      limit: loyaltyRewardLimits.unregisteredRewardLimit,
      activatedAt: loyaltyActivations.activatedAt,
      activePartnerName: partners.name,
      programName: loyaltyPrograms.name,
    })
    .from(locations)
    .leftJoin(loyaltyRewardLimits, eq(loyaltyRewardLimits.locationId, locations.id))
    .leftJoin(loyaltyActivations, eq(loyaltyActivations.locationId, locations.id))
    .leftJoin(partners, eq(partners.id, loyaltyActivations.partnerId))
    .leftJoin(loyaltyPrograms, eq(loyaltyPrograms.id, loyaltyActivations.loyaltyProgramId))
    .where(inScope(db, caller, locations.id))
    .orderBy(asc(locations.name));
  const requests = await db
    .select({ request: loyaltyOnboardingRequests, partnerName: partners.name })
    .from(loyaltyOnboardingRequests)
    .innerJoin(partners, eq(partners.id, loyaltyOnboardingRequests.partnerId))
    .where(and(eq(loyaltyOnboardingRequests.merchantId, caller.merchantId), inScope(db, caller, loyaltyOnboardingRequests.locationId)))
    .orderBy(desc(loyaltyOnboardingRequests.createdAt));
  const latestRequest = new Map<string, (typeof requests)[number]>();
  for (const row of requests) if (!latestRequest.has(row.request.locationId)) latestRequest.set(row.request.locationId, row);

  const locationStates: LocationLoyalty[] = rows.map((row) => {
    const latest = latestRequest.get(row.locationId);
    let state: LocationLoyaltyState = { kind: 'NOT_ACTIVATED' };
    if (row.activatedAt) {
      state = { kind: 'ACTIVE', partnerName: row.activePartnerName ?? '', programName: row.programName ?? '', activatedAt: row.activatedAt };
    } else if (latest?.request.integrationStatus === 'PENDING') {
      state = { kind: 'PENDING', partnerName: latest.partnerName, requestedAt: latest.request.createdAt };
    } else if (latest?.request.integrationStatus === 'REJECTED_BY_PARTNER') {
      state = { kind: 'REJECTED', partnerName: latest.partnerName, reason: latest.request.rejectionReason, decidedAt: latest.request.decidedAt };
    }
    return { locationId: row.locationId, name: row.name, state, unregisteredRewardLimit: row.limit ?? null };
  });

  const loyaltyPartners = await db
    .select({ id: partners.id, name: partners.name })
    .from(partners)
    .where(eq(partners.type, 'LOYALTY'))
    .orderBy(asc(partners.name));
  // The business details of the merchant's last request prefill the next one.
  const lastBusinessDetails = requests[0]?.request.businessDetails ?? null;
  const lastPhoneNumber = requests[0]?.request.locationDetails.phoneNumber ?? null;
  return { locations: locationStates, loyaltyPartners, lastBusinessDetails, lastPhoneNumber };
}

/** /dashboard/onboarding: the partner's requests waiting for a decision (oldest first), its recent decisions and programs. */
export async function partnerOnboardingQueue(db: Executor, partnerId: string) {
  const columns = {
    request: loyaltyOnboardingRequests,
    locationName: locations.name,
    merchantName: merchants.name,
    programName: loyaltyPrograms.name,
  };
  const base = () =>
    db
      .select(columns)
      .from(loyaltyOnboardingRequests)
      .innerJoin(locations, eq(locations.id, loyaltyOnboardingRequests.locationId))
      .innerJoin(merchants, eq(merchants.id, loyaltyOnboardingRequests.merchantId))
      .leftJoin(loyaltyPrograms, eq(loyaltyPrograms.id, loyaltyOnboardingRequests.loyaltyProgramId));
  const pending = await base()
    .where(and(eq(loyaltyOnboardingRequests.partnerId, partnerId), eq(loyaltyOnboardingRequests.integrationStatus, 'PENDING')))
    .orderBy(asc(loyaltyOnboardingRequests.createdAt));
  const decided = await base()
    .where(and(eq(loyaltyOnboardingRequests.partnerId, partnerId), ne(loyaltyOnboardingRequests.integrationStatus, 'PENDING')))
    .orderBy(desc(loyaltyOnboardingRequests.decidedAt))
    .limit(20);
  const programs = await db
    .select({ loyaltyProgramId: loyaltyPrograms.loyaltyProgramId, name: loyaltyPrograms.name })
    .from(loyaltyPrograms)
    .where(eq(loyaltyPrograms.partnerId, partnerId))
    .orderBy(asc(loyaltyPrograms.name));
  return { pending, decided, programs };
}
