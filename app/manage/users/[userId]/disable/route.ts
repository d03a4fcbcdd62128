import { json } from '@/lib/http/responses';
import { manageRoute } from '@/lib/http/manage-route';
import { ADMIN_API_ACTOR } from '@/lib/ops/audit';
import { disableUserBy } from '@/lib/ops/tenant-changes';
import { changeDoc } from '@/lib/tenancy/openapi';
import { idParams } from '@/lib/tenancy/schemas';

export const POST = manageRoute(
  { params: idParams('userId'), auditsItself: true, doc: { ...changeDoc, summary: 'Disable a dashboard user (sign-in refused, sessions end)' } },
  async ({ db, params }) => json(await disableUserBy(db, ADMIN_API_ACTOR, params.userId!)),
);
