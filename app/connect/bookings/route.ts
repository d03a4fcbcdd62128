import { z } from 'zod';
import { bookingContent, bookingListSchema } from '@/lib/bookings/openapi';
import { partnerBookingCaller } from '@/lib/bookings/partner-access';
import { createBooking, parseCreateBookingBody } from '@/lib/bookings/create-booking';
import { listBookings } from '@/lib/bookings/list-bookings';
import { createBookingRequestSchema, createWalkInRequestSchema, listBookingsQuerySchema } from '@/lib/bookings/schema';
import { TYRO_CONNECT_JSON } from '@/lib/api/media-types';
import { jsonContent } from '@/lib/api/operation-doc';
import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';

// A booking app sends a reservation, a POS a walk-in: the body's rules depend on the caller, so
// parseCreateBookingBody validates it (every violation at once) once the caller is known.
export const POST = partnerRoute(
  {
    api: 'booking',
    partnerTypes: ['POS', 'BOOKING_APP'],
    body: z.unknown(),
    // The booking reference sends its body as application/vnd.tyro.connect+json;version=1.0.
    contentTypes: ['application/json', TYRO_CONNECT_JSON],
    doc: {
      tags: ['Booking'],
      summary: 'Create a booking (reservation or walk-in)',
      description: [
        'A booking app sends a reservation (`CreateBookingRequest`): `origin.bookingReference` is unique per location and',
        'app (409 `BOOKING_REFERENCE_CONFLICT`), `origin.name` is the app’s name. A POS sends a walk-in',
        '(`CreateWalkInBookingRequest`): `asset.type` TABLE and `asset.tableStatus` SEATED only. Tables must exist at the',
        'location (422 `BOOKING_TABLE_NOT_FOUND`); a table is occupied from SEATED until FINALISED (409 `TABLE_OCCUPIED`).',
        '`bookingStatus` is CREATED (the default; the POS or the merchant decides it later) or ACCEPTED (already',
        'confirmed); REJECTED and the cancellations are 400, as they change a booking that exists (PATCH it).',
        'The returned `id` is also `tcBookingId`. BOOKING_CREATED (version 1) goes to the location’s POS (reservation) or',
        'to every booking app of the location (walk-in), whatever the status.',
      ].join(' '),
      // The two bodies parseCreateBookingBody picks between by caller.
      body: z.union([createBookingRequestSchema, createWalkInRequestSchema]),
      responses: { 201: { description: 'The booking', content: bookingContent } },
      errors: [400, 401, 403, 406, 409, 413, 415, 422, 429],
    },
  },
  async ({ db, principal, body }) => {
    const caller = partnerBookingCaller(principal);
    return json(await createBooking(db, caller, parseCreateBookingBody(caller, body)), 201);
  },
);

// docs/contract.md#bookings lists: a location's bookings, for its POS only.
export const GET = partnerRoute(
  {
    api: 'booking',
    partnerTypes: ['POS'],
    query: listBookingsQuerySchema,
    doc: {
      tags: ['Booking'],
      summary: 'List the bookings of a location',
      description: [
        'POS only. Filters of one kind are OR-ed (repeat them or comma-separate), different filters AND-ed. `fromDate`',
        'and `toDate` are days at the location, applied to the date `dateType` names. Ordered by that date, then id.',
      ].join(' '),
      responses: { 200: { description: 'A page of bookings', content: jsonContent(bookingListSchema) } },
      errors: [400, 401, 403, 404, 406, 429],
    },
  },
  async ({ db, principal, query }) => json(await listBookings(db, principal, query)),
);
