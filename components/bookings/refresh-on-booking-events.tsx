'use client';

import { useRouter } from 'next/navigation';
import { useLiveEvents } from '@/components/live/use-live-events';

/** Re-renders the bookings page whenever a booking of the shown location changes (any BOOKING_* event). */
export function RefreshOnBookingEvents({ locationId }: { locationId: string }) {
  const router = useRouter();
  useLiveEvents((event) => {
    if (event.data.resource === 'booking' && event.locationId === locationId) router.refresh();
  });
  return null;
}
