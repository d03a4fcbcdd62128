import { jsonContent } from '@/lib/api/operation-doc';
import { manageRoute } from '@/lib/http/manage-route';
import { json } from '@/lib/http/responses';
import { ADMIN_API_ACTOR } from '@/lib/ops/audit';
import { resetSandbox, sandboxSchema } from '@/lib/sandbox/sandboxes';
import { adminKeyNote, managementTags } from '@/lib/tenancy/openapi';
import { idParams } from '@/lib/tenancy/schemas';

export const POST = manageRoute(
  {
    params: idParams('partnerId'),
    doc: {
      tags: managementTags,
      summary: 'Reset the partner’s sandbox',
      description: `Deletes the sandbox’s orders, bookings, sales and their events and deliveries; the location, its floor and the simulator stay. ${adminKeyNote}`,
      responses: { 200: { description: 'The sandbox, emptied', content: jsonContent(sandboxSchema) } },
      errors: [401, 404],
    },
  },
  async ({ db, params }) => json(await resetSandbox(db, { partnerId: params.partnerId!, actor: ADMIN_API_ACTOR })),
);
