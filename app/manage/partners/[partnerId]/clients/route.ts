import { json } from '@/lib/http/responses';
import { manageRoute } from '@/lib/http/manage-route';
import { creationDoc } from '@/lib/tenancy/openapi';
import { createClient } from '@/lib/tenancy/partners';
import { createClientSchema, idParams } from '@/lib/tenancy/schemas';

export const POST = manageRoute(
  { body: createClientSchema, params: idParams('partnerId'), doc: { ...creationDoc, summary: 'Create a client (secret shown once)' } },
  async ({ db, params }) => json(await createClient(db, params.partnerId!), 201),
);
