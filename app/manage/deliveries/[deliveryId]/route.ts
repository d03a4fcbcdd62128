import { getDelivery } from '@/lib/events/delivery-log';
import { manageRoute } from '@/lib/http/manage-route';
import { json } from '@/lib/http/responses';
import { idParams } from '@/lib/tenancy/schemas';

export const GET = manageRoute({ params: idParams('deliveryId') }, async ({ db, params }) => json(await getDelivery(db, params.deliveryId!)));
