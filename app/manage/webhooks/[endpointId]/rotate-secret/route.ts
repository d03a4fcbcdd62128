import { rotateWebhookSecret } from '@/lib/events/webhook-endpoints';
import { manageRoute } from '@/lib/http/manage-route';
import { json } from '@/lib/http/responses';
import { idParams } from '@/lib/tenancy/schemas';

export const POST = manageRoute({ params: idParams('endpointId') }, async ({ db, params }) => json(await rotateWebhookSecret(db, params.endpointId!)));
