import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';
import { createTestPayment } from '@/lib/loyalty/payments';
import { createTestPaymentRequestSchema } from '@/lib/loyalty/schema';

// A POS takes payments; a loyalty partner tests its integration. Either must be connected to the location.
export const POST = partnerRoute({ api: 'loyalty', partnerTypes: ['POS', 'LOYALTY'], body: createTestPaymentRequestSchema }, async ({ db, principal, body }) =>
  json(await createTestPayment(db, principal, body)),
);
