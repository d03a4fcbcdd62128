'use client';

import { useCallback } from 'react';
import { RefreshOnLiveEvents } from '@/components/live/refresh-on-live-events';
import type { LiveEvent } from '@/components/live/use-live-events';

/** Re-reads the floor whenever a table or sale of the shown location changes, so a table turns Open without a reload. */
export function RefreshOnFloorEvents({ locationId }: { locationId: string }) {
  const matches = useCallback(
    (event: LiveEvent) => (event.data.resource === 'table' || event.data.resource === 'sale') && event.locationId === locationId,
    [locationId],
  );
  return <RefreshOnLiveEvents matches={matches} />;
}
