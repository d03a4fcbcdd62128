import { ChevronLeft, ChevronRight } from 'lucide-react';
import Link from 'next/link';
import { Button, buttonClass } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { addDays, formatDay } from '@/lib/time/format';

/**
 * Location and day of the bookings page: previous / today / next in one tap, or a day picked from the calendar (a
 * plain GET form, so every view is a shareable address). Days are the location's, in words.
 */
export function BookingDayFilters({
  locations,
  locationId,
  date,
  to,
  today,
  zone,
}: {
  locations: { id: string; name: string }[];
  locationId: string;
  date: string;
  to: string;
  /** Today at the location (YYYY-MM-DD). */
  today: string;
  /** The location's zone name, e.g. AEDT. */
  zone: string;
}) {
  const dayHref = (day: string) => `/dashboard/bookings?${new URLSearchParams({ location: locationId, date: day, to: day })}`;
  return (
    <div className="mb-4 space-y-3">
      <nav aria-label="Day" className="flex flex-wrap items-center gap-2">
        <Link href={dayHref(addDays(date, -1))} className={buttonClass('secondary', 'px-2')}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          <span className="sr-only">Previous day</span>
        </Link>
        <Link href={dayHref(today)} className={buttonClass('secondary')} aria-current={date === today ? 'date' : undefined}>
          Today
        </Link>
        <Link href={dayHref(addDays(date, 1))} className={buttonClass('secondary', 'px-2')}>
          <ChevronRight aria-hidden="true" className="size-4" />
          <span className="sr-only">Next day</span>
        </Link>
        <p className="text-lg font-semibold">
          {formatDay(date)}
          {date === today ? <span className="ml-2 text-sm font-normal text-stone-600">today</span> : null}
          <span className="ml-2 text-xs font-normal text-stone-600">times in {zone}</span>
        </p>
      </nav>
      <form method="get" className="flex flex-wrap items-end gap-3" aria-label="Bookings filters">
        <div className="w-full sm:w-56">
          <Field label="Location" htmlFor="booking-location">
            <Select id="booking-location" name="location" defaultValue={locationId}>
              {locations.map((location) => (
                <option key={location.id} value={location.id}>
                  {location.name}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <div className="w-[calc(50%-0.375rem)] sm:w-44">
          <Field label="Day" htmlFor="booking-date">
            <Input id="booking-date" type="date" name="date" defaultValue={date} />
          </Field>
        </div>
        <div className="w-[calc(50%-0.375rem)] sm:w-44">
          <Field label="List until" htmlFor="booking-to">
            <Input id="booking-to" type="date" name="to" defaultValue={to} />
          </Field>
        </div>
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </form>
    </div>
  );
}
