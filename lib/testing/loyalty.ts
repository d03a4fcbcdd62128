import { and, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { eventRecipients, events, webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { newPrefixedId } from '@/lib/ids';
import { seal } from '@/lib/security/sealed-secrets';
import { webhookSecretContext } from '@/lib/security/stored-secrets';
import { createConnectedPartner, createMerchantWithLocations, type TestPartner } from '@/lib/testing/fixtures';
import { createLoyaltyProgram } from '@/lib/tenancy/partners';
import { decideOnboardingRequest, requestLoyaltyActivation } from '@/lib/loyalty/onboarding';

export const BUSINESS = { abn: '12345678901', businessAddress: '1 Main Street', postcode: '2000' };

/** A LOYALTY partner with a program and a webhook endpoint, connected to nothing yet. */
export async function loyaltyPartner(db: Database, programId = 'gold'): Promise<TestPartner & { endpointId: string }> {
  const partner = await createConnectedPartner(db, 'LOYALTY', []);
  await createLoyaltyProgram(db, partner.partnerId, { loyaltyProgramId: programId, name: `${programId} program` });
  const endpointId = newPrefixedId('whe');
  await db.insert(webhookEndpoints).values({
    id: endpointId,
    partnerId: partner.partnerId,
    url: 'https://partner.example/hooks',
    secret: seal('whsec_test', webhookSecretContext(endpointId)),
  });
  return { ...partner, endpointId };
}

/** The merchant asks `partner` to activate loyalty at `locationId`; returns the onboardingReference. */
export async function requestActivation(db: Database, merchantId: string, locationId: string, partnerId: string): Promise<string> {
  const request = await requestLoyaltyActivation(db, { merchantId, userId: null }, { locationId, partnerId, ...BUSINESS });
  return request.onboardingReference;
}

/**
 * A merchant with two locations, a POS connected to both, and a loyalty partner whose activation at the first
 * location was approved (the second stays unactivated).
 */
export async function activatedLoyaltyLocation(db: Database, options: { signUpUrl?: string } = {}) {
  const { merchant, locationIds } = await createMerchantWithLocations(db, 2);
  const loyalty = await loyaltyPartner(db);
  const pos = await createConnectedPartner(db, 'POS', locationIds);
  const onboardingReference = await requestActivation(db, merchant.id, locationIds[0]!, loyalty.partnerId);
  await decideOnboardingRequest(db, loyalty.partnerId, onboardingReference, { action: 'APPROVE', loyaltyProgramId: 'gold', ...options });
  return { merchant, activeLocationId: locationIds[0]!, otherLocationId: locationIds[1]!, loyalty, pos, onboardingReference };
}

/** Event types each partner received about a resource, and the webhook deliveries queued for it. */
export async function eventsFor(db: Database, resourceId: string) {
  const received = await db
    .select({ type: events.type, partnerId: eventRecipients.partnerId, actorPartnerId: events.actorPartnerId, payload: events.payload })
    .from(events)
    .innerJoin(eventRecipients, eq(eventRecipients.eventId, events.id))
    .where(eq(events.resourceId, resourceId));
  const deliveries = await db
    .select({ eventType: webhookDeliveries.eventType, partnerId: webhookDeliveries.partnerId, endpointId: webhookDeliveries.endpointId })
    .from(webhookDeliveries)
    .innerJoin(events, and(eq(events.id, webhookDeliveries.eventId)))
    .where(eq(events.resourceId, resourceId));
  return { received, deliveries };
}
