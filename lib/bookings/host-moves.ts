import { TABLE_STATUSES } from './transitions';

/** The host's moves on a booking from the dashboard (lib/bookings/merchant-moves.ts makes them). */
export const HOST_MOVES = ['ARRIVED', 'NO_SHOW', ...TABLE_STATUSES] as const;
export type HostMove = (typeof HOST_MOVES)[number];

/**
 * Seating or finalising this long before the booked time is probably a mistake (a booking for 06:24 seated at
 * 01:54): the dashboard asks first, and the history shows it.
 */
export const EARLY_MOVE_MINUTES = 60;

/** The moves a host is asked to confirm when made well before the booked time. */
export const MOVES_CHECKED_FOR_EARLY: readonly HostMove[] = ['SEATED', 'FINALISED'];

/** Whether a move at `at` is well before the booking's time (see EARLY_MOVE_MINUTES). */
export function isWellBeforeBooking(startTime: Date | string, at: Date | string = new Date()): boolean {
  return new Date(startTime).getTime() - new Date(at).getTime() > EARLY_MOVE_MINUTES * 60_000;
}

/** "4 h 30 min" before the booked time, for the warning. */
export function howLongBefore(startTime: Date | string, at: Date | string): string {
  const minutes = Math.round((new Date(startTime).getTime() - new Date(at).getTime()) / 60_000);
  const hours = Math.floor(minutes / 60);
  return hours ? `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''}` : `${minutes} min`;
}

/**
 * The moves a host is offered next: arrived, seat or no-show before the party sits (seat after a no-show too, for a
 * party that turns up after all), then the table one step forward or straight to FINALISED; nothing on a rejected or
 * cancelled booking.
 */
export function nextHostMoves(booking: {
  bookingStatus: string;
  tableStatus?: string | null | undefined;
  arrivalStatus?: string | null | undefined;
}): HostMove[] {
  if (booking.bookingStatus !== 'CREATED' && booking.bookingStatus !== 'ACCEPTED') return [];
  if (!booking.tableStatus) {
    if (booking.arrivalStatus === 'NO_SHOW') return ['SEATED'];
    const arrived = booking.arrivalStatus === 'ON_TIME' || booking.arrivalStatus === 'EARLY';
    return arrived ? ['SEATED', 'NO_SHOW'] : ['ARRIVED', 'SEATED', 'NO_SHOW'];
  }
  const next = TABLE_STATUSES.slice(TABLE_STATUSES.indexOf(booking.tableStatus as (typeof TABLE_STATUSES)[number]) + 1);
  return next.length > 1 ? [next[0]!, 'FINALISED'] : next;
}
