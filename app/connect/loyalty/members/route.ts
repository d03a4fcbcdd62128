import { json, noContent } from '@/lib/http/responses';
import { partnerRoute } from '@/lib/http/partner-route';
import { deregisterMember, registerMember } from '@/lib/loyalty/members';
import { deregisterMemberRequestSchema, registerMemberRequestSchema } from '@/lib/loyalty/schema';

export const POST = partnerRoute({ api: 'loyalty', partnerTypes: ['LOYALTY'], body: registerMemberRequestSchema }, async ({ db, principal, body }) =>
  json(await registerMember(db, principal, body), 202),
);

export const DELETE = partnerRoute({ api: 'loyalty', partnerTypes: ['LOYALTY'], body: deregisterMemberRequestSchema }, async ({ db, principal, body }) => {
  await deregisterMember(db, principal.partnerId, body.origin.memberId);
  return noContent();
});
