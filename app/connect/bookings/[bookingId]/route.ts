import { bookingContent } from '@/lib/bookings/openapi';
import { findVisibleBooking, partnerBookingCaller } from '@/lib/bookings/partner-access';
import { toBooking } from '@/lib/bookings/booking-record';
import { bookingIdParams, updateBookingRequestSchema } from '@/lib/bookings/schema';
import { updateBooking } from '@/lib/bookings/update-booking';
import { partnerRoute } from '@/lib/http/partner-route';
import { json, noContent } from '@/lib/http/responses';

export const GET = partnerRoute(
  {
    api: 'booking',
    partnerTypes: ['POS', 'BOOKING_APP'],
    params: bookingIdParams,
    doc: {
      tags: ['Booking'],
      summary: 'Get a booking',
      description: 'For the POS of the booking’s location and the booking app holding it (a walk-in: every booking app of the location); anyone else gets 404.',
      responses: { 200: { description: 'The booking', content: bookingContent } },
      errors: [401, 403, 404, 406, 429],
    },
  },
  async ({ db, principal, params }) => json(toBooking(await findVisibleBooking(db, partnerBookingCaller(principal), params.bookingId))),
);

// The reference sends a JSON merge patch; plain JSON is accepted too, as for orders (docs/contract.md#orders).
export const PATCH = partnerRoute(
  {
    api: 'booking',
    partnerTypes: ['POS', 'BOOKING_APP'],
    params: bookingIdParams,
    body: updateBookingRequestSchema,
    contentTypes: ['application/merge-patch+json', 'application/json'],
    doc: {
      tags: ['Booking'],
      summary: 'Update a booking',
      description: [
        'JSON merge patch (`null` removes a field). `bookingStatus`: CREATED → ACCEPTED, REJECTED or CANCELLED_*;',
        'ACCEPTED → CANCELLED_*; REJECTED and CANCELLED_* are final (409 `BOOKING_STATUS_CONFLICT` for any change after).',
        'The POS accepts, rejects and cancels by merchant; the booking app cancels by customer (403 otherwise). Both',
        'change the details (`numberOfPeople`, times, `asset.tables`, customer …): the POS of any booking at its',
        'locations, the booking app of its own bookings; the other side hears BOOKING_UPDATED.',
        '`reason` (≤ 50) is optional, and given only with REJECTED and the cancellations (400 otherwise). `asset.tableStatus` moves',
        'forward only, SEATED → DINING → CLOSING → FINALISED, steps may be skipped (409 `TABLE_STATUS_CONFLICT` going back).',
        'Setting what the booking already has is a no-op.',
      ].join(' '),
      responses: { 204: { description: 'Updated (or nothing to change)' } },
      errors: [400, 401, 403, 404, 406, 409, 413, 415, 422, 429],
    },
  },
  async ({ db, principal, params, body }) => {
    await updateBooking(db, partnerBookingCaller(principal), params.bookingId, body);
    return noContent();
  },
);
