import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';
import { deleteRegisteredCard, getRegisteredCard } from '@/lib/loyalty/members';
import { idParams } from '@/lib/tenancy/schemas';

const params = idParams('registeredCardId');

export const GET = partnerRoute({ api: 'loyalty', partnerTypes: ['LOYALTY'], params }, async ({ db, principal, params }) =>
  json(await getRegisteredCard(db, principal.partnerId, params.registeredCardId)),
);

// The reference answers 200 without a body; the card id alone names the card, so a request body is not needed.
export const DELETE = partnerRoute({ api: 'loyalty', partnerTypes: ['LOYALTY'], params }, async ({ db, principal, params }) => {
  await deleteRegisteredCard(db, principal.partnerId, params.registeredCardId);
  return new Response(null, { status: 200 });
});
