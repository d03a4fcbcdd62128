import { createWebhookEndpoint, createWebhookEndpointSchema } from '@/lib/events/webhook-endpoints';
import { json } from '@/lib/http/responses';
import { manageRoute } from '@/lib/http/manage-route';
import { creationDoc } from '@/lib/tenancy/openapi';
import { idParams } from '@/lib/tenancy/schemas';

export const POST = manageRoute(
  { body: createWebhookEndpointSchema, params: idParams('partnerId'), doc: { ...creationDoc, summary: 'Create a webhook endpoint (secret shown once)' } },
  async ({ db, body, params }) => json(await createWebhookEndpoint(db, params.partnerId!, body), 201),
);
