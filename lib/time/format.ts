/**
 * The dashboard's one clock (docs/contract.md#dashboard-names): every time the dashboard shows goes through here. Anything that belongs
 * to a location is shown in that location's time zone (`locations.timezone`); views that span tenants (admin) use
 * the viewer's zone; both name the zone where it could be misread.
 *
 * Strings are assembled from `formatToParts` rather than taken whole from `Intl`, so the server (Node's ICU) and the
 * browser (Chromium's ICU) render byte-identical text — no hydration mismatch in any browser time zone — and the
 * look does not change with a CLDR update (spaces, "pm" vs "PM").
 */

const LOCALE = 'en-AU';
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(LOCALE, { timeZone, ...options });
    formatters.set(key, found);
  }
  return found;
}

type Instant = string | number | Date;
const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value));

function parts(value: Instant, timeZone: string, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of formatter(timeZone, options).formatToParts(toDate(value))) out[part.type] = part.value;
  return out;
}

/** "7:06 pm" (or "7:06:09 pm") in `timeZone`. */
export function formatTime(value: Instant, timeZone: string, { seconds = false } = {}): string {
  const p = parts(value, timeZone, { hour: 'numeric', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}), hourCycle: 'h12' });
  const hour = p.hour === '0' || p.hour === '00' ? '12' : String(Number(p.hour));
  return `${hour}:${p.minute}${seconds ? `:${p.second}` : ''} ${(p.dayPeriod ?? '').toLowerCase()}`.trim();
}

/** "19:06" (24-hour, for timelines and slots) in `timeZone`. */
export function formatTime24(value: Instant, timeZone: string): string {
  const p = parts(value, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${p.hour}:${p.minute}`;
}

/** "Tue 24 Nov" (with the year when it is not `thisYear`'s) in `timeZone`. */
export function formatDate(value: Instant, timeZone: string, { year = false } = {}): string {
  const p = parts(value, timeZone, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  return `${p.weekday} ${p.day} ${p.month}${year ? ` ${p.year}` : ''}`;
}

/** "Tue 24 Nov, 7:06 pm". */
export function formatDateTime(value: Instant, timeZone: string, options: { seconds?: boolean; year?: boolean } = {}): string {
  return `${formatDate(value, timeZone, options)}, ${formatTime(value, timeZone, options)}`;
}

/** The zone's short name at that instant ("AEDT", "GMT-5"), to label times that could be misread. */
export function zoneName(timeZone: string, at: Instant = Date.now()): string {
  return parts(at, timeZone, { timeZoneName: 'short' }).timeZoneName ?? timeZone;
}

/** "Tue 24 Nov, 7:06 pm AEDT". */
export function formatDateTimeZoned(value: Instant, timeZone: string, options: { seconds?: boolean; year?: boolean } = {}): string {
  return `${formatDateTime(value, timeZone, options)} ${zoneName(timeZone, value)}`;
}

/** The calendar day (YYYY-MM-DD) of an instant in `timeZone`. */
export function dayIn(timeZone: string, value: Instant = Date.now()): string {
  const p = parts(value, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return `${p.year}-${p.month}-${p.day}`;
}

/** A YYYY-MM-DD day moved by `days` (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** "Tue 24 Nov" for a YYYY-MM-DD day (a calendar day has no zone). */
export function formatDay(day: string, { year = false } = {}): string {
  return formatDate(`${day}T12:00:00Z`, 'UTC', { year });
}

/**
 * "just now", "3 min ago", "2 h ago", "in 5 min", "4 days ago" — from `now` (the server's clock for text rendered on
 * the server). Written out here rather than with Intl.RelativeTimeFormat, whose wording differs between ICU versions.
 */
export function formatRelative(value: Instant, now: number): string {
  const seconds = Math.round((toDate(value).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return 'just now';
  const [amount, unit] =
    abs < 45 * 60
      ? [Math.round(abs / 60), 'min']
      : abs < 22 * 3600
        ? [Math.round(abs / 3600), 'h']
        : [Math.round(abs / 86400), Math.round(abs / 86400) === 1 ? 'day' : 'days'];
  return seconds < 0 ? `${amount} ${unit} ago` : `in ${amount} ${unit}`;
}

/** The viewer's zone as the browser reports it ("UTC" when it cannot tell). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The cookie through which the browser tells the server the viewer's zone (for admin views rendered on the server). */
export const VIEWER_ZONE_COOKIE = 'tz';

/** A time zone name from a cookie, if Intl knows it. */
export function validTimeZone(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    new Intl.DateTimeFormat(LOCALE, { timeZone: value });
    return value;
  } catch {
    return undefined;
  }
}

/** An ABN as people write it: "12 345 678 901" (anything else as given). */
export function formatAbn(abn: string | null | undefined): string {
  const digits = (abn ?? '').replace(/\s/g, '');
  return /^\d{11}$/.test(digits) ? `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}` : (abn ?? '');
}
