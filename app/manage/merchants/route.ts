import { json } from '@/lib/http/responses';
import { manageRoute } from '@/lib/http/manage-route';
import { createMerchant } from '@/lib/tenancy/merchants';
import { createMerchantSchema } from '@/lib/tenancy/schemas';

export const POST = manageRoute({ body: createMerchantSchema }, async ({ db, body }) => json(await createMerchant(db, body), 201));
