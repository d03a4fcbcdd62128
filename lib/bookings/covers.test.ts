import { describe, expect, it } from 'vitest';
import { coversOfDay } from './covers';

const booking = (
  startTime: string,
  numberOfPeople: number,
  change: Partial<{ bookingStatus: 'ACCEPTED' | 'CANCELLED_BY_CUSTOMER' | 'REJECTED'; arrivalStatus: string }> = {},
) => ({
  startTime,
  numberOfPeople,
  bookingStatus: change.bookingStatus ?? ('ACCEPTED' as const),
  arrivalStatus: change.arrivalStatus ?? null,
});

describe('the covers of a day', () => {
  it('counts per hour and per service at the location, and the totals are the expected parties', () => {
    const day = coversOfDay(
      [
        booking('2026-11-28T01:00:00Z', 2), // 12:00 in Sydney (AEDT, +11)
        booking('2026-11-28T01:30:00Z', 4), // 12:30
        booking('2026-11-28T08:15:00Z', 6), // 19:15
        booking('2026-11-28T08:45:00Z', 3, { arrivalStatus: 'ON_TIME' }), // 19:45
        booking('2026-11-28T09:00:00Z', 8, { bookingStatus: 'CANCELLED_BY_CUSTOMER' }),
        booking('2026-11-28T09:00:00Z', 5, { arrivalStatus: 'NO_SHOW' }),
        booking('2026-11-28T14:00:00Z', 7), // 01:00 on the 29th: another day
      ],
      'Australia/Sydney',
      '2026-11-28',
    );
    expect(day).toMatchObject({ bookings: 4, covers: 15 });
    expect(day.byHour).toEqual([
      { hour: 12, bookings: 2, covers: 6 },
      { hour: 19, bookings: 2, covers: 9 },
    ]);
    expect(day.byService.map(({ name, bookings, covers }) => [name, bookings, covers])).toEqual([
      ['Lunch', 2, 6],
      ['Dinner', 2, 9],
    ]);
  });

  it('reads the hour in the location’s zone, not the server’s', () => {
    const day = coversOfDay([booking('2026-11-28T00:30:00Z', 2)], 'America/New_York', '2026-11-27');
    expect(day.byHour).toEqual([{ hour: 19, bookings: 1, covers: 2 }]);
  });
});
