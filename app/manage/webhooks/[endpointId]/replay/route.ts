import { replayFailedDeliveries, replayResultSchema, replaySinceSchema } from '@/lib/events/replay';
import { manageRoute } from '@/lib/http/manage-route';
import { jsonContent } from '@/lib/api/operation-doc';
import { json } from '@/lib/http/responses';
import { adminKeyNote, managementTags } from '@/lib/tenancy/openapi';
import { idParams } from '@/lib/tenancy/schemas';

export const POST = manageRoute(
  {
    params: idParams('endpointId'),
    body: replaySinceSchema,
    doc: {
      tags: managementTags,
      summary: 'Send again every failed delivery of an endpoint since a time',
      description: adminKeyNote,
      responses: { 202: { description: 'Queued', content: jsonContent(replayResultSchema) } },
      errors: [400, 401, 404],
    },
  },
  async ({ db, params, body }) => json(await replayFailedDeliveries(db, params.endpointId!, new Date(body.since)), 202),
);
