import { jsonContent } from '@/lib/api/operation-doc';
import { manageRoute } from '@/lib/http/manage-route';
import { json } from '@/lib/http/responses';
import { ADMIN_API_ACTOR } from '@/lib/ops/audit';
import { approveSandboxDevice, sandboxDeviceSchema, sandboxSchema } from '@/lib/sandbox/sandboxes';
import { adminKeyNote, managementTags } from '@/lib/tenancy/openapi';
import { idParams } from '@/lib/tenancy/schemas';

export const POST = manageRoute(
  {
    params: idParams('partnerId'),
    body: sandboxDeviceSchema,
    doc: {
      tags: managementTags,
      summary: 'Approve a POS device for the partner’s sandbox location',
      description: `A sandbox has no merchant user to approve a device on /activate: this approves the partner’s own device (its user code) for the sandbox location, and the device’s next poll gets its tokens. ${adminKeyNote}`,
      responses: { 200: { description: 'Approved; the sandbox', content: jsonContent(sandboxSchema) } },
      errors: [400, 401, 404],
    },
  },
  async ({ db, params, body }) => json(await approveSandboxDevice(db, { partnerId: params.partnerId!, userCode: body.userCode, actor: ADMIN_API_ACTOR })),
);
