import { describe, expect, it } from 'vitest';
import { earlyMoveWarning, historyHeadline, readableHistory } from '@/components/bookings/booking-history';
import type { BookingHistoryEntry } from '@/lib/bookings/day-view';
import { placeInLanes } from '@/components/bookings/booking-timeline';
import type { DashboardBooking } from '@/lib/bookings/day-view';

const booking = (id: string, startTime: string, endTime: string | null, bookingStatus: DashboardBooking['bookingStatus'] = 'ACCEPTED'): DashboardBooking => ({
  id,
  startTime,
  endTime,
  numberOfPeople: 2,
  customerName: id,
  bookingStatus,
  tableStatus: null,
  arrivalStatus: null,
  assetType: 'TABLE',
  tableNumbers: ['5'],
  rooms: [],
  source: 'APP',
  originName: null,
  bookingReference: null,
});

describe('booking lanes', () => {
  it('puts overlapping bookings of a table in separate lanes and flags the conflict', () => {
    const early = booking('early', '2026-11-23T08:00:00Z', '2026-11-23T09:30:00Z');
    const late = booking('late', '2026-11-23T09:00:00Z', '2026-11-23T10:30:00Z');
    const after = booking('after', '2026-11-23T10:30:00Z', '2026-11-23T11:00:00Z');
    const { placed, lanes, conflict } = placeInLanes([
      { booking: late, start: 9 * 60 },
      { booking: early, start: 8 * 60 },
      { booking: after, start: 10 * 60 + 30 },
    ]);
    expect(lanes).toBe(2);
    expect(conflict).toBe(true);
    expect(Object.fromEntries(placed.map((entry) => [entry.booking.id, entry.lane]))).toEqual({ early: 0, late: 1, after: 0 });
  });

  it('does not call a cancelled booking a conflict, though it keeps a lane of its own', () => {
    const live = booking('live', '2026-11-23T08:00:00Z', null);
    const cancelled = booking('cancelled', '2026-11-23T08:30:00Z', null, 'CANCELLED_BY_CUSTOMER');
    const { lanes, conflict } = placeInLanes([
      { booking: live, start: 480 },
      { booking: cancelled, start: 510 },
    ]);
    expect(lanes).toBe(2);
    expect(conflict).toBe(false);
  });
});

describe('booking history in words', () => {
  it('replays the changes so an update reads as before → after', () => {
    const history = readableHistory(
      [
        {
          id: 'b',
          type: 'BOOKING_UPDATED',
          sourceOfChange: 'MERCHANT',
          who: 'Demo Bistro Manager',
          eventData: { bookingStatus: 'ACCEPTED' },
          createdAt: '2026-11-23T08:01:00Z',
        },
        {
          id: 'a',
          type: 'BOOKING_CREATED',
          sourceOfChange: 'APP',
          who: 'Demo Booking App',
          eventData: { bookingStatus: 'CREATED', numberOfPeople: 4, customer: { name: 'Ada', phoneNumber: '0400 000 000' }, origin: { bookingReference: 'x' } },
          createdAt: '2026-11-23T08:00:00Z',
        },
      ],
      'Australia/Sydney',
    );
    expect(history.get('a')).toEqual([
      { field: 'Booking status', to: 'Created' },
      { field: 'Party size', to: '4' },
      { field: 'Name', to: 'Ada' },
      { field: 'Phone', to: '0400 000 000' },
    ]);
    expect(history.get('b')).toEqual([{ field: 'Booking status', from: 'Created', to: 'Accepted' }]);
  });
});

describe("booking history in the location's time and words", () => {
  const entry = (type: string, createdAt: string, eventData: unknown = {}): BookingHistoryEntry => ({
    id: createdAt,
    type,
    sourceOfChange: 'POS',
    who: 'Demo POS',
    eventData,
    createdAt,
  });

  it('shows times at the location, never the stored UTC (a start on the 28th in Sydney is the 27th in UTC)', () => {
    const history = readableHistory(
      [entry('BOOKING_CREATED', '2026-11-27T10:00:00Z'), entry('BOOKING_UPDATED', '2026-11-27T10:05:00Z', { startTime: '2026-11-27T19:24:41.923Z' })],
      'Australia/Sydney',
    );
    expect(history.get('2026-11-27T10:05:00Z')).toEqual([{ field: 'Start', to: 'Sat 28 Nov, 6:24 am' }]);
  });

  it('says what happened and when, at the location: "Seated at 19:42"', () => {
    const zone = 'Australia/Sydney';
    expect(historyHeadline(entry('BOOKING_SEATED', '2026-11-28T08:42:00Z'), zone)).toBe('Seated at 19:42');
    expect(historyHeadline(entry('BOOKING_DINING', '2026-11-28T08:50:00Z'), zone)).toBe('Dining from 19:50');
    expect(historyHeadline(entry('BOOKING_FINALISED', '2026-11-28T10:30:00Z'), zone)).toBe('Finalised at 21:30');
    expect(historyHeadline(entry('BOOKING_CREATED', '2026-11-27T23:05:00Z'), zone)).toBe('Booked at 10:05');
    expect(historyHeadline(entry('BOOKING_CREATED', '2026-11-28T08:00:00Z', { asset: { tableStatus: 'SEATED' } }), zone)).toBe('Walked in at 19:00');
    expect(historyHeadline(entry('BOOKING_UPDATED', '2026-11-28T08:31:00Z', { asset: { arrivalStatus: 'ON_TIME' } }), zone)).toBe('Arrived at 19:31');
    expect(historyHeadline(entry('BOOKING_UPDATED', '2026-11-28T09:00:00Z', { asset: { arrivalStatus: 'NO_SHOW' } }), zone)).toBe('No-show at 20:00');
    expect(historyHeadline(entry('BOOKING_UPDATED', '2026-11-28T01:00:00Z', { bookingStatus: 'ACCEPTED' }), zone)).toBe('Accepted at 12:00');
  });

  it('warns of a seating or finalising well before the booked time, not of one near it', () => {
    const start = '2026-11-27T19:24:00Z'; // 06:24 on the 28th in Sydney
    expect(earlyMoveWarning(entry('BOOKING_SEATED', '2026-11-27T14:54:00Z'), start)).toBe('4 h 30 min before the booked time');
    expect(earlyMoveWarning(entry('BOOKING_FINALISED', '2026-11-27T14:55:00Z'), start)).toBe('4 h 29 min before the booked time');
    expect(earlyMoveWarning(entry('BOOKING_SEATED', '2026-11-27T19:10:00Z'), start)).toBeUndefined();
    expect(earlyMoveWarning(entry('BOOKING_UPDATED', '2026-11-27T14:54:00Z'), start)).toBeUndefined();
  });
});
