import { json } from '@/lib/http/responses';
import { manageRoute } from '@/lib/http/manage-route';
import { creationDoc } from '@/lib/tenancy/openapi';
import { createUserSchema } from '@/lib/tenancy/schemas';
import { createUser } from '@/lib/tenancy/users';

export const POST = manageRoute({ body: createUserSchema, doc: { ...creationDoc, summary: 'Create a dashboard user' } }, async ({ db, body }) =>
  json(await createUser(db, body), 201),
);
