import { json } from '@/lib/http/responses';
import { manageRoute } from '@/lib/http/manage-route';
import { creationDoc } from '@/lib/tenancy/openapi';
import { createConnection } from '@/lib/tenancy/partners';
import { createConnectionSchema, idParams } from '@/lib/tenancy/schemas';

export const POST = manageRoute(
  { body: createConnectionSchema, params: idParams('partnerId'), doc: { ...creationDoc, summary: 'Connect a partner to a location' } },
  async ({ db, body, params }) => json(await createConnection(db, params.partnerId!, body), 201),
);
