import { z } from 'zod';
import { changeAvailability, readAvailability } from '@/lib/availability/location-availability';
import { availabilityPatchSchema, availabilitySchema } from '@/lib/availability/schema';
import { jsonContent } from '@/lib/api/operation-doc';
import { partnerRoute } from '@/lib/http/partner-route';
import { json, noContent } from '@/lib/http/responses';

const params = z.object({ locationId: z.string().min(1).max(50) });

// docs/contract.md#availability: readable by every partner connected to the location.
export const GET = partnerRoute(
  {
    api: 'locations',
    params,
    doc: {
      tags: ['Locations'],
      summary: 'Whether a location takes orders now',
      description: [
        '`state` is OPEN, CLOSED (outside the opening hours, or a special day) or PAUSED (by the merchant or the POS, or',
        'because the POS has been offline longer than `posOffline.afterSeconds`), with `reason`, `note` and `until` (when it',
        'ends by itself). `busy` is busy mode: orders are taken and are ready `busy.minutes` later. `nextOpenAt` is when',
        'orders for now are taken again. Hours are local times in `timezone`; a location without hours (`hours: null`) is',
        'open at all times. `specialDays` lists those of the next 14 days. While CLOSED or PAUSED, POST /orders answers 409',
        '`LOCATION_UNAVAILABLE`, except an order for later (`fulfilment.scheduledFor` within the hours). Every change, those',
        'made by the clock included, emits LOCATION_AVAILABILITY_UPDATED to every partner connected to the location.',
      ].join(' '),
      responses: { 200: { description: 'The availability of the location', content: jsonContent(availabilitySchema) } },
      errors: [401, 404, 406, 429],
    },
  },
  async ({ db, principal, params }) => json(await readAvailability(db, principal, params.locationId)),
);

// docs/contract.md#availability: the POS pauses, resumes and sets busy mode with a merge patch.
export const PATCH = partnerRoute(
  {
    api: 'locations',
    partnerTypes: ['POS'],
    params,
    body: availabilityPatchSchema,
    contentTypes: ['application/merge-patch+json', 'application/json'],
    doc: {
      tags: ['Locations'],
      summary: 'Pause, resume or set busy mode',
      description: [
        'POS only. `pause: {until?, reason?}` pauses ordering (state PAUSED, reason PAUSED_BY_POS) until `until` or until',
        '`pause: null` resumes it; `busy: {minutes, until?}` (5 to 120 minutes) sets busy mode, `busy: null` clears it.',
        'Members left out stay as they are. Emits LOCATION_AVAILABILITY_UPDATED to the other partners connected to the location.',
      ].join(' '),
      responses: { 204: { description: 'Changed' } },
      errors: [400, 401, 403, 404, 406, 415, 429],
    },
  },
  async ({ db, principal, params, body }) => {
    await changeAvailability(db, { caller: principal, by: 'POS' }, params.locationId, body);
    return noContent();
  },
);
