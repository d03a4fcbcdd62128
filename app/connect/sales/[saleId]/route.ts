import { z } from 'zod';
import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';
import { findVisibleSale } from '@/lib/sales/partner-access';
import { saleResource } from '@/lib/sales/sale-record';
import { updateSaleRequestSchema } from '@/lib/sales/schema';
import { updateSale } from '@/lib/sales/update-sale';

const params = z.object({ saleId: z.string().min(1).max(100) });

export const GET = partnerRoute({ api: 'sales', params }, async ({ db, principal, params }) => {
  return json(saleResource(await findVisibleSale(db, principal, params.saleId)));
});

// Reference sales spec: a successful update answers 200 with the sale at its new version.
export const PATCH = partnerRoute(
  { api: 'sales', partnerTypes: ['POS'], params, body: updateSaleRequestSchema, contentTypes: ['application/json', 'application/merge-patch+json'] },
  async ({ db, principal, params, body }) => {
    return json(saleResource(await updateSale(db, principal, params.saleId, body)));
  },
);
