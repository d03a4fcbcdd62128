import { describe, expect, it } from 'vitest';
import { readableHistory } from '@/components/bookings/booking-history';
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
    const history = readableHistory([
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
    ]);
    expect(history.get('a')).toEqual([
      { field: 'Booking status', to: 'Created' },
      { field: 'Party size', to: '4' },
      { field: 'Name', to: 'Ada' },
      { field: 'Phone', to: '0400 000 000' },
    ]);
    expect(history.get('b')).toEqual([{ field: 'Booking status', from: 'Created', to: 'Accepted' }]);
  });
});
