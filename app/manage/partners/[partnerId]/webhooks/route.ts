import { createWebhookEndpoint, createWebhookEndpointSchema } from '@/lib/events/webhook-endpoints';
import { json } from '@/lib/http/responses';
import { manageRoute } from '@/lib/http/manage-route';
import { idParams } from '@/lib/tenancy/schemas';

export const POST = manageRoute({ body: createWebhookEndpointSchema, params: idParams('partnerId') }, async ({ db, body, params }) =>
  json(await createWebhookEndpoint(db, params.partnerId!, body), 201),
);
