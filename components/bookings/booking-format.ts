import type { DashboardBooking } from '@/lib/bookings/day-view';

/** The cookie that remembers the location last shown on the bookings page, so the page opens on it next time. */
export const BOOKINGS_LOCATION_COOKIE = 'bookings_location';

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

/**
 * Where a party is in its visit, as the host sees it: the table status once seated, the arrival before that, and
 * rejected, cancelled and no-show bookings as ended. Arrived and seated share a colour (the party is in the house).
 */
export type HostStatus = 'UPCOMING' | 'ARRIVED' | 'SEATED' | 'DINING' | 'CLOSING' | 'FINALISED' | 'ENDED';

export function hostStatusOf(booking: Pick<DashboardBooking, 'bookingStatus' | 'tableStatus' | 'arrivalStatus'>): HostStatus {
  if (booking.bookingStatus !== 'CREATED' && booking.bookingStatus !== 'ACCEPTED') return 'ENDED';
  if (booking.tableStatus) return booking.tableStatus;
  if (booking.arrivalStatus === 'NO_SHOW') return 'ENDED';
  return booking.arrivalStatus === 'ON_TIME' || booking.arrivalStatus === 'EARLY' ? 'ARRIVED' : 'UPCOMING';
}

/** The colours and words of each host status: the legend and the timeline's blocks use the same. */
export const HOST_STATUS_LOOK: Record<HostStatus, { label: string; bar: string }> = {
  UPCOMING: { label: 'Upcoming', bar: 'border-stone-500 border-dashed bg-white' },
  ARRIVED: { label: 'Arrived', bar: 'border-sky-600 bg-sky-100' },
  SEATED: { label: 'Seated', bar: 'border-sky-600 bg-sky-100' },
  DINING: { label: 'Dining', bar: 'border-emerald-600 bg-emerald-100' },
  CLOSING: { label: 'Closing', bar: 'border-amber-500 bg-amber-100' },
  FINALISED: { label: 'Finalised', bar: 'border-stone-300 bg-stone-100 text-stone-600' },
  ENDED: { label: 'Cancelled / no-show', bar: 'border-red-400 bg-red-50 text-red-800' },
};

/** The one word a block shows for its status (not colour alone): "New" for an undecided booking, "No-show", "Cancelled" … */
export function hostStatusWord(booking: Pick<DashboardBooking, 'bookingStatus' | 'tableStatus' | 'arrivalStatus'>): string {
  const status = hostStatusOf(booking);
  if (status === 'ENDED') {
    if (booking.bookingStatus === 'REJECTED') return 'Rejected';
    return booking.bookingStatus.startsWith('CANCELLED') ? 'Cancelled' : 'No-show';
  }
  if (status === 'UPCOMING' && booking.bookingStatus === 'CREATED') return 'New';
  return HOST_STATUS_LOOK[status].label;
}

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
