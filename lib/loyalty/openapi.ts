import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { problemResponses } from '@/lib/http/problem-responses';
import {
  createTestPaymentRequestSchema,
  deregisterMemberRequestSchema,
  loyaltyActivityResponseSchema,
  merchantOnboardingDecisionRequestSchema,
  merchantOnboardingRequestResponseSchema,
  registeredCardResponseSchema,
  registerMemberRequestSchema,
  testPaymentResponseSchema,
} from './schema';

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const pathId = (name: string, description: string) => z.object({ [name]: z.string().describe(description) });
const tags = { members: ['Loyalty: members'], cards: ['Loyalty: registered cards'], onboarding: ['Loyalty: onboarding'], payments: ['Loyalty: test payments'] };
const loyaltyOnly = 'LOYALTY partners only; another partner’s resource is 404.';

/** The Loyalty API 0.9 (SPEC.md "Loyalty", CONTRACT §6), documented from the schemas that validate it. */
export function registerLoyaltyPaths(registry: OpenAPIRegistry) {
  // Components are named by each schema's `.meta({ id })` (zod 4 metadata, read by zod-to-openapi 9).
  const named = {
    RegisterMemberRequest: registerMemberRequestSchema,
    DeregisterMemberRequest: deregisterMemberRequestSchema,
    RegisteredCard: registeredCardResponseSchema,
    LoyaltyActivity: loyaltyActivityResponseSchema,
    MerchantOnboardingRequest: merchantOnboardingRequestResponseSchema,
    MerchantOnboardingDecisionRequest: merchantOnboardingDecisionRequestSchema,
    CreateTestPaymentRequest: createTestPaymentRequestSchema,
    TestPayment: testPaymentResponseSchema,
  };
  const registration = z.object({ registeredCardId: z.string(), memberId: z.string() }).describe('Deprecated in the reference API: do not rely on this body.');

  registry.registerPath({
    method: 'post',
    path: '/loyalty/members',
    tags: tags.members,
    summary: 'Register member for loyalty',
    description: [
      'Links the card of a payment at the location (`paymentId`, made within the last 60 minutes) or of an unregistered',
      'customer (`memberReference`, from the terminal sign-up QR code or a test payment) to the member; when both are sent,',
      '`paymentId` decides. The member is created on first registration. The card’s pre-accumulated reward is carried into',
      '`preAccumulatedReward`. Needs the location’s loyalty activation approved for this partner (403 otherwise).',
      'Unknown or too old payment, or unknown memberReference: 422. Card registered to another member: 409.',
    ].join(' '),
    request: { body: { content: json(named.RegisterMemberRequest) } },
    responses: { 202: { description: 'Registered', content: json(registration) }, ...problemResponses(400, 401, 403, 406, 409, 415, 422, 429) },
  });

  registry.registerPath({
    method: 'delete',
    path: '/loyalty/members',
    tags: tags.members,
    summary: 'Deregister a member',
    description: `Removes the member and every card of it; activities already generated stay readable. ${loyaltyOnly}`,
    request: { body: { content: json(named.DeregisterMemberRequest) } },
    responses: { 204: { description: 'Deregistered' }, ...problemResponses(400, 401, 403, 404, 406, 415, 429) },
  });

  const cardParams = pathId('registeredCardId', 'Id of the registered card.');
  registry.registerPath({
    method: 'get',
    path: '/loyalty/registered-cards/{registeredCardId}',
    tags: tags.cards,
    summary: 'Get registered card by id',
    description: loyaltyOnly,
    request: { params: cardParams },
    responses: { 200: { description: 'The card', content: json(named.RegisteredCard) }, ...problemResponses(401, 403, 404, 406, 429) },
  });
  registry.registerPath({
    method: 'delete',
    path: '/loyalty/registered-cards/{registeredCardId}',
    tags: tags.cards,
    summary: 'Delete registered card by id',
    description: `The card stops generating loyalty activity. A request body is not needed. ${loyaltyOnly}`,
    request: { params: cardParams },
    responses: { 200: { description: 'Deleted (no body)' }, ...problemResponses(401, 403, 404, 406, 429) },
  });

  registry.registerPath({
    method: 'get',
    path: '/loyalty/activities/{loyaltyActivityId}',
    tags: tags.cards,
    summary: 'Get loyalty activity by id',
    description: `A payment by a registered card at an activated location (event NEW_LOYALTY_ACTIVITY). ${loyaltyOnly}`,
    request: { params: pathId('loyaltyActivityId', 'Id of the loyalty activity.') },
    responses: { 200: { description: 'The activity', content: json(named.LoyaltyActivity) }, ...problemResponses(401, 403, 404, 406, 429) },
  });

  const onboardingParams = pathId('onboardingReference', 'The onboardingReference of the NEW_ONBOARDING_REQUEST event.');
  registry.registerPath({
    method: 'get',
    path: '/locations/merchant-onboarding/loyalty/{onboardingReference}',
    tags: tags.onboarding,
    summary: 'Get merchant onboarding request by reference',
    description: `A merchant asking to activate loyalty at a location with this partner. ${loyaltyOnly}`,
    request: { params: onboardingParams },
    responses: { 200: { description: 'The request', content: json(named.MerchantOnboardingRequest) }, ...problemResponses(401, 403, 404, 406, 429) },
  });
  registry.registerPath({
    method: 'post',
    path: '/locations/merchant-onboarding/loyalty/{onboardingReference}',
    tags: tags.onboarding,
    summary: 'Submit a decision (APPROVE or REJECT) for an onboarding request',
    description: [
      'APPROVE needs one of this partner’s `loyaltyProgramId`s (422 otherwise): the request becomes COMPLETED / SUCCESS, the',
      'location is activated for this partner and the partner is connected to it. REJECT needs a `reason`: the integration',
      'becomes REJECTED_BY_PARTNER and the merchant may ask again with a new request. A request is decided once (409).',
    ].join(' '),
    request: { params: onboardingParams, body: { content: json(named.MerchantOnboardingDecisionRequest) } },
    responses: {
      200: { description: 'The decided request', content: json(named.MerchantOnboardingRequest) },
      ...problemResponses(400, 401, 403, 404, 406, 409, 415, 422, 429),
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/payments/test',
    tags: tags.payments,
    summary: 'Create a test payment',
    description: [
      'A POS or loyalty partner connected to the location simulates a card payment. `memberId` names a member (of the',
      'caller, or for a POS of the location’s loyalty partner), `memberId: null` a new non-member (the response gives its',
      '`memberReference`), `memberReference` a returning non-member. All amounts zero is a zero-amount authorisation: only a',
      '`paymentId` to register a card with. At a location whose loyalty activation is approved, a registered card generates a',
      'loyalty activity (NEW_LOYALTY_ACTIVITY; NEW_REGISTERED_CARD on a card’s first use) and any other card a',
      'pre-accumulated reward (1 point per 100 cents of goods and services, capped by the location’s limit). With `terminal`',
      'of the loyalty series (PRO), `terminalDisplay` says what the terminal shows.',
    ].join(' '),
    request: { body: { content: json(named.CreateTestPaymentRequest) } },
    responses: { 200: { description: 'The payment', content: json(named.TestPayment) }, ...problemResponses(400, 401, 403, 404, 406, 415, 429) },
  });
}
