import { json } from '@/lib/http/responses';
import { manageRoute } from '@/lib/http/manage-route';
import { createUserSchema } from '@/lib/tenancy/schemas';
import { createUser } from '@/lib/tenancy/users';

export const POST = manageRoute({ body: createUserSchema }, async ({ db, body }) => json(await createUser(db, body), 201));
