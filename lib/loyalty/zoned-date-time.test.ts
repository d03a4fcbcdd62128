import { describe, expect, it } from 'vitest';
import { zonedDateTime } from './zoned-date-time';

describe('zonedDateTime', () => {
  it('writes Sydney summer time with its +11:00 offset', () => {
    expect(zonedDateTime(new Date('2021-10-11T00:00:01.250Z'), 'Australia/Sydney')).toBe('2021-10-11T11:00:01.250+11:00');
  });

  it('writes Sydney winter time with its +10:00 offset', () => {
    expect(zonedDateTime(new Date('2021-05-01T22:28:13Z'), 'Australia/Sydney')).toBe('2021-05-02T08:28:13.000+10:00');
  });

  it('writes UTC as +00:00', () => {
    expect(zonedDateTime(new Date('2026-01-01T23:59:59.999Z'), 'UTC')).toBe('2026-01-01T23:59:59.999+00:00');
  });

  it('handles negative offsets with minutes', () => {
    expect(zonedDateTime(new Date('2026-01-01T12:00:00Z'), 'America/St_Johns')).toBe('2026-01-01T08:30:00.000-03:30');
  });
});
