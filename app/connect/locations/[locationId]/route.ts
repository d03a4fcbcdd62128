import { z } from 'zod';
import { locationStatus } from '@/lib/events/pos-presence';
import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';

const params = z.object({ locationId: z.string().min(1).max(50) });

// CONTRACT §6 Locations: GREEN while a POS holds the notification socket open, RED with lastOnlineAt otherwise.
export const GET = partnerRoute({ api: 'locations', params }, async ({ db, principal, params }) =>
  json(await locationStatus(db, principal, params.locationId)),
);
