import { json } from '@/lib/http/responses';
import { manageRoute } from '@/lib/http/manage-route';
import { ADMIN_API_ACTOR } from '@/lib/ops/audit';
import { renameMerchant, renameMerchantSchema } from '@/lib/ops/tenant-changes';
import { changeDoc } from '@/lib/tenancy/openapi';
import { idParams } from '@/lib/tenancy/schemas';

export const PATCH = manageRoute(
  { body: renameMerchantSchema, params: idParams('merchantId'), auditsItself: true, doc: { ...changeDoc, summary: 'Rename a merchant' } },
  async ({ db, body, params }) => json(await renameMerchant(db, ADMIN_API_ACTOR, params.merchantId!, body)),
);
