'use client';

import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { useLiveEvents, type LiveEvent } from '@/components/live/use-live-events';

/**
 * Re-renders the page when a location's availability changes (a pause ending by the clock, the POS going offline, a
 * change from the POS), without a connection pill of its own: the orders board beside it shows the stream's state.
 */
export function RefreshOnAvailability() {
  const router = useRouter();
  useLiveEvents(
    useCallback((event: LiveEvent) => (event.type === 'LOCATION_AVAILABILITY_UPDATED' ? router.refresh() : undefined), [router]),
    useCallback(() => router.refresh(), [router]),
  );
  return null;
}
