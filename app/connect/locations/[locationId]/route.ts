import { z } from 'zod';
import { locationStatus, locationStatusSchema } from '@/lib/events/pos-presence';
import { jsonContent } from '@/lib/api/operation-doc';
import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';

const params = z.object({ locationId: z.string().min(1).max(50) });

// docs/contract.md#locations: GREEN while a POS holds the notification socket open, RED with lastOnlineAt otherwise.
export const GET = partnerRoute(
  {
    api: 'locations',
    params,
    doc: {
      tags: ['Locations'],
      summary: 'POS online status of a location',
      description: [
        'GREEN while a POS holds the notification WebSocket open, RED otherwise (with `status.reason`: no POS connected, never online,',
        'or its socket closed); `lastOnlineAt` is when it was last seen online. `pos.apis` lists the APIs the POS named in its HELLO by',
        'the reference’s names (BOOKING, FOOD_ORDERING, LOYALTY, PAYMENTS, SALES, LOCATION; `ordering` is FOOD_ORDERING); others are left out.',
      ].join(' '),
      responses: { 200: { description: 'The location and its POS status', content: jsonContent(locationStatusSchema) } },
      errors: [401, 404, 406, 429],
    },
  },
  async ({ db, principal, params }) => json(await locationStatus(db, principal, params.locationId)),
);
