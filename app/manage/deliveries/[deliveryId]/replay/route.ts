import { getDelivery } from '@/lib/events/delivery-log';
import { replayDelivery } from '@/lib/events/replay';
import { manageRoute } from '@/lib/http/manage-route';
import { json } from '@/lib/http/responses';
import { idParams } from '@/lib/tenancy/schemas';

export const POST = manageRoute({ params: idParams('deliveryId') }, async ({ db, params }) => {
  await replayDelivery(db, params.deliveryId!);
  return json(await getDelivery(db, params.deliveryId!), 202);
});
