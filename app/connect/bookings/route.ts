import { z } from 'zod';
import { partnerBookingCaller } from '@/lib/bookings/partner-access';
import { createBooking, parseCreateBookingBody } from '@/lib/bookings/create-booking';
import { listBookings } from '@/lib/bookings/list-bookings';
import { listBookingsQuerySchema } from '@/lib/bookings/schema';
import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';

// A booking app sends a reservation, a POS a walk-in: the body's rules depend on the caller, so
// parseCreateBookingBody validates it (every violation at once) once the caller is known.
export const POST = partnerRoute({ api: 'booking', partnerTypes: ['POS', 'BOOKING_APP'], body: z.unknown() }, async ({ db, principal, body }) => {
  const caller = partnerBookingCaller(principal);
  return json(await createBooking(db, caller, parseCreateBookingBody(caller, body)), 201);
});

// CONTRACT §6 lists: a location's bookings, for its POS only.
export const GET = partnerRoute({ api: 'booking', partnerTypes: ['POS'], query: listBookingsQuerySchema }, async ({ db, principal, query }) =>
  json(await listBookings(db, principal, query)),
);
