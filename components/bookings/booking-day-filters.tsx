'use client';

import { ChevronLeft, ChevronRight } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useTransition } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { addDays, formatDay } from '@/lib/time/format';
import { BOOKINGS_LOCATION_COOKIE } from './booking-format';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Location and day of the bookings page, applied the moment they change (as the orders board does): previous / today /
 * next in one tap, or a day from the calendar; every view stays a shareable address. The location shown is remembered
 * (a cookie the page reads), so the page opens on it next time. Days are the location's, in words.
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
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  useEffect(() => {
    document.cookie = `${BOOKINGS_LOCATION_COOKIE}=${encodeURIComponent(locationId)}; path=/dashboard; max-age=31536000; samesite=lax`;
  }, [locationId]);
  const hrefOf = (view: { location?: string; date?: string; to?: string }) => {
    const next = { location: locationId, date, to, ...view };
    if (next.to < next.date) next.to = next.date;
    return `/dashboard/bookings?${new URLSearchParams(next)}`;
  };
  const go = (view: { location?: string; date?: string; to?: string }) => startTransition(() => router.push(hrefOf(view), { scroll: false }));
  const dayHref = (day: string) => hrefOf({ date: day, to: day });
  return (
    <div className="mb-4 flex flex-wrap items-end gap-x-3 gap-y-2" aria-busy={pending}>
      <div className="w-full sm:w-56">
        <Field label="Location" htmlFor="booking-location">
          <Select id="booking-location" name="location" value={locationId} onChange={(event) => go({ location: event.target.value })}>
            {locations.map((location) => (
              <option key={location.id} value={location.id}>
                {location.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className="w-[calc(50%-0.375rem)] sm:w-40">
        <Field label="Day" htmlFor="booking-date">
          <Input
            id="booking-date"
            type="date"
            value={date}
            onChange={(event) => DAY.test(event.target.value) && go({ date: event.target.value, to: event.target.value })}
          />
        </Field>
      </div>
      <div className="w-[calc(50%-0.375rem)] sm:w-40">
        <Field label="List until" htmlFor="booking-to">
          <Input id="booking-to" type="date" value={to} min={date} onChange={(event) => DAY.test(event.target.value) && go({ to: event.target.value })} />
        </Field>
      </div>
      <nav aria-label="Day" className="flex flex-wrap items-center gap-2">
        <Link href={dayHref(addDays(date, -1))} scroll={false} className={buttonClass('secondary', 'px-2')}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          <span className="sr-only">Previous day</span>
        </Link>
        <Link href={dayHref(today)} scroll={false} className={buttonClass('secondary')} aria-current={date === today ? 'date' : undefined}>
          Today
        </Link>
        <Link href={dayHref(addDays(date, 1))} scroll={false} className={buttonClass('secondary', 'px-2')}>
          <ChevronRight aria-hidden="true" className="size-4" />
          <span className="sr-only">Next day</span>
        </Link>
        <p className="text-base font-semibold">
          {formatDay(date)}
          {date === today ? <span className="ml-2 text-sm font-normal text-stone-600">today</span> : null}
          <span className="ml-2 text-xs font-normal text-stone-600">times in {zone}</span>
        </p>
      </nav>
    </div>
  );
}
