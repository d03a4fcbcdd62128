import { AvailabilityControls } from '@/components/availability/availability-controls';
import { RefreshOnEvents } from '@/components/loyalty/refresh-on-events';
import { getDb } from '@/db/client';
import { merchantAvailabilities } from '@/lib/availability/merchant-view';

const AVAILABILITY_EVENTS = ['LOCATION_AVAILABILITY_UPDATED'] as const;

/** The orders board's per-location ordering controls (CONTRACT §8: Pause, Resume, busy mode), kept live by the event. */
export async function BoardAvailability({ merchantId }: { merchantId: string | null | undefined }) {
  if (!merchantId) return null;
  const locations = await merchantAvailabilities(getDb(), merchantId);
  const serverNow = new Date().toISOString();
  return (
    <div className="mb-4 grid gap-3 md:grid-cols-2">
      <RefreshOnEvents types={AVAILABILITY_EVENTS} />
      {locations.map((location) => (
        <AvailabilityControls key={location.id} location={location} serverNow={serverNow} />
      ))}
    </div>
  );
}
