import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/lib/testing/database';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { merchantLoyaltyOverview, partnerOnboardingQueue } from './dashboard-view';
import { activatedLoyaltyLocation, BUSINESS, loyaltyPartner, requestActivation } from '@/lib/testing/loyalty';
import { decideOnboardingRequest } from './onboarding';
import { setUnregisteredRewardLimit } from './reward-limits';

const { db } = useTestDatabase();

describe('merchantLoyaltyOverview', () => {
  it("shows each of the merchant's own locations with its activation state and reward limit", async () => {
    const { merchant, activeLocationId, otherLocationId, loyalty } = await activatedLoyaltyLocation(db());
    await setUnregisteredRewardLimit(db(), merchant.id, otherLocationId, 40);
    const stranger = await createMerchantWithLocations(db(), 1);

    const overview = await merchantLoyaltyOverview(db(), merchant.id);
    const byId = Object.fromEntries(overview.locations.map((location) => [location.locationId, location]));
    expect(Object.keys(byId).sort()).toEqual([activeLocationId, otherLocationId].sort());
    expect(byId[activeLocationId]!.state).toMatchObject({ kind: 'ACTIVE', partnerName: loyalty.name, programName: 'gold program' });
    expect(byId[otherLocationId]).toMatchObject({ state: { kind: 'NOT_ACTIVATED' }, unregisteredRewardLimit: 40 });
    expect(overview.loyaltyPartners).toContainEqual({ id: loyalty.partnerId, name: loyalty.name });
    expect(overview.lastBusinessDetails).toMatchObject({ abn: BUSINESS.abn, postcode: BUSINESS.postcode });
    expect((await merchantLoyaltyOverview(db(), stranger.merchant.id)).locations.map((location) => location.locationId)).toEqual(stranger.locationIds);
  });

  it('shows a pending request, then its rejection with the reason', async () => {
    const { merchant, locationIds } = await createMerchantWithLocations(db(), 1);
    const partner = await loyaltyPartner(db());
    const reference = await requestActivation(db(), merchant.id, locationIds[0]!, partner.partnerId);
    expect((await merchantLoyaltyOverview(db(), merchant.id)).locations[0]!.state).toMatchObject({ kind: 'PENDING', partnerName: partner.name });
    await decideOnboardingRequest(db(), partner.partnerId, reference, { action: 'REJECT', reason: 'Outside our area.' });
    expect((await merchantLoyaltyOverview(db(), merchant.id)).locations[0]!.state).toMatchObject({ kind: 'REJECTED', reason: 'Outside our area.' });
  });
});

describe('partnerOnboardingQueue', () => {
  it("lists only the partner's own pending requests, its decisions and its programs", async () => {
    const { merchant, locationIds } = await createMerchantWithLocations(db(), 2);
    const partner = await loyaltyPartner(db());
    const other = await loyaltyPartner(db(), 'silver');
    const decided = await requestActivation(db(), merchant.id, locationIds[0]!, partner.partnerId);
    await decideOnboardingRequest(db(), partner.partnerId, decided, { action: 'APPROVE', loyaltyProgramId: 'gold' });
    const pending = await requestActivation(db(), merchant.id, locationIds[1]!, other.partnerId);

    const queue = await partnerOnboardingQueue(db(), partner.partnerId);
    expect(queue.pending).toEqual([]);
    expect(queue.decided.map((row) => [row.request.onboardingReference, row.programName])).toEqual([[decided, 'gold program']]);
    expect(queue.programs).toEqual([{ loyaltyProgramId: 'gold', name: 'gold program' }]);

    const otherQueue = await partnerOnboardingQueue(db(), other.partnerId);
    expect(otherQueue.pending.map((row) => row.request.onboardingReference)).toEqual([pending]);
    expect(otherQueue.decided).toEqual([]);
  });
});
