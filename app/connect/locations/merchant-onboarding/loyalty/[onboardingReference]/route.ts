import { z } from 'zod';
import { jsonContent } from '@/lib/api/operation-doc';
import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';
import { decideOnboardingRequest, getOnboardingRequest, toOnboardingResponse } from '@/lib/loyalty/onboarding';
import { loyaltyOnly, loyaltyTags } from '@/lib/loyalty/openapi';
import { merchantOnboardingDecisionRequestSchema, merchantOnboardingRequestResponseSchema } from '@/lib/loyalty/schema';
import { idParam } from '@/lib/tenancy/schemas';

const params = z.object({ onboardingReference: idParam.describe('The onboardingReference of the NEW_ONBOARDING_REQUEST event.') });

export const GET = partnerRoute(
  {
    api: 'loyalty',
    partnerTypes: ['LOYALTY'],
    params,
    doc: {
      tags: loyaltyTags.onboarding,
      summary: 'Get merchant onboarding request by reference',
      description: `A merchant asking to activate loyalty at a location with this partner. ${loyaltyOnly}`,
      responses: { 200: { description: 'The request', content: jsonContent(merchantOnboardingRequestResponseSchema) } },
      errors: [401, 403, 404, 406, 429],
    },
  },
  async ({ db, principal, params }) => json(toOnboardingResponse(await getOnboardingRequest(db, principal.partnerId, params.onboardingReference))),
);

export const POST = partnerRoute(
  {
    api: 'loyalty',
    partnerTypes: ['LOYALTY'],
    params,
    body: merchantOnboardingDecisionRequestSchema,
    doc: {
      tags: loyaltyTags.onboarding,
      summary: 'Submit a decision (APPROVE or REJECT) for an onboarding request',
      description: [
        'APPROVE needs one of this partner’s `loyaltyProgramId`s (422 otherwise): the request becomes COMPLETED / SUCCESS, the',
        'location is activated for this partner and the partner is connected to it. REJECT, with an optional `reason` the merchant sees: the integration',
        'becomes REJECTED_BY_PARTNER and the merchant may ask again with a new request. A request is decided once (409).',
      ].join(' '),
      responses: { 200: { description: 'The decided request', content: jsonContent(merchantOnboardingRequestResponseSchema) } },
      errors: [400, 401, 403, 404, 406, 409, 415, 422, 429],
    },
  },
  async ({ db, principal, params, body }) =>
    json(toOnboardingResponse(await decideOnboardingRequest(db, principal.partnerId, params.onboardingReference, body))),
);
