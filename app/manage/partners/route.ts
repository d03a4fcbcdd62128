import { json } from '@/lib/http/responses';
import { manageRoute } from '@/lib/http/manage-route';
import { creationDoc } from '@/lib/tenancy/openapi';
import { createPartner } from '@/lib/tenancy/partners';
import { createPartnerSchema } from '@/lib/tenancy/schemas';

export const POST = manageRoute({ body: createPartnerSchema, doc: { ...creationDoc, summary: 'Create a partner' } }, async ({ db, body }) =>
  json(await createPartner(db, body), 201),
);
