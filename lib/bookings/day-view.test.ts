import { describe, expect, it } from 'vitest';
import { bookingDayQuerySchema } from './day-view';

describe('the bookings day view address', () => {
  it('leaves out ids that are no ids (a NUL the database refuses, spaces, over 100 characters) instead of failing', () => {
    for (const bad of ['\u0000', 'a\u0000b', 'with space', 'x'.repeat(101), '']) {
      expect(bookingDayQuerySchema.parse({ booking: bad, location: bad }), JSON.stringify(bad)).toEqual({});
    }
  });

  it('keeps ids, days and ranges that parse', () => {
    expect(bookingDayQuerySchema.parse({ booking: 'bk_01abc', location: 'demo-bistro-cbd', date: '2026-01-02', to: '2026-01-09' })).toEqual({
      booking: 'bk_01abc',
      location: 'demo-bistro-cbd',
      date: '2026-01-02',
      to: '2026-01-09',
    });
  });
});
