import { z } from 'zod';
import { findVisibleBooking, partnerBookingCaller } from '@/lib/bookings/partner-access';
import { toBooking } from '@/lib/bookings/booking-record';
import { updateBookingRequestSchema } from '@/lib/bookings/schema';
import { updateBooking } from '@/lib/bookings/update-booking';
import { partnerRoute } from '@/lib/http/partner-route';
import { json, noContent } from '@/lib/http/responses';

const params = z.object({ bookingId: z.string().min(1).max(100) });

export const GET = partnerRoute({ api: 'booking', partnerTypes: ['POS', 'BOOKING_APP'], params }, async ({ db, principal, params }) =>
  json(toBooking(await findVisibleBooking(db, partnerBookingCaller(principal), params.bookingId))),
);

// The reference sends a JSON merge patch; plain JSON is accepted too, as for orders (CONTRACT §6).
export const PATCH = partnerRoute(
  {
    api: 'booking',
    partnerTypes: ['POS', 'BOOKING_APP'],
    params,
    body: updateBookingRequestSchema,
    contentTypes: ['application/merge-patch+json', 'application/json'],
  },
  async ({ db, principal, params, body }) => {
    await updateBooking(db, partnerBookingCaller(principal), params.bookingId, body);
    return noContent();
  },
);
