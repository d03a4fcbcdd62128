import { localDay, minutesOf, shiftDay, weekdayOf, zonedInstant, type Weekday } from './zoned-time';

/** A range of local wall time; `closes` at or before `opens` means after midnight (22:00–02:00), "24:00" is midnight. */
export interface TimeRange {
  opens: string;
  closes: string;
}

export interface WeeklyRange extends TimeRange {
  day: Weekday;
}

/** A date with other hours than its weekday's: closed all day, or these ranges. */
export interface SpecialDay {
  date: string;
  closed: boolean;
  hours?: TimeRange[];
  note?: string | null;
}

export type PausedBy = 'MERCHANT' | 'POS';

/** Everything the state of a location depends on; instants in milliseconds. */
export interface AvailabilitySettings {
  timezone: string;
  /** null: no opening hours set, the location is open at all times (as before hours existed). */
  hours: WeeklyRange[] | null;
  specialDays: SpecialDay[];
  pause: { until: number | null; reason: string | null; by: PausedBy } | null;
  busy: { minutes: number; until: number | null } | null;
  posOfflinePause: boolean;
  posOfflineAfterSeconds: number;
  /** Since when the location's POS has been RED (null while GREEN, or when no POS was ever online there). */
  posOfflineSince: number | null;
}

export type AvailabilityStateName = 'OPEN' | 'CLOSED' | 'PAUSED';
export type AvailabilityReason = 'OUTSIDE_HOURS' | 'SPECIAL_DAY' | 'PAUSED_BY_MERCHANT' | 'PAUSED_BY_POS' | 'POS_OFFLINE';

export interface AvailabilityState {
  state: AvailabilityStateName;
  reason: AvailabilityReason | null;
  /** The merchant's or POS's words for a pause, or a special day's note. */
  note: string | null;
  /** When this state ends by itself (closing time, the end of a pause); null when nothing ends it by itself. */
  until: number | null;
  busy: { minutes: number; until: number | null } | null;
  /** When orders for now are taken again; null while OPEN, and when nothing known reopens the location. */
  nextOpenAt: number | null;
  /** The next instant at which any part of this answer may change by itself (for the scheduler). */
  nextChangeAt: number | null;
}

interface Interval {
  start: number;
  end: number;
}

/** How far ahead `nextOpenAt` and the scheduler look: the special days shown span 14 days. */
export const HORIZON_DAYS = 15;
const DAY_MS = 86_400_000;
const ALL_DAY: TimeRange[] = [{ opens: '00:00', closes: '24:00' }];

function rangesOn(settings: AvailabilitySettings, day: string): TimeRange[] {
  const special = settings.specialDays.find((candidate) => candidate.date === day);
  if (special) return special.closed ? [] : (special.hours ?? []);
  if (settings.hours === null) return ALL_DAY;
  return settings.hours.filter((range) => range.day === weekdayOf(day));
}

/**
 * The open intervals (merged) of the local days from `fromDay` to `toDay`; a range past midnight belongs to the day
 * it opens on, so a special day never cuts off the previous evening's late range.
 */
export function openIntervals(settings: AvailabilitySettings, fromDay: string, toDay: string): Interval[] {
  const intervals: Interval[] = [];
  for (let day = fromDay; day <= toDay; day = shiftDay(day, 1)) {
    for (const range of rangesOn(settings, day)) {
      const opens = minutesOf(range.opens);
      let closes = minutesOf(range.closes);
      if (closes <= opens) closes += 1440;
      intervals.push({ start: zonedInstant(day, opens, settings.timezone), end: zonedInstant(day, closes, settings.timezone) });
    }
  }
  intervals.sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of intervals) {
    const last = merged.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

const laterThan =
  (now: number) =>
  (instant: number | null | undefined): instant is number =>
    typeof instant === 'number' && instant > now;

/**
 * The state of a location at `now` (docs/contract.md#availability). A pause wins over everything (the merchant or POS said
 * so), then the POS-offline rule, then the opening hours; busy mode stands beside any state.
 */
export function evaluateAvailability(settings: AvailabilitySettings, now: number): AvailabilityState {
  const today = localDay(settings.timezone, now);
  const horizonEnd = now + HORIZON_DAYS * DAY_MS;
  const intervals = openIntervals(settings, shiftDay(today, -2), localDay(settings.timezone, horizonEnd));
  const current = intervals.find((interval) => interval.start <= now && now < interval.end);
  const boundary = (instant: number) => (instant < horizonEnd ? instant : null);

  const pause = settings.pause && (settings.pause.until === null || settings.pause.until > now) ? settings.pause : null;
  const posOfflineAt = settings.posOfflinePause && settings.posOfflineSince !== null ? settings.posOfflineSince + settings.posOfflineAfterSeconds * 1000 : null;
  const posOffline = posOfflineAt !== null && posOfflineAt <= now;
  const busy = settings.busy && (settings.busy.until === null || settings.busy.until > now) ? settings.busy : null;

  /** The first instant at or after `from` within the hours. */
  const openFrom = (from: number): number | null => {
    const interval = intervals.find((candidate) => candidate.end > from);
    return interval ? boundary(Math.max(interval.start, from)) : null;
  };

  let state: AvailabilityStateName;
  let reason: AvailabilityReason | null = null;
  let note: string | null = null;
  let until: number | null = null;
  let nextOpenAt: number | null = null;
  if (pause) {
    state = 'PAUSED';
    reason = pause.by === 'POS' ? 'PAUSED_BY_POS' : 'PAUSED_BY_MERCHANT';
    note = pause.reason;
    until = pause.until;
    nextOpenAt = pause.until === null || posOffline ? null : openFrom(pause.until);
  } else if (posOffline) {
    state = 'PAUSED';
    reason = 'POS_OFFLINE';
  } else if (!current) {
    const special = settings.specialDays.find((candidate) => candidate.date === today);
    state = 'CLOSED';
    reason = special ? 'SPECIAL_DAY' : 'OUTSIDE_HOURS';
    note = special?.note ?? null;
    nextOpenAt = openFrom(now);
    until = nextOpenAt;
  } else {
    state = 'OPEN';
    until = boundary(current.end);
  }

  const nextBoundary = intervals.flatMap((interval) => [interval.start, interval.end]).find(laterThan(now));
  const changes = [pause?.until, busy?.until, posOfflineAt, nextBoundary !== undefined ? boundary(nextBoundary) : null].filter(laterThan(now));
  return { state, reason, note, until, busy, nextOpenAt, nextChangeAt: changes.length ? Math.min(...changes) : null };
}

/** Whether an order due at `dueAt` falls within the hours (ignoring the state now), for orders placed for later. */
export function withinHours(settings: AvailabilitySettings, dueAt: number): boolean {
  const day = localDay(settings.timezone, dueAt);
  return openIntervals(settings, shiftDay(day, -1), day).some((interval) => interval.start <= dueAt && dueAt < interval.end);
}
