import { json } from '@/lib/http/responses';
import { manageRoute } from '@/lib/http/manage-route';
import { creationDoc } from '@/lib/tenancy/openapi';
import { createLoyaltyProgram } from '@/lib/tenancy/partners';
import { createLoyaltyProgramSchema, idParams } from '@/lib/tenancy/schemas';

export const POST = manageRoute(
  { body: createLoyaltyProgramSchema, params: idParams('partnerId'), doc: { ...creationDoc, summary: 'Create a loyalty program' } },
  async ({ db, body, params }) => json(await createLoyaltyProgram(db, params.partnerId!, body), 201),
);
