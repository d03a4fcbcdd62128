import { getDelivery, webhookDeliverySchema } from '@/lib/events/delivery-log';
import { manageRoute } from '@/lib/http/manage-route';
import { jsonContent } from '@/lib/api/operation-doc';
import { json } from '@/lib/http/responses';
import { adminKeyNote, managementTags } from '@/lib/tenancy/openapi';
import { idParams } from '@/lib/tenancy/schemas';

export const GET = manageRoute(
  {
    params: idParams('deliveryId'),
    doc: {
      tags: managementTags,
      summary: 'A webhook delivery with every attempt',
      description: adminKeyNote,
      responses: { 200: { description: 'The delivery', content: jsonContent(webhookDeliverySchema) } },
      errors: [401, 404],
    },
  },
  async ({ db, params }) => json(await getDelivery(db, params.deliveryId!)),
);
