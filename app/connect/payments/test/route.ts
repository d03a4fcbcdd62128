import { jsonContent } from '@/lib/api/operation-doc';
import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';
import { loyaltyTags } from '@/lib/loyalty/openapi';
import { createTestPayment } from '@/lib/loyalty/payments';
import { createTestPaymentRequestSchema, testPaymentResponseSchema } from '@/lib/loyalty/schema';

// A POS takes payments; a loyalty partner tests its integration. Either must be connected to the location.
export const POST = partnerRoute(
  {
    api: 'loyalty',
    partnerTypes: ['POS', 'LOYALTY'],
    body: createTestPaymentRequestSchema,
    doc: {
      tags: loyaltyTags.payments,
      summary: 'Create a test payment',
      description: [
        'A POS or loyalty partner connected to the location simulates a card payment. `memberId` names a member (of the',
        'caller, or for a POS of the location’s loyalty partner), `memberId: null` a new non-member (the response gives its',
        '`memberReference`), `memberReference` a returning non-member. All amounts zero is a zero-amount authorisation: only a',
        '`paymentId` to register a card with. At a location whose loyalty activation is approved, a registered card generates a',
        'loyalty activity (NEW_LOYALTY_ACTIVITY; NEW_REGISTERED_CARD on a card’s first use) and any other card a',
        'pre-accumulated reward (1 point per 100 cents of goods and services, capped by the location’s limit). With `terminal`',
        'of the loyalty series (PRO), `terminalDisplay` says what the terminal shows. A POS that records the sale (POST /sales) with an',
        '`EFTPOS` payment whose `acquirer.transactionReference` is the `paymentId` (same goods and services amount) gives the activity its `sale`,',
        'when the sale says all the loyalty reference’s sale requires (`staff`, `tax`, `origin.locationId`, `acquirer.terminalId`).',
      ].join(' '),
      responses: { 200: { description: 'The payment', content: jsonContent(testPaymentResponseSchema) } },
      errors: [400, 401, 403, 404, 406, 415, 429],
    },
  },
  async ({ db, principal, body }) => json(await createTestPayment(db, principal, body)),
);
