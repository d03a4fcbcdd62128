'use server';

import { decideBookingAsMerchant, merchantDecisionSchema } from '@/lib/bookings/day-view';
import type { HostMove } from '@/lib/bookings/host-moves';
import { addWalkInAsHost, hostMoveSchema, moveBookingAsHost, walkInSchema } from '@/lib/bookings/merchant-moves';
import { MERCHANT_ROLES } from '@/lib/tenancy/roles';
import { dashboardAction, memberActor } from '../_lib/action';

const doneMessages = { ACCEPTED: 'Booking accepted.', REJECTED: 'Booking rejected.', CANCELLED_BY_MERCHANT: 'Booking cancelled.' } as const;

/** The merchant accepts, rejects (with a reason) or cancels a booking; the booking app and the POS are notified. */
export const decideBookingAction = dashboardAction(
  { roles: MERCHANT_ROLES, permission: 'bookings.decide', page: '/dashboard/bookings', schema: merchantDecisionSchema },
  async ({ db, user, input, audit }) => {
    await decideBookingAsMerchant(db, memberActor(user), input);
    Object.assign(audit, { targetType: 'booking', targetId: input.bookingId });
    return doneMessages[input.bookingStatus];
  },
);

const moveMessages: Record<HostMove, string> = {
  ARRIVED: 'Marked arrived.',
  NO_SHOW: 'Marked no-show.',
  SEATED: 'Seated.',
  DINING: 'Dining.',
  CLOSING: 'Closing.',
  FINALISED: 'Finalised: the table is free.',
};

/** The host's moves at the door (arrived, seated … finalised, no-show), by the POS's rules; the app and the POS are told. */
export const hostMoveAction = dashboardAction(
  { roles: MERCHANT_ROLES, permission: 'bookings.host', page: '/dashboard/bookings', schema: hostMoveSchema, audit: 'booking.host-move' },
  async ({ db, user, input, audit }) => {
    const { changed } = await moveBookingAsHost(db, memberActor(user), input);
    Object.assign(audit, { targetType: 'booking', targetId: input.bookingId, after: input });
    return changed ? moveMessages[input.move] : 'Nothing to change.';
  },
);

/** The host adds a walk-in, seated now; every booking app and the POS of the location hear of it. */
export const addWalkInAction = dashboardAction(
  {
    roles: MERCHANT_ROLES,
    permission: 'bookings.host',
    page: '/dashboard/bookings',
    schema: walkInSchema,
    audit: 'booking.walk-in',
    fieldOfConflict: { TABLE_OCCUPIED: 'tableNumber', BOOKING_TABLE_NOT_FOUND: 'tableNumber' },
  },
  async ({ db, user, input, audit }) => {
    const row = await addWalkInAsHost(db, memberActor(user), input);
    Object.assign(audit, { targetType: 'booking', targetId: row.id, after: input });
    return `Walk-in of ${input.numberOfPeople} seated.`;
  },
);
