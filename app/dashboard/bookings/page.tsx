import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { getDb } from '@/db/client';
import { BookingCovers } from '@/components/bookings/booking-covers';
import { BookingDayFilters } from '@/components/bookings/booking-day-filters';
import { BookingDetail } from '@/components/bookings/booking-detail';
import { BOOKINGS_LOCATION_COOKIE } from '@/components/bookings/booking-format';
import { BookingList } from '@/components/bookings/booking-list';
import { BookingLegend, BookingTimeline } from '@/components/bookings/booking-timeline';
import { BookingWalkIn } from '@/components/bookings/booking-walk-in';
import { RefreshOnBookingEvents } from '@/components/bookings/refresh-on-booking-events';
import { Card, EmptyState, PageHeader } from '@/components/ui/card';
import { bookingDayQuerySchema, merchantBookingDay, merchantBookingDetail } from '@/lib/bookings/day-view';
import { ApiError } from '@/lib/http/errors';
import { dayIn, formatDay, zoneName } from '@/lib/time/format';
import { can } from '@/lib/tenancy/roles';
import { requireMember } from '../_lib/action';

export const metadata: Metadata = { title: 'Bookings' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function BookingsPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireMember('bookings.host', '/dashboard/bookings');
  const raw = await searchParams;
  const query = bookingDayQuerySchema.parse(Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value])));
  const db = getDb();
  const lastChosen = (await cookies()).get(BOOKINGS_LOCATION_COOKIE)?.value;
  const day = await merchantBookingDay(db, user, query, lastChosen);
  if (!day.location) {
    return (
      <>
        <PageHeader title="Bookings" />
        <EmptyState>You have no locations yet.</EmptyState>
      </>
    );
  }
  const { location, date, to } = day;
  const dayHref = `/dashboard/bookings?${new URLSearchParams({ location: location.id, date: date!, to: to! })}`;
  // A booking id from the address that is not the merchant's shows nothing, as if it did not exist.
  const detail = query.booking
    ? await merchantBookingDetail(db, user, query.booking).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return undefined;
        throw error;
      })
    : undefined;
  return (
    <>
      <PageHeader title="Bookings" actions={<BookingWalkIn locationId={location.id} tables={day.tables!.map((table) => table.number)} />} />
      <RefreshOnBookingEvents locationId={location.id} />
      <BookingDayFilters
        locations={day.locations}
        locationId={location.id}
        date={date!}
        to={to!}
        today={dayIn(location.timezone)}
        zone={zoneName(location.timezone)}
      />
      <BookingCovers covers={day.covers!} />
      <div className="space-y-4">
        {detail ? <BookingDetail {...detail} timezone={location.timezone} closeHref={dayHref} canDecide={can(user, 'bookings.decide')} /> : null}
        <Card title={`${location.name}: ${formatDay(date!)}`}>
          <BookingLegend />
          <BookingTimeline
            tables={day.tables!}
            bookings={day.bookings!}
            date={date!}
            timezone={location.timezone}
            dayHref={dayHref}
            now={new Date().toISOString()}
            coversByHour={day.covers!.byHour}
          />
        </Card>
        <Card title={date === to ? `Bookings on ${formatDay(date!)}` : `Bookings ${formatDay(date!)} to ${formatDay(to!)}`}>
          <BookingList bookings={day.bookings!} timezone={location.timezone} dayHref={dayHref} />
        </Card>
      </div>
    </>
  );
}
