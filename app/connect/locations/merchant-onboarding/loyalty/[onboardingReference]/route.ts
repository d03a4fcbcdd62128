import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';
import { decideOnboardingRequest, getOnboardingRequest, toOnboardingResponse } from '@/lib/loyalty/onboarding';
import { merchantOnboardingDecisionRequestSchema } from '@/lib/loyalty/schema';
import { idParams } from '@/lib/tenancy/schemas';

const params = idParams('onboardingReference');

export const GET = partnerRoute({ api: 'loyalty', partnerTypes: ['LOYALTY'], params }, async ({ db, principal, params }) =>
  json(toOnboardingResponse(await getOnboardingRequest(db, principal.partnerId, params.onboardingReference))),
);

export const POST = partnerRoute(
  { api: 'loyalty', partnerTypes: ['LOYALTY'], params, body: merchantOnboardingDecisionRequestSchema },
  async ({ db, principal, params, body }) =>
    json(toOnboardingResponse(await decideOnboardingRequest(db, principal.partnerId, params.onboardingReference, body))),
);
