/**
 * Wall-clock time in a location's zone, for opening hours. Hours are kept as local times ("11:30"), so a daylight-saving
 * change never shifts them: each day's range is turned into instants with that day's own offset. Only `Intl` is used,
 * so Node and every browser agree, with the zone rules of the ICU they ship.
 */

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function offsetFormatter(timeZone: string): Intl.DateTimeFormat {
  let found = offsetFormatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormatters.set(timeZone, found);
  }
  return found;
}

/** The zone's offset from UTC at instant `at`, in milliseconds (local = UTC + offset). */
export function zoneOffsetMs(timeZone: string, at: number): number {
  const p: Record<string, number> = {};
  for (const part of offsetFormatter(timeZone).formatToParts(new Date(at))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const local = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
  return local - Math.floor(at / 1000) * 1000;
}

const DAY_MS = 86_400_000;

/** Milliseconds of a local day's midnight as if it were UTC ("wall time" arithmetic). */
const wallMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The instant at which the wall clock in `timeZone` shows `minutes` past midnight of `day` (minutes may pass 1440: the
 * next day). A wall time that does not exist (the hour skipped when clocks go forward) is read with the offset before
 * the change, landing as far after the change as it was meant to be after midnight (02:30 becomes 03:30); a wall time
 * that happens twice (clocks go back) is its first occurrence.
 */
export function zonedInstant(day: string, minutes: number, timeZone: string): number {
  const wall = wallMidnight(day) + minutes * 60_000;
  // The offsets on either side of any change near this wall time (zones change at most once within a day).
  const before = zoneOffsetMs(timeZone, wall - DAY_MS / 2);
  const after = zoneOffsetMs(timeZone, wall + DAY_MS / 2);
  const candidates = [wall - before, wall - after].filter((instant, index) => zoneOffsetMs(timeZone, instant) === [before, after][index]);
  return candidates.length ? Math.min(...candidates) : wall - before;
}

/** The local calendar day (YYYY-MM-DD) of an instant in `timeZone`. */
export function localDay(timeZone: string, at: number): string {
  return new Date(at + zoneOffsetMs(timeZone, at)).toISOString().slice(0, 10);
}

/** A YYYY-MM-DD day moved by `days`. */
export function shiftDay(day: string, days: number): string {
  return new Date(wallMidnight(day) + days * DAY_MS).toISOString().slice(0, 10);
}

export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The weekday of a calendar day (no zone involved). */
export function weekdayOf(day: string): Weekday {
  return WEEKDAYS[(new Date(wallMidnight(day)).getUTCDay() + 6) % 7]!;
}

/** "11:30" → 690; "24:00" → 1440. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}
