import { json } from '@/lib/http/responses';
import { manageRoute } from '@/lib/http/manage-route';
import { ADMIN_API_ACTOR } from '@/lib/ops/audit';
import { changeRoleSchema, changeUserRole } from '@/lib/ops/tenant-changes';
import { changeDoc } from '@/lib/tenancy/openapi';
import { idParams } from '@/lib/tenancy/schemas';

export const PATCH = manageRoute(
  {
    body: changeRoleSchema,
    params: idParams('userId'),
    auditsItself: true,
    doc: { ...changeDoc, summary: "Change a dashboard user's role (the user's sessions end)" },
  },
  async ({ db, body, params }) => json(await changeUserRole(db, ADMIN_API_ACTOR, params.userId!, body)),
);
