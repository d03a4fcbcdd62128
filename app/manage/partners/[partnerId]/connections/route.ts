import { json } from '@/lib/http/responses';
import { manageRoute } from '@/lib/http/manage-route';
import { createConnection } from '@/lib/tenancy/partners';
import { createConnectionSchema, idParams } from '@/lib/tenancy/schemas';

export const POST = manageRoute({ body: createConnectionSchema, params: idParams('partnerId') }, async ({ db, body, params }) =>
  json(await createConnection(db, params.partnerId!, body), 201),
);
