import { describe, expect, it } from 'vitest';
import { hoursFormSchema, parseRanges, pauseUntil } from './dashboard-forms';

describe('the dashboard availability forms', () => {
  it('reads split ranges and refuses times that do not exist', () => {
    expect(parseRanges('11:30–14:30, 17:30-22:00')).toEqual([
      { opens: '11:30', closes: '14:30' },
      { opens: '17:30', closes: '22:00' },
    ]);
    expect(parseRanges('')).toEqual([]);
    expect(parseRanges('22:00–02:00')).toEqual([{ opens: '22:00', closes: '02:00' }]);
    expect(parseRanges('9:00-24:00')).toEqual([{ opens: '09:00', closes: '24:00' }]);
    expect(parseRanges('25:00–14:30')).toBeUndefined();
    expect(parseRanges('11:30–14:61')).toBeUndefined();
    expect(parseRanges('24:00–02:00')).toBeUndefined();
    expect(parseRanges('lunch')).toBeUndefined();
  });

  it('turns the weekly form into hours, or none when unticked', () => {
    const form = { locationId: 'loc', MONDAY: '11:30–14:30, 17:30–22:00' };
    expect(hoursFormSchema.parse({ ...form, useHours: 'on' }).hours).toEqual([
      { day: 'MONDAY', opens: '11:30', closes: '14:30' },
      { day: 'MONDAY', opens: '17:30', closes: '22:00' },
    ]);
    expect(hoursFormSchema.parse(form).hours).toBeNull();
    expect(hoursFormSchema.safeParse({ ...form, useHours: 'on', MONDAY: '11:30–15:00, 14:00–22:00' }).success).toBe(false);
  });

  it('ends a pause after its minutes, at the location’s next midnight, or never', () => {
    const now = Date.parse('2026-11-23T08:00:00Z'); // 7 pm in Sydney
    expect(pauseUntil('15', now, 'Australia/Sydney')).toBe('2026-11-23T08:15:00.000Z');
    expect(pauseUntil('REST_OF_DAY', now, 'Australia/Sydney')).toBe('2026-11-23T13:00:00.000Z');
    expect(pauseUntil('UNTIL_RESUMED', now, 'Australia/Sydney')).toBeNull();
  });
});
