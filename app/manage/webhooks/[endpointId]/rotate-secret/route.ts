import { rotateWebhookSecret, webhookEndpointSecretSchema } from '@/lib/events/webhook-endpoints';
import { manageRoute } from '@/lib/http/manage-route';
import { jsonContent } from '@/lib/api/operation-doc';
import { json } from '@/lib/http/responses';
import { adminKeyNote, managementTags } from '@/lib/tenancy/openapi';
import { idParams } from '@/lib/tenancy/schemas';

export const POST = manageRoute(
  {
    params: idParams('endpointId'),
    doc: {
      tags: managementTags,
      summary: 'Roll a webhook endpoint secret (new secret shown once; the old one keeps signing for 24 hours)',
      description: adminKeyNote,
      responses: { 200: { description: 'The new secret', content: jsonContent(webhookEndpointSecretSchema) } },
      errors: [401, 404],
    },
  },
  async ({ db, params }) => json(await rotateWebhookSecret(db, params.endpointId!)),
);
