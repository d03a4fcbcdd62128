import { z } from 'zod';
import { replayFailedDeliveries } from '@/lib/events/replay';
import { manageRoute } from '@/lib/http/manage-route';
import { json } from '@/lib/http/responses';
import { idParams } from '@/lib/tenancy/schemas';

const replaySinceSchema = z.object({ since: z.iso.datetime({ offset: true }) }).meta({ id: 'ReplaySince' });

export const POST = manageRoute({ params: idParams('endpointId'), body: replaySinceSchema }, async ({ db, params, body }) =>
  json(await replayFailedDeliveries(db, params.endpointId!, new Date(body.since)), 202),
);
