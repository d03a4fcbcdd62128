import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';
import { getLoyaltyActivity } from '@/lib/loyalty/activities';
import { idParams } from '@/lib/tenancy/schemas';

export const GET = partnerRoute({ api: 'loyalty', partnerTypes: ['LOYALTY'], params: idParams('loyaltyActivityId') }, async ({ db, principal, params }) =>
  json(await getLoyaltyActivity(db, principal.partnerId, params.loyaltyActivityId)),
);
