import { getDelivery, webhookDeliverySchema } from '@/lib/events/delivery-log';
import { replayDelivery } from '@/lib/events/replay';
import { manageRoute } from '@/lib/http/manage-route';
import { jsonContent } from '@/lib/api/operation-doc';
import { json } from '@/lib/http/responses';
import { adminKeyNote, managementTags } from '@/lib/tenancy/openapi';
import { idParams } from '@/lib/tenancy/schemas';

export const POST = manageRoute(
  {
    params: idParams('deliveryId'),
    doc: {
      tags: managementTags,
      summary: 'Send one delivery again',
      description: adminKeyNote,
      responses: { 202: { description: 'Queued', content: jsonContent(webhookDeliverySchema) } },
      errors: [401, 404],
    },
  },
  async ({ db, params }) => {
    await replayDelivery(db, params.deliveryId!);
    return json(await getDelivery(db, params.deliveryId!), 202);
  },
);
