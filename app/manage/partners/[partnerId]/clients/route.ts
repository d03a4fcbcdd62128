import { json } from '@/lib/http/responses';
import { manageRoute } from '@/lib/http/manage-route';
import { createClient } from '@/lib/tenancy/partners';
import { createClientSchema, idParams } from '@/lib/tenancy/schemas';

export const POST = manageRoute({ body: createClientSchema, params: idParams('partnerId') }, async ({ db, params }) =>
  json(await createClient(db, params.partnerId!), 201),
);
