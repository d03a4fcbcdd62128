import { z } from 'zod';
import { jsonContent } from '@/lib/api/operation-doc';
import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';
import { deleteRegisteredCard, getRegisteredCard } from '@/lib/loyalty/members';
import { loyaltyOnly, loyaltyTags } from '@/lib/loyalty/openapi';
import { registeredCardResponseSchema } from '@/lib/loyalty/schema';
import { idParam } from '@/lib/tenancy/schemas';

const params = z.object({ registeredCardId: idParam.describe('Id of the registered card.') });

export const GET = partnerRoute(
  {
    api: 'loyalty',
    partnerTypes: ['LOYALTY'],
    params,
    doc: {
      tags: loyaltyTags.cards,
      summary: 'Get registered card by id',
      description: loyaltyOnly,
      responses: { 200: { description: 'The card', content: jsonContent(registeredCardResponseSchema) } },
      errors: [401, 403, 404, 406, 429],
    },
  },
  async ({ db, principal, params }) => json(await getRegisteredCard(db, principal.partnerId, params.registeredCardId)),
);

// The reference answers 200 without a body; the card id alone names the card, so a request body is not needed.
export const DELETE = partnerRoute(
  {
    api: 'loyalty',
    partnerTypes: ['LOYALTY'],
    params,
    doc: {
      tags: loyaltyTags.cards,
      summary: 'Delete registered card by id',
      description: `The card stops generating loyalty activity. A request body is not needed. ${loyaltyOnly}`,
      responses: { 200: { description: 'Deleted (no body)' } },
      errors: [401, 403, 404, 406, 429],
    },
  },
  async ({ db, principal, params }) => {
    await deleteRegisteredCard(db, principal.partnerId, params.registeredCardId);
    return new Response(null, { status: 200 });
  },
);
