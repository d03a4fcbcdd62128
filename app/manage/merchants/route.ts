import { json } from '@/lib/http/responses';
import { manageRoute } from '@/lib/http/manage-route';
import { createMerchant } from '@/lib/tenancy/merchants';
import { creationDoc } from '@/lib/tenancy/openapi';
import { createMerchantSchema } from '@/lib/tenancy/schemas';

export const POST = manageRoute({ body: createMerchantSchema, doc: { ...creationDoc, summary: 'Create a merchant' } }, async ({ db, body }) =>
  json(await createMerchant(db, body), 201),
);
