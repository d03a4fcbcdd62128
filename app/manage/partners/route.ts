import { json } from '@/lib/http/responses';
import { manageRoute } from '@/lib/http/manage-route';
import { createPartner } from '@/lib/tenancy/partners';
import { createPartnerSchema } from '@/lib/tenancy/schemas';

export const POST = manageRoute({ body: createPartnerSchema }, async ({ db, body }) => json(await createPartner(db, body), 201));
