import { BOOKING_STATUSES, TABLE_STATUSES } from '@/db/statuses';

export { BOOKING_STATUSES, TABLE_STATUSES };

export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The statuses a booking may be created with: undecided, or already confirmed by whoever creates it. */
export const NEW_BOOKING_STATUSES = ['CREATED', 'ACCEPTED'] as const satisfies readonly BookingStatus[];

export type TableStatus = (typeof TABLE_STATUSES)[number];

/** Who changes a booking: a POS, the booking app, or a merchant user in the dashboard. */
export type BookingActor = 'POS' | 'BOOKING_APP' | 'MERCHANT';

/** Reference booking spec: a `reason` is "provided only when" the booking takes one of these statuses (never required). */
export const STATUSES_WITH_REASON = ['REJECTED', 'CANCELLED_BY_CUSTOMER', 'CANCELLED_BY_MERCHANT'] as const satisfies readonly BookingStatus[];

/** A booking rejected or cancelled is settled: it accepts no other status (409 after, docs/contract.md#statuses). */
export const FINAL_BOOKING_STATUSES = ['REJECTED', 'CANCELLED_BY_CUSTOMER', 'CANCELLED_BY_MERCHANT'] as const satisfies readonly BookingStatus[];

// Which statuses follow which: a booking is decided once (accepted or rejected), and an accepted one can still be
// cancelled by either side. The POS and the merchant decide and cancel; the booking app cancels for its customer.
const NEXT_BOOKING_STATUSES: Record<BookingStatus, readonly BookingStatus[]> = {
  CREATED: ['ACCEPTED', 'REJECTED', 'CANCELLED_BY_CUSTOMER', 'CANCELLED_BY_MERCHANT'],
  ACCEPTED: ['CANCELLED_BY_CUSTOMER', 'CANCELLED_BY_MERCHANT'],
  REJECTED: [],
  CANCELLED_BY_CUSTOMER: [],
  CANCELLED_BY_MERCHANT: [],
};

const STATUSES_SETTABLE_BY: Record<BookingActor, readonly BookingStatus[]> = {
  POS: ['ACCEPTED', 'REJECTED', 'CANCELLED_BY_MERCHANT'],
  BOOKING_APP: ['CANCELLED_BY_CUSTOMER'],
  MERCHANT: ['ACCEPTED', 'REJECTED', 'CANCELLED_BY_MERCHANT'],
};

export type BookingChangeDecision = { kind: 'noop' } | { kind: 'change' } | { kind: 'forbidden'; message: string } | { kind: 'conflict'; message: string };

export function isFinalBookingStatus(status: BookingStatus): boolean {
  return (FINAL_BOOKING_STATUSES as readonly BookingStatus[]).includes(status);
}

/**
 * Decides what a PATCH of `bookingStatus` does. As for orders, the actor's permission is checked
 * first, so a 403 neither depends on nor reveals the booking's state. CREATED is nobody's to set:
 * it is where every booking starts, so asking for it is a no-op on a new booking and a conflict later.
 */
export function decideBookingStatusChange({
  current,
  next,
  actor,
}: {
  current: BookingStatus;
  next: BookingStatus;
  actor: BookingActor;
}): BookingChangeDecision {
  const settable = STATUSES_SETTABLE_BY[actor];
  if (next !== 'CREATED' && !settable.includes(next)) {
    return { kind: 'forbidden', message: `A ${actor} may set bookingStatus only to ${settable.join(', ')}.` };
  }
  // Setting the status a booking already has is a no-op, even on a final booking.
  if (current === next) return { kind: 'noop' };
  if (NEXT_BOOKING_STATUSES[current].includes(next)) return { kind: 'change' };
  const why = isFinalBookingStatus(current) ? ` ${current} is final.` : '';
  return { kind: 'conflict', message: `Booking status conflict. Booking status ${current} cannot be updated to ${next}.${why}` };
}

/**
 * docs/contract.md#bookings: `asset.tableStatus` moves forward only (SEATED → DINING → CLOSING → FINALISED); a step
 * may be skipped, the same status again is a no-op, and going back is a conflict.
 */
export function decideTableStatusChange(current: TableStatus | null, next: TableStatus): BookingChangeDecision {
  if (current === next) return { kind: 'noop' };
  if (current === null || TABLE_STATUSES.indexOf(next) > TABLE_STATUSES.indexOf(current)) return { kind: 'change' };
  return {
    kind: 'conflict',
    message: `Table status conflict. Booking table status ${current} cannot go back to ${next}.`,
  };
}

export type BookingTableStatusEventType = `BOOKING_${TableStatus}`;

/** docs/contract.md#events names the event of each table status (BOOKING_SEATED … BOOKING_FINALISED). */
export function bookingEventTypeForTableStatus(status: TableStatus): BookingTableStatusEventType {
  return `BOOKING_${status}`;
}
