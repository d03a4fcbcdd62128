import { replayFailedDeliveries, replaySinceSchema } from '@/lib/events/replay';
import { manageRoute } from '@/lib/http/manage-route';
import { json } from '@/lib/http/responses';
import { idParams } from '@/lib/tenancy/schemas';

export const POST = manageRoute({ params: idParams('endpointId'), body: replaySinceSchema }, async ({ db, params, body }) =>
  json(await replayFailedDeliveries(db, params.endpointId!, new Date(body.since)), 202),
);
