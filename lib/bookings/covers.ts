import { dayIn } from '@/lib/time/format';
import type { BookingStatus } from './transitions';

/** The services of a day by the booked time at the location: lunch until 16:00, dinner from then on. */
export const SERVICES = [
  { name: 'Lunch', fromHour: 0, toHour: 16 },
  { name: 'Dinner', fromHour: 16, toHour: 24 },
] as const;

export interface CoverCount {
  bookings: number;
  covers: number;
}

export interface DayCovers extends CoverCount {
  /** Per hour of the booked time at the location, only the hours with bookings, in order. */
  byHour: (CoverCount & { hour: number })[];
  byService: (CoverCount & { name: string; fromHour: number; toHour: number })[];
}

interface Countable {
  startTime: string;
  numberOfPeople: number;
  bookingStatus: BookingStatus;
  arrivalStatus: string | null;
}

/** A booking whose party is expected or came: not rejected, cancelled or a no-show. */
export const countsForCovers = (booking: Pick<Countable, 'bookingStatus' | 'arrivalStatus'>) =>
  (booking.bookingStatus === 'CREATED' || booking.bookingStatus === 'ACCEPTED') && booking.arrivalStatus !== 'NO_SHOW';

const hourFormatters = new Map<string, Intl.DateTimeFormat>();
function hourAt(iso: string, timezone: string): number {
  let format = hourFormatters.get(timezone);
  if (!format) hourFormatters.set(timezone, (format = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', hourCycle: 'h23' })));
  return Number(format.format(new Date(iso)));
}

/**
 * The covers (people) and bookings of `date` at the location, in total, per hour and per service, counting the
 * bookings whose party is expected or came (see countsForCovers): what the host and the kitchen plan the day by.
 */
export function coversOfDay(bookings: readonly Countable[], timezone: string, date: string): DayCovers {
  const counted = bookings.filter((booking) => countsForCovers(booking) && dayIn(timezone, booking.startTime) === date);
  const hours = new Map<number, CoverCount>();
  for (const booking of counted) {
    const hour = hourAt(booking.startTime, timezone);
    const entry = hours.get(hour) ?? { bookings: 0, covers: 0 };
    entry.bookings += 1;
    entry.covers += booking.numberOfPeople;
    hours.set(hour, entry);
  }
  const byHour = [...hours.entries()].sort(([a], [b]) => a - b).map(([hour, count]) => ({ hour, ...count }));
  const sum = (entries: CoverCount[]) =>
    entries.reduce((total, entry) => ({ bookings: total.bookings + entry.bookings, covers: total.covers + entry.covers }), { bookings: 0, covers: 0 });
  return {
    ...sum(byHour),
    byHour,
    byService: SERVICES.map((service) => ({
      ...service,
      ...sum(byHour.filter((entry) => entry.hour >= service.fromHour && entry.hour < service.toHour)),
    })),
  };
}
