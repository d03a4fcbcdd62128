import { json } from '@/lib/http/responses';
import { manageRoute } from '@/lib/http/manage-route';
import { createLocation } from '@/lib/tenancy/merchants';
import { creationDoc } from '@/lib/tenancy/openapi';
import { createLocationSchema, idParams } from '@/lib/tenancy/schemas';

export const POST = manageRoute(
  { body: createLocationSchema, params: idParams('merchantId'), doc: { ...creationDoc, summary: 'Create a location of a merchant' } },
  async ({ db, body, params }) => json(await createLocation(db, params.merchantId!, body), 201),
);
