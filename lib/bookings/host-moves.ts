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
