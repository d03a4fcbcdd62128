import { AvailabilityControls } from '@/components/availability/availability-controls';
import { RefreshOnAvailability } from '@/components/availability/refresh-on-availability';
import { getDb } from '@/db/client';
import { merchantAvailabilities } from '@/lib/availability/merchant-view';

/** The orders board's per-location ordering controls (docs/contract.md#dashboard-names: Pause, Resume, busy mode), kept live by the event. */
export async function BoardAvailability({ merchantId }: { merchantId: string | null | undefined }) {
  if (!merchantId) return null;
  const locations = await merchantAvailabilities(getDb(), merchantId);
  const serverNow = new Date().toISOString();
  return (
    <div className="mb-3 grid gap-2 md:grid-cols-2">
      <RefreshOnAvailability />
      {locations.map((location) => (
        <AvailabilityControls key={location.id} location={location} serverNow={serverNow} />
      ))}
    </div>
  );
}
