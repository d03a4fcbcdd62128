import type { DashboardBooking } from '@/lib/bookings/day-view';

type Tone = 'neutral' | 'green' | 'amber' | 'red' | 'blue';

export const bookingStatusTone: Record<DashboardBooking['bookingStatus'], Tone> = {
  CREATED: 'amber',
  ACCEPTED: 'green',
  REJECTED: 'red',
  CANCELLED_BY_CUSTOMER: 'red',
  CANCELLED_BY_MERCHANT: 'red',
};

export const tableStatusTone: Record<NonNullable<DashboardBooking['tableStatus']>, Tone> = {
  SEATED: 'blue',
  DINING: 'blue',
  CLOSING: 'amber',
  FINALISED: 'neutral',
};

/** SCREAMING_SNAKE to words: CANCELLED_BY_MERCHANT → Cancelled by merchant. */
export const words = (value: string) => value.charAt(0) + value.slice(1).toLowerCase().replaceAll('_', ' ');

// Making an Intl.DateTimeFormat costs about half a millisecond and a day view formats every booking several times
// (300 bookings took the page over a second), so each locale, zone and style is made once and kept.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, timezone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timezone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { timeZone: timezone, ...options });
    formatters.set(key, found);
  }
  return found;
}

/** Hours and minutes at the location, e.g. 18:30. */
export function localTime(iso: string, timezone: string): string {
  return formatter('en-AU', timezone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

/** Day and month at the location, e.g. 24 Nov. */
export function localDayMonth(iso: string, timezone: string): string {
  return formatter('en-AU', timezone, { day: 'numeric', month: 'short' }).format(new Date(iso));
}

/** The day (YYYY-MM-DD) and the minutes since midnight of an instant at the location. */
export function localDayAndMinutes(iso: string, timezone: string): { day: string; minutes: number } {
  const parts = Object.fromEntries(
    formatter('en-CA', timezone, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

export const guestLabel = (booking: Pick<DashboardBooking, 'customerName' | 'numberOfPeople'>) =>
  `${booking.customerName ?? 'Guest'} (${booking.numberOfPeople})`;

/** The day view's address (`dayHref`, with its query) with one booking's detail open. */
export const bookingHref = (dayHref: string, bookingId: string) => `${dayHref}&booking=${encodeURIComponent(bookingId)}`;
