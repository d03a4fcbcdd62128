import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connections, loyaltyActivations, loyaltyOnboardingRequests } from '@/db/schema';
import { isInScope } from '@/lib/tenancy/scope';
import { activatedLoyaltyLocation, eventsFor, loyaltyPartner, requestActivation } from '@/lib/testing/loyalty';
import { decideOnboardingRequest, requestLoyaltyActivation } from '@/lib/loyalty/onboarding';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { callRoute } from '@/lib/testing/http';
import * as eventsRoute from '@/app/connect/events/route';
import { GET, POST } from './route';

const { db } = useTestDatabase();

const path = (reference: string) => `/connect/locations/merchant-onboarding/loyalty/${reference}`;
const get = (reference: string, token: string) => callRoute(GET, 'GET', path(reference), { params: { onboardingReference: reference }, token });
const decide = (reference: string, token: string, body: unknown) =>
  callRoute(POST, 'POST', path(reference), { params: { onboardingReference: reference }, token, body });

async function pendingRequest() {
  const { merchant, locationIds } = await createMerchantWithLocations(db(), 2);
  const partner = await loyaltyPartner(db());
  const reference = await requestActivation(db(), merchant.id, locationIds[0]!, partner.partnerId);
  return { merchant, locationIds, partner, reference };
}

describe('merchant onboarding — CRUD', () => {
  it('shows a new request IN_PROGRESS with its loyalty integration PENDING and the location and business details', async () => {
    const { partner, reference, locationIds } = await pendingRequest();
    const response = await get(reference, partner.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('api-version')).toBe('0.9');
    const body = await response.json();
    expect(body).toMatchObject({
      onboardingId: reference,
      tcLocationId: locationIds[0],
      status: 'IN_PROGRESS',
      locationDetails: { address: '1 Main Street', postcode: '2000', countryIsoCode: 'AUS', timezone: expect.any(String) },
      businessDetails: { abn: '12345678901', address: '1 Main Street', postcode: '2000', countryIsoCode: 'AUS', entityName: expect.any(String) },
      integrations: [{ name: 'loyalty', status: 'PENDING' }],
    });
  });

  it('reaches the loyalty partner on its catch-up feed although it is not connected to the location yet', async () => {
    const { partner, locationIds } = await pendingRequest();
    const feed = await callRoute(eventsRoute.GET, 'GET', '/connect/events', { token: partner.token });
    expect(feed.status).toBe(200);
    const { results } = (await feed.json()) as { results: { type: string; locationId: string }[] };
    expect(results).toContainEqual(expect.objectContaining({ type: 'NEW_ONBOARDING_REQUEST', locationId: locationIds[0] }));
  });

  it('APPROVE completes the request, activates the location for the partner and connects the partner to it', async () => {
    const { partner, reference, locationIds } = await pendingRequest();
    expect(await isInScope(db(), { scope: { kind: 'PARTNER_CONNECTIONS', partnerId: partner.partnerId } }, locationIds[0]!)).toBe(false);
    const response = await decide(reference, partner.token, { action: 'APPROVE', loyaltyProgramId: 'gold' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'COMPLETED', integrations: [{ name: 'loyalty', status: 'SUCCESS' }] });
    expect((await (await get(reference, partner.token)).json()).integrations).toEqual([{ name: 'loyalty', status: 'SUCCESS' }]);
    expect(await isInScope(db(), { scope: { kind: 'PARTNER_CONNECTIONS', partnerId: partner.partnerId } }, locationIds[0]!)).toBe(true);
    const [activation] = await db().select().from(loyaltyActivations).where(eq(loyaltyActivations.locationId, locationIds[0]!));
    expect(activation).toMatchObject({ partnerId: partner.partnerId, onboardingReference: reference });
    expect(await isInScope(db(), { scope: { kind: 'PARTNER_CONNECTIONS', partnerId: partner.partnerId } }, locationIds[1]!)).toBe(false);
  });

  it('REJECT records REJECTED_BY_PARTNER, activates nothing, and the merchant can ask again', async () => {
    const { merchant, partner, reference, locationIds } = await pendingRequest();
    const response = await decide(reference, partner.token, { action: 'REJECT', reason: 'Not in our region.' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'COMPLETED', integrations: [{ name: 'loyalty', status: 'REJECTED_BY_PARTNER' }] });
    expect(await db().select().from(loyaltyActivations).where(eq(loyaltyActivations.locationId, locationIds[0]!))).toEqual([]);
    expect(
      await db()
        .select()
        .from(connections)
        .where(and(eq(connections.partnerId, partner.partnerId))),
    ).toEqual([]);

    const again = await requestActivation(db(), merchant.id, locationIds[0]!, partner.partnerId);
    expect(again).not.toBe(reference);
    expect((await decide(again, partner.token, { action: 'APPROVE', loyaltyProgramId: 'gold' })).status).toBe(200);
  });

  it('REJECT without a reason is a decision like any other (the reference: an optional reason)', async () => {
    const { partner, reference } = await pendingRequest();
    const response = await decide(reference, partner.token, { action: 'REJECT' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'COMPLETED', integrations: [{ name: 'loyalty', status: 'REJECTED_BY_PARTNER' }] });
    const [decided] = await db().select().from(loyaltyOnboardingRequests).where(eq(loyaltyOnboardingRequests.onboardingReference, reference));
    expect(decided).toMatchObject({ integrationStatus: 'REJECTED_BY_PARTNER', rejectionReason: null });
  });

  it('announces a new request to the chosen loyalty partner only (event recipient and webhook delivery)', async () => {
    const other = await loyaltyPartner(db());
    const { partner, reference, locationIds } = await pendingRequest();
    const { received, deliveries } = await eventsFor(db(), reference);
    expect(received).toEqual([expect.objectContaining({ type: 'NEW_ONBOARDING_REQUEST', partnerId: partner.partnerId, actorPartnerId: null })]);
    expect(received[0]!.payload).toMatchObject({
      locationId: locationIds[0],
      data: {
        id: reference,
        resource: 'onboarding-request',
        version: 1,
        uri: expect.stringContaining(`/connect/locations/merchant-onboarding/loyalty/${reference}`),
      },
    });
    expect(deliveries).toEqual([{ eventType: 'NEW_ONBOARDING_REQUEST', partnerId: partner.partnerId, endpointId: partner.endpointId }]);
    expect(deliveries.some((delivery) => delivery.partnerId === other.partnerId)).toBe(false);
  });
});

describe('merchant onboarding — reference version', () => {
  it('serves the loyalty reference’s version 1.0 as 0.9, whose onboarding request it shares, and keeps 406 for an unknown one', async () => {
    const { partner, reference } = await pendingRequest();
    const read = (accept: string) =>
      callRoute(GET, 'GET', path(reference), { params: { onboardingReference: reference }, token: partner.token, headers: { accept } });
    const asReference = await read('application/json;version=1.0');
    expect(asReference.status).toBe(200);
    expect(asReference.headers.get('api-version')).toBe('0.9');
    expect(await asReference.json()).toEqual(await (await get(reference, partner.token)).json());
    expect((await read('application/json;version=1.1')).status).toBe(406);
  });
});

describe('merchant onboarding — decision errors', () => {
  it('400 when APPROVE has no loyaltyProgramId, listing the field', async () => {
    const { partner, reference } = await pendingRequest();
    const approve = await decide(reference, partner.token, { action: 'APPROVE' });
    expect(approve.status).toBe(400);
    expect((await approve.json()).errors).toEqual([
      { segment: 'body', path: 'loyaltyProgramId', message: 'loyaltyProgramId is required when action is APPROVE' },
    ]);
    expect((await decide(reference, partner.token, { action: 'MAYBE' })).status).toBe(400);
    expect((await (await get(reference, partner.token)).json()).integrations[0].status).toBe('PENDING');
  });

  it('404 for an unknown reference', async () => {
    const { partner } = await pendingRequest();
    const response = await decide('no-such-reference', partner.token, { action: 'APPROVE', loyaltyProgramId: 'gold' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect((await get('no-such-reference', partner.token)).status).toBe(404);
  });

  it('409 when the request was already decided, whichever the second decision', async () => {
    const { partner, reference } = await pendingRequest();
    expect((await decide(reference, partner.token, { action: 'REJECT', reason: 'No.' })).status).toBe(200);
    const approve = await decide(reference, partner.token, { action: 'APPROVE', loyaltyProgramId: 'gold' });
    expect(approve.status).toBe(409);
    expect((await approve.json()).code).toBe('ONBOARDING_ALREADY_DECIDED');
    expect((await decide(reference, partner.token, { action: 'REJECT', reason: 'Still no.' })).status).toBe(409);
  });

  it("422 for a program that is not one of this partner's", async () => {
    const { partner, reference } = await pendingRequest();
    const stranger = await loyaltyPartner(db(), 'platinum');
    const unknown = await decide(reference, partner.token, { action: 'APPROVE', loyaltyProgramId: 'platinum' });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ code: 'LOYALTY_PROGRAM_NOT_FOUND', error: "loyaltyProgramId 'platinum' was not found" });
    expect(stranger.partnerId).not.toBe(partner.partnerId);
    expect((await (await get(reference, partner.token)).json()).integrations[0].status).toBe('PENDING');
  });
});

describe('merchant onboarding — Auth', () => {
  it('401 without a token', async () => {
    const { reference } = await pendingRequest();
    expect((await callRoute(GET, 'GET', path(reference), { params: { onboardingReference: reference } })).status).toBe(401);
  });

  it('403 for partners that are not LOYALTY partners, even connected to the location', async () => {
    const { reference, locationIds } = await pendingRequest();
    const pos = await createConnectedPartner(db(), 'POS', locationIds);
    const app = await createConnectedPartner(db(), 'ORDERING_APP', locationIds);
    expect((await get(reference, pos.token)).status).toBe(403);
    expect((await decide(reference, app.token, { action: 'APPROVE', loyaltyProgramId: 'gold' })).status).toBe(403);
  });
});

describe('merchant onboarding — Isolation', () => {
  it("another loyalty partner's request is 404 to read and to decide", async () => {
    const { partner, reference } = await pendingRequest();
    const other = await loyaltyPartner(db());
    expect((await get(reference, other.token)).status).toBe(404);
    expect((await decide(reference, other.token, { action: 'APPROVE', loyaltyProgramId: 'gold' })).status).toBe(404);
    expect((await decide(reference, other.token, { action: 'REJECT', reason: 'Mine now' })).status).toBe(404);
    expect((await (await get(reference, partner.token)).json()).integrations[0].status).toBe('PENDING');
  });

  it("a merchant cannot ask for another merchant's location, nor twice while a request is pending or the location is active", async () => {
    const { merchant, locationIds, partner } = await pendingRequest();
    const stranger = await createMerchantWithLocations(db(), 1);
    const ask = (merchantId: string, locationId: string) =>
      requestLoyaltyActivation(
        db(),
        { merchantId, userId: null },
        { locationId, partnerId: partner.partnerId, abn: '12345678901', businessAddress: 'x', postcode: '2000' },
      );
    await expect(ask(stranger.merchant.id, locationIds[1]!)).rejects.toMatchObject({ status: 404 });
    await expect(ask(merchant.id, locationIds[0]!)).rejects.toMatchObject({ status: 409, code: 'ONBOARDING_ALREADY_PENDING' });
    const { merchant: activeMerchant, activeLocationId } = await activatedLoyaltyLocation(db());
    await expect(ask(activeMerchant.id, activeLocationId)).rejects.toMatchObject({ status: 409, code: 'LOYALTY_ALREADY_ACTIVE' });
  });

  it('a merchant can only ask a LOYALTY partner', async () => {
    const { merchant, locationIds } = await createMerchantWithLocations(db(), 1);
    const pos = await createConnectedPartner(db(), 'POS', []);
    await expect(
      requestLoyaltyActivation(
        db(),
        { merchantId: merchant.id, userId: null },
        { locationId: locationIds[0]!, partnerId: pos.partnerId, abn: '12345678901', businessAddress: 'x', postcode: '2000' },
      ),
    ).rejects.toMatchObject({ status: 422 });
  });

  it('the dashboard decision follows the same rules as the API', async () => {
    const { partner, reference } = await pendingRequest();
    const other = await loyaltyPartner(db());
    await expect(decideOnboardingRequest(db(), other.partnerId, reference, { action: 'REJECT', reason: 'x' })).rejects.toMatchObject({ status: 404 });
    await expect(decideOnboardingRequest(db(), partner.partnerId, reference, { action: 'APPROVE', loyaltyProgramId: 'nope' })).rejects.toMatchObject({
      status: 422,
    });
    await decideOnboardingRequest(db(), partner.partnerId, reference, { action: 'APPROVE', loyaltyProgramId: 'gold' });
    await expect(decideOnboardingRequest(db(), partner.partnerId, reference, { action: 'REJECT', reason: 'x' })).rejects.toMatchObject({ status: 409 });
  });
});
