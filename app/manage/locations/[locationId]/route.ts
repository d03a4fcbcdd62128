import { json } from '@/lib/http/responses';
import { manageRoute } from '@/lib/http/manage-route';
import { ADMIN_API_ACTOR } from '@/lib/ops/audit';
import { updateLocation, updateLocationSchema } from '@/lib/ops/tenant-changes';
import { changeDoc } from '@/lib/tenancy/openapi';
import { idParams } from '@/lib/tenancy/schemas';

export const PATCH = manageRoute(
  {
    body: updateLocationSchema,
    params: idParams('locationId'),
    auditsItself: true,
    doc: { ...changeDoc, summary: "Change a location's name or time zone (its id stays)" },
  },
  async ({ db, body, params }) => json(await updateLocation(db, ADMIN_API_ACTOR, params.locationId!, body)),
);
