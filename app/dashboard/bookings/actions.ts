'use server';

import { decideBookingAsMerchant, merchantDecisionSchema } from '@/lib/bookings/day-view';
import { dashboardAction } from '../_lib/action';

const doneMessages = { ACCEPTED: 'Booking accepted.', REJECTED: 'Booking rejected.', CANCELLED_BY_MERCHANT: 'Booking cancelled.' } as const;

/** The merchant accepts, rejects (with a reason) or cancels a booking; the booking app and the POS are notified. */
export const decideBookingAction = dashboardAction(
  { roles: ['MERCHANT'], page: '/dashboard/bookings', schema: merchantDecisionSchema },
  async ({ db, user, input }) => {
    await decideBookingAsMerchant(db, { merchantId: user.merchantId, userId: user.id }, input);
    return doneMessages[input.bookingStatus];
  },
);
