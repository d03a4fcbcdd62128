import { jsonContent } from '@/lib/api/operation-doc';
import { manageRoute } from '@/lib/http/manage-route';
import { json, noContent } from '@/lib/http/responses';
import { ADMIN_API_ACTOR } from '@/lib/ops/audit';
import { createSandbox, deleteSandbox, getSandbox, sandboxSchema } from '@/lib/sandbox/sandboxes';
import { adminKeyNote, managementTags } from '@/lib/tenancy/openapi';
import { idParams } from '@/lib/tenancy/schemas';

const sandboxNote =
  'A partner’s sandbox is a merchant with one location, owned by the partner and connected to it, worked by a simulated counterpart ' +
  '(an ordering or booking app gets a POS that accepts and readies its orders; a POS gets an ordering app and a booking app sending traffic). ' +
  'It is never shown to real merchants nor counted with them. ';

export const POST = manageRoute(
  {
    params: idParams('partnerId'),
    doc: {
      tags: managementTags,
      summary: 'Create the partner’s sandbox, or wake its simulator',
      description: `${sandboxNote}Asking again for an existing sandbox answers it (200) and starts its simulator again if it stopped for idleness. ${adminKeyNote}`,
      responses: {
        201: { description: 'Created', content: jsonContent(sandboxSchema) },
        200: { description: 'The existing sandbox, marked in use', content: jsonContent(sandboxSchema) },
      },
      errors: [401, 404, 409, 422],
    },
  },
  async ({ db, params }) => {
    const { sandbox, created } = await createSandbox(db, { partnerId: params.partnerId!, actor: ADMIN_API_ACTOR });
    return json(sandbox, created ? 201 : 200);
  },
);

export const GET = manageRoute(
  {
    params: idParams('partnerId'),
    doc: {
      tags: managementTags,
      summary: 'The partner’s sandbox',
      description: `${sandboxNote}${adminKeyNote}`,
      responses: { 200: { description: 'The sandbox', content: jsonContent(sandboxSchema) } },
      errors: [401, 404],
    },
  },
  async ({ db, params }) => json(await getSandbox(db, { partnerId: params.partnerId! })),
);

export const DELETE = manageRoute(
  {
    params: idParams('partnerId'),
    doc: {
      tags: managementTags,
      summary: 'Delete the partner’s sandbox and everything in it',
      description: `Its simulated partners are disabled. ${adminKeyNote}`,
      responses: { 204: { description: 'Deleted' } },
      errors: [401, 404],
    },
  },
  async ({ db, params }) => {
    await deleteSandbox(db, { partnerId: params.partnerId!, actor: ADMIN_API_ACTOR });
    return noContent();
  },
);
