import { jsonContent } from '@/lib/api/operation-doc';
import { json, noContent } from '@/lib/http/responses';
import { partnerRoute } from '@/lib/http/partner-route';
import { deregisterMember, registerMember } from '@/lib/loyalty/members';
import { loyaltyOnly, loyaltyTags, memberRegistrationSchema } from '@/lib/loyalty/openapi';
import { deregisterMemberRequestSchema, registerMemberRequestSchema } from '@/lib/loyalty/schema';

export const POST = partnerRoute(
  {
    api: 'loyalty',
    partnerTypes: ['LOYALTY'],
    body: registerMemberRequestSchema,
    doc: {
      tags: loyaltyTags.members,
      summary: 'Register member for loyalty',
      description: [
        'Links the card of a payment at the location (`paymentId`, made within the last 60 minutes) or of an unregistered',
        'customer (`memberReference`, from the terminal sign-up QR code or a test payment) to the member; when both are sent,',
        '`paymentId` decides. The member is created on first registration. The card’s pre-accumulated reward is carried into',
        '`preAccumulatedReward`. Needs the location’s loyalty activation approved for this partner (403 otherwise).',
        'Unknown or too old payment, or unknown memberReference: 422. Card registered to another member: 409.',
      ].join(' '),
      responses: { 202: { description: 'Registered', content: jsonContent(memberRegistrationSchema) } },
      errors: [400, 401, 403, 406, 409, 415, 422, 429],
    },
  },
  async ({ db, principal, body }) => json(await registerMember(db, principal, body), 202),
);

export const DELETE = partnerRoute(
  {
    api: 'loyalty',
    partnerTypes: ['LOYALTY'],
    body: deregisterMemberRequestSchema,
    doc: {
      tags: loyaltyTags.members,
      summary: 'Deregister a member',
      description: `Removes the member and every card of it; activities already generated stay readable. ${loyaltyOnly}`,
      responses: { 204: { description: 'Deregistered' } },
      errors: [400, 401, 403, 404, 406, 415, 429],
    },
  },
  async ({ db, principal, body }) => {
    await deregisterMember(db, principal.partnerId, body.origin.memberId);
    return noContent();
  },
);
