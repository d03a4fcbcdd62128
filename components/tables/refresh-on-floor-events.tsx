'use client';

import { useRouter } from 'next/navigation';
import { useLiveEvents } from '@/components/live/use-live-events';

/** Re-reads the floor whenever a table or sale of the shown location changes, so a table turns Open without a reload. */
export function RefreshOnFloorEvents({ locationId }: { locationId: string }) {
  const router = useRouter();
  useLiveEvents((event) => {
    if ((event.data.resource === 'table' || event.data.resource === 'sale') && event.locationId === locationId) router.refresh();
  });
  return null;
}
