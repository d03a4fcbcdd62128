import { z } from 'zod';
import { partnerBookingCaller } from '@/lib/bookings/partner-access';
import { getBookingEvents } from '@/lib/bookings/booking-changes';
import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';

const params = z.object({ bookingId: z.string().min(1).max(100) });

// CONTRACT §6: a booking's changes, newest first, for the POS.
export const GET = partnerRoute({ api: 'booking', partnerTypes: ['POS'], params }, async ({ db, principal, params }) =>
  json({ events: await getBookingEvents(db, partnerBookingCaller(principal), params.bookingId) }),
);
