import { describe, expect, it } from 'vitest';
import { addDays, dayIn, formatDate, formatDateTimeZoned, formatDay, formatRelative, formatTime, formatTime24, validTimeZone, zoneName } from './format';

// 2026-11-23T08:06:09Z is 7:06:09 pm on Monday 23 November in Sydney (AEDT, UTC+11) and 3:06 am in New York.
const instant = '2026-11-23T08:06:09.000Z';

describe('the dashboard clock', () => {
  it('shows a location time in the location zone, whatever the process zone', () => {
    expect(formatTime(instant, 'Australia/Sydney')).toBe('7:06 pm');
    expect(formatTime(instant, 'Australia/Sydney', { seconds: true })).toBe('7:06:09 pm');
    expect(formatTime(instant, 'America/New_York')).toBe('3:06 am');
    expect(formatTime('2026-11-23T13:30:00Z', 'Australia/Sydney')).toBe('12:30 am');
    expect(formatTime24(instant, 'Australia/Sydney')).toBe('19:06');
  });

  it('writes days in words, and names the zone', () => {
    expect(formatDate(instant, 'Australia/Sydney')).toBe('Mon 23 Nov');
    expect(formatDate('2026-11-23T13:30:00Z', 'Australia/Sydney')).toBe('Tue 24 Nov');
    expect(zoneName('Australia/Sydney', instant)).toBe('AEDT');
    expect(formatDateTimeZoned(instant, 'Australia/Sydney')).toBe('Mon 23 Nov, 7:06 pm AEDT');
    expect(formatDay('2026-11-24')).toBe('Tue 24 Nov');
  });

  it('finds the calendar day in a zone and moves days', () => {
    expect(dayIn('Australia/Sydney', '2026-11-23T13:30:00Z')).toBe('2026-11-24');
    expect(dayIn('UTC', '2026-11-23T13:30:00Z')).toBe('2026-11-23');
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('says how long ago in words', () => {
    const now = Date.parse(instant);
    expect(formatRelative(now - 10_000, now)).toBe('just now');
    expect(formatRelative(now - 3 * 60_000, now)).toBe('3 min ago');
    expect(formatRelative(now - 2 * 3600_000, now)).toBe('2 h ago');
    expect(formatRelative(now + 5 * 60_000, now)).toBe('in 5 min');
    expect(formatRelative(now - 86400_000, now)).toBe('1 day ago');
  });

  it('accepts only zones Intl knows', () => {
    expect(validTimeZone('Australia/Sydney')).toBe('Australia/Sydney');
    expect(validTimeZone('Mars/Olympus')).toBeUndefined();
    expect(validTimeZone(undefined)).toBeUndefined();
  });
});
