'use client';

import { useCallback } from 'react';
import { RefreshOnLiveEvents } from '@/components/live/refresh-on-live-events';
import type { LiveEvent } from '@/components/live/use-live-events';

/** Re-renders the bookings page whenever a booking of the shown location changes (any BOOKING_* event). */
export function RefreshOnBookingEvents({ locationId }: { locationId: string }) {
  const matches = useCallback((event: LiveEvent) => event.data.resource === 'booking' && event.locationId === locationId, [locationId]);
  return <RefreshOnLiveEvents matches={matches} />;
}
