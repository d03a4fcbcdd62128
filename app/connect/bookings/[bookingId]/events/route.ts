import { getBookingEvents } from '@/lib/bookings/booking-changes';
import { partnerBookingCaller } from '@/lib/bookings/partner-access';
import { bookingEventsResponseSchema, bookingIdParams } from '@/lib/bookings/schema';
import { jsonContent } from '@/lib/api/operation-doc';
import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';

// docs/contract.md#bookings: a booking's changes, newest first, for the POS.
export const GET = partnerRoute(
  {
    api: 'booking',
    partnerTypes: ['POS'],
    params: bookingIdParams,
    doc: {
      tags: ['Booking'],
      summary: 'Get the changes of a booking',
      description:
        'POS only. Every change, newest first: its type, who made it (`sourceOfChange` POS, APP or MERCHANT), the change as requested (`eventData`) and the booking after it (`outcome`).',
      responses: { 200: { description: 'The booking’s changes', content: jsonContent(bookingEventsResponseSchema) } },
      errors: [401, 403, 404, 406, 429],
    },
  },
  async ({ db, principal, params }) => json({ events: await getBookingEvents(db, partnerBookingCaller(principal), params.bookingId) }),
);
