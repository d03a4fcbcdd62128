import { describe, expect, it } from 'vitest';
import { evaluateAvailability, withinHours, type AvailabilitySettings, type WeeklyRange } from './evaluate';
import { localDay, zonedInstant } from './zoned-time';
import { WEEKDAYS } from './zoned-time';

const at = (iso: string) => Date.parse(iso);
const iso = (instant: number | null) => (instant === null ? null : new Date(instant).toISOString());
const everyDay = (opens: string, closes: string): WeeklyRange[] => WEEKDAYS.map((day) => ({ day, opens, closes }));

function settings(overrides: Partial<AvailabilitySettings> = {}): AvailabilitySettings {
  return {
    timezone: 'Australia/Sydney',
    hours: [...everyDay('11:30', '14:30'), ...everyDay('17:30', '22:00')],
    specialDays: [],
    pause: null,
    busy: null,
    posOfflinePause: true,
    posOfflineAfterSeconds: 120,
    posOfflineSince: null,
    ...overrides,
  };
}

function stateAt(input: AvailabilitySettings, now: string) {
  const result = evaluateAvailability(input, at(now));
  return { state: result.state, reason: result.reason, until: iso(result.until), nextOpenAt: iso(result.nextOpenAt), nextChangeAt: iso(result.nextChangeAt) };
}

describe('local wall time to instants', () => {
  // Sydney: AEDT ends Sun 5 Apr 2026 03:00 → 02:00; AEDT starts Sun 4 Oct 2026 02:00 → 03:00.
  // New York: EDT starts Sun 8 Mar 2026 02:00 → 03:00; EDT ends Sun 1 Nov 2026 02:00 → 01:00.
  it.each([
    ['Australia/Sydney', '2026-10-03', '09:00', '2026-10-02T23:00:00.000Z'],
    ['Australia/Sydney', '2026-10-04', '09:00', '2026-10-03T22:00:00.000Z'],
    ['Australia/Sydney', '2026-10-04', '02:30', '2026-10-03T16:30:00.000Z'], // skipped hour: read as 03:30 AEDT
    ['Australia/Sydney', '2026-04-04', '09:00', '2026-04-03T22:00:00.000Z'],
    ['Australia/Sydney', '2026-04-05', '09:00', '2026-04-04T23:00:00.000Z'],
    ['Australia/Sydney', '2026-04-05', '02:30', '2026-04-04T15:30:00.000Z'], // happens twice: the first (AEDT)
    ['America/New_York', '2026-03-07', '09:00', '2026-03-07T14:00:00.000Z'],
    ['America/New_York', '2026-03-08', '09:00', '2026-03-08T13:00:00.000Z'],
    ['America/New_York', '2026-03-08', '02:30', '2026-03-08T07:30:00.000Z'], // skipped hour: read as 03:30 EDT
    ['America/New_York', '2026-10-31', '09:00', '2026-10-31T13:00:00.000Z'],
    ['America/New_York', '2026-11-01', '09:00', '2026-11-01T14:00:00.000Z'],
    ['America/New_York', '2026-11-01', '01:30', '2026-11-01T05:30:00.000Z'], // happens twice: the first (EDT)
  ])('%s %s %s is %s', (zone, day, time, expected) => {
    const [hours, minutes] = time.split(':').map(Number);
    expect(new Date(zonedInstant(day, hours! * 60 + minutes!, zone)).toISOString()).toBe(expected);
  });

  it('finds the local day', () => {
    expect(localDay('Australia/Sydney', at('2026-11-23T13:30:00Z'))).toBe('2026-11-24');
    expect(localDay('America/New_York', at('2026-11-23T03:30:00Z'))).toBe('2026-11-22');
  });
});

describe('opening hours', () => {
  // Mon 23 Nov 2026 in Sydney is AEDT (UTC+11).
  it.each([
    ['before the lunch range', '2026-11-22T23:00:00Z', 'CLOSED', 'OUTSIDE_HOURS', '2026-11-23T00:30:00.000Z', '2026-11-23T00:30:00.000Z'],
    ['at the lunch opening', '2026-11-23T00:30:00Z', 'OPEN', null, '2026-11-23T03:30:00.000Z', null],
    ['in the split between ranges', '2026-11-23T04:00:00Z', 'CLOSED', 'OUTSIDE_HOURS', '2026-11-23T06:30:00.000Z', '2026-11-23T06:30:00.000Z'],
    ['in the dinner range', '2026-11-23T08:06:09Z', 'OPEN', null, '2026-11-23T11:00:00.000Z', null],
    ['at the dinner closing', '2026-11-23T11:00:00Z', 'CLOSED', 'OUTSIDE_HOURS', '2026-11-24T00:30:00.000Z', '2026-11-24T00:30:00.000Z'],
  ])('%s', (_, now, state, reason, until, nextOpenAt) => {
    expect(stateAt(settings(), now)).toMatchObject({ state, reason, until, nextOpenAt });
  });

  it('keeps a range past midnight open into the next day', () => {
    const late = settings({ hours: [{ day: 'FRIDAY', opens: '22:00', closes: '02:00' }] });
    // Sat 28 Nov 2026 01:00 AEDT = Fri 14:00Z: still Friday's range.
    expect(stateAt(late, '2026-11-27T14:00:00Z')).toMatchObject({ state: 'OPEN', until: '2026-11-27T15:00:00.000Z' });
    expect(stateAt(late, '2026-11-27T15:30:00Z')).toMatchObject({ state: 'CLOSED', nextOpenAt: '2026-12-04T11:00:00.000Z' });
    // A range that closes at midnight ("24:00") meets the next day's range from midnight: one interval.
    const around = settings({
      hours: [
        { day: 'FRIDAY', opens: '20:00', closes: '24:00' },
        { day: 'SATURDAY', opens: '00:00', closes: '03:00' },
      ],
    });
    expect(stateAt(around, '2026-11-27T12:59:00Z')).toMatchObject({ state: 'OPEN', until: '2026-11-27T16:00:00.000Z' });
  });

  it('is open at all times without hours, and never changes by itself', () => {
    expect(stateAt(settings({ hours: null }), '2026-11-23T04:00:00Z')).toEqual({
      state: 'OPEN',
      reason: null,
      until: null,
      nextOpenAt: null,
      nextChangeAt: null,
    });
  });

  it('has empty weekly hours closed unless a special day opens', () => {
    const special = settings({ hours: [], specialDays: [{ date: '2026-11-28', closed: false, hours: [{ opens: '10:00', closes: '16:00' }] }] });
    expect(stateAt(special, '2026-11-23T04:00:00Z')).toMatchObject({ state: 'CLOSED', nextOpenAt: '2026-11-27T23:00:00.000Z' });
    expect(stateAt(special, '2026-11-28T01:00:00Z')).toMatchObject({ state: 'OPEN', until: '2026-11-28T05:00:00.000Z' });
  });
});

describe('special days', () => {
  const christmas = { date: '2026-12-25', closed: true, note: 'Christmas' };
  it('closes a whole day, saying so, and reopens on the next normal day', () => {
    const result = evaluateAvailability(settings({ specialDays: [christmas] }), at('2026-12-25T01:00:00Z'));
    expect(result).toMatchObject({ state: 'CLOSED', reason: 'SPECIAL_DAY', note: 'Christmas' });
    expect(iso(result.nextOpenAt)).toBe('2026-12-26T00:30:00.000Z');
  });

  it('replaces the weekday hours with other ones', () => {
    const short = settings({ specialDays: [{ date: '2026-12-24', closed: false, hours: [{ opens: '10:00', closes: '15:00' }], note: 'Christmas Eve' }] });
    expect(stateAt(short, '2026-12-24T03:45:00Z')).toMatchObject({ state: 'OPEN', until: '2026-12-24T04:00:00.000Z' }); // 14:45 local
    expect(stateAt(short, '2026-12-24T08:00:00Z')).toMatchObject({ state: 'CLOSED', reason: 'SPECIAL_DAY', nextOpenAt: '2026-12-25T00:30:00.000Z' });
  });
});

describe('daylight-saving changes keep the hours', () => {
  const nineToFive = (timezone: string) => settings({ timezone, hours: everyDay('09:00', '17:00') });
  it.each([
    // Sydney, clocks forward on Sun 4 Oct 2026: 09:00 is 22:00Z (AEDT) that day, 23:00Z (AEST) the day before.
    ['Australia/Sydney', '2026-10-03T21:30:00Z', 'CLOSED', '2026-10-03T22:00:00.000Z'],
    ['Australia/Sydney', '2026-10-03T22:30:00Z', 'OPEN', '2026-10-04T06:00:00.000Z'],
    // Sydney, clocks back on Sun 5 Apr 2026: 09:00 AEST is 23:00Z.
    ['Australia/Sydney', '2026-04-04T22:30:00Z', 'CLOSED', '2026-04-04T23:00:00.000Z'],
    ['Australia/Sydney', '2026-04-04T23:00:00Z', 'OPEN', '2026-04-05T07:00:00.000Z'],
    // New York, clocks forward on Sun 8 Mar 2026: 09:00 EDT is 13:00Z.
    ['America/New_York', '2026-03-08T12:30:00Z', 'CLOSED', '2026-03-08T13:00:00.000Z'],
    ['America/New_York', '2026-03-08T13:00:00Z', 'OPEN', '2026-03-08T21:00:00.000Z'],
    // New York, clocks back on Sun 1 Nov 2026: 09:00 EST is 14:00Z.
    ['America/New_York', '2026-11-01T13:30:00Z', 'CLOSED', '2026-11-01T14:00:00.000Z'],
    ['America/New_York', '2026-11-01T14:00:00Z', 'OPEN', '2026-11-01T22:00:00.000Z'],
  ])('%s at %s is %s until %s', (zone, now, state, until) => {
    expect(stateAt(nineToFive(zone), now)).toMatchObject({ state, until });
  });

  it('counts a night range across the change in real hours (one hour shorter or longer)', () => {
    const sydney = settings({ hours: [{ day: 'SATURDAY', opens: '22:00', closes: '04:00' }] });
    // Sat 3 Oct 22:00 AEST (12:00Z) to Sun 4 Oct 04:00 AEDT (17:00Z): five real hours.
    expect(stateAt(sydney, '2026-10-03T16:59:00Z')).toMatchObject({ state: 'OPEN', until: '2026-10-03T17:00:00.000Z' });
    const newYork = settings({ timezone: 'America/New_York', hours: [{ day: 'SATURDAY', opens: '22:00', closes: '04:00' }] });
    // Sat 31 Oct 22:00 EDT (02:00Z) to Sun 1 Nov 04:00 EST (09:00Z): seven real hours.
    expect(stateAt(newYork, '2026-11-01T08:59:00Z')).toMatchObject({ state: 'OPEN', until: '2026-11-01T09:00:00.000Z' });
  });
});

describe('pause, busy mode and the POS-offline rule', () => {
  const now = '2026-11-23T08:00:00Z'; // 7 pm, within the dinner range

  it('pauses until a time, reopening then', () => {
    const paused = settings({ pause: { until: at('2026-11-23T08:15:00Z'), reason: 'Kitchen fire drill', by: 'MERCHANT' } });
    const result = evaluateAvailability(paused, at(now));
    expect(result).toMatchObject({ state: 'PAUSED', reason: 'PAUSED_BY_MERCHANT', note: 'Kitchen fire drill' });
    expect(iso(result.until)).toBe('2026-11-23T08:15:00.000Z');
    expect(iso(result.nextOpenAt)).toBe('2026-11-23T08:15:00.000Z');
    expect(iso(result.nextChangeAt)).toBe('2026-11-23T08:15:00.000Z');
    expect(stateAt(paused, '2026-11-23T08:15:00Z')).toMatchObject({ state: 'OPEN' });
  });

  it('reopens a pause that ends after closing at the next opening, and not at all when paused until resumed', () => {
    const late = settings({ pause: { until: at('2026-11-23T12:00:00Z'), reason: null, by: 'POS' } });
    expect(stateAt(late, now)).toMatchObject({ state: 'PAUSED', reason: 'PAUSED_BY_POS', nextOpenAt: '2026-11-24T00:30:00.000Z' });
    const open = settings({ pause: { until: null, reason: null, by: 'MERCHANT' } });
    expect(stateAt(open, now)).toMatchObject({ state: 'PAUSED', until: null, nextOpenAt: null, nextChangeAt: '2026-11-23T11:00:00.000Z' });
  });

  it('pauses after the POS has been offline for the set time, and not before', () => {
    const offline = (minutesAgo: number, posOfflinePause = true) =>
      settings({ posOfflinePause, posOfflineSince: at(now) - minutesAgo * 60_000, posOfflineAfterSeconds: 120 });
    expect(stateAt(offline(1), now)).toMatchObject({ state: 'OPEN', nextChangeAt: '2026-11-23T08:01:00.000Z' });
    expect(stateAt(offline(2), now)).toMatchObject({ state: 'PAUSED', reason: 'POS_OFFLINE', until: null, nextOpenAt: null });
    expect(stateAt(offline(30, false), now)).toMatchObject({ state: 'OPEN' });
  });

  it('reports busy mode beside the state until it ends', () => {
    const busy = settings({ busy: { minutes: 20, until: at('2026-11-23T08:30:00Z') } });
    expect(evaluateAvailability(busy, at(now))).toMatchObject({ state: 'OPEN', busy: { minutes: 20 } });
    expect(iso(evaluateAvailability(busy, at(now)).nextChangeAt)).toBe('2026-11-23T08:30:00.000Z');
    expect(evaluateAvailability(busy, at('2026-11-23T08:30:00Z')).busy).toBeNull();
  });
});

describe('orders for later', () => {
  it('takes a due time within the hours, in the location zone', () => {
    expect(withinHours(settings(), at('2026-11-23T07:00:00Z'))).toBe(true); // 6 pm
    expect(withinHours(settings(), at('2026-11-23T04:00:00Z'))).toBe(false); // 3 pm, between ranges
    expect(withinHours(settings({ hours: [{ day: 'FRIDAY', opens: '22:00', closes: '02:00' }] }), at('2026-11-27T14:00:00Z'))).toBe(true); // Sat 1 am
  });
});
