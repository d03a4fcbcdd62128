import { z } from 'zod';
import { jsonContent } from '@/lib/api/operation-doc';
import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';
import { getLoyaltyActivity } from '@/lib/loyalty/activities';
import { loyaltyOnly, loyaltyTags } from '@/lib/loyalty/openapi';
import { loyaltyActivityResponseSchema } from '@/lib/loyalty/schema';
import { idParam } from '@/lib/tenancy/schemas';

export const GET = partnerRoute(
  {
    api: 'loyalty',
    partnerTypes: ['LOYALTY'],
    params: z.object({ loyaltyActivityId: idParam.describe('Id of the loyalty activity.') }),
    doc: {
      tags: loyaltyTags.cards,
      summary: 'Get loyalty activity by id',
      description: [
        'A payment by a registered card at an activated location (event NEW_LOYALTY_ACTIVITY).',
        '`sale` is the sale the payment belongs to: the latest `CLOSED` sale a POS recorded at the same location with an `EFTPOS` payment',
        'whose `acquirer.transactionReference` is the activity’s `payment.origin.paymentId` and whose `goodsAndServicesAmount` equals',
        '`payment.breakdown.goodsAndServices`; null while there is none (another location’s sale never matches).',
        loyaltyOnly,
      ].join(' '),
      responses: { 200: { description: 'The activity', content: jsonContent(loyaltyActivityResponseSchema) } },
      errors: [401, 403, 404, 406, 429],
    },
  },
  async ({ db, principal, params }) => json(await getLoyaltyActivity(db, principal.partnerId, params.loyaltyActivityId)),
);
