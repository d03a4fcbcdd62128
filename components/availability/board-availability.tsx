import { AvailabilityControls } from '@/components/availability/availability-controls';
import { RefreshOnAvailability } from '@/components/availability/refresh-on-availability';
import { getDb } from '@/db/client';
import { merchantAvailabilities } from '@/lib/availability/merchant-view';
import type { MerchantCaller } from '@/lib/tenancy/scope';

/**
 * The orders board's per-location ordering controls (docs/contract.md#dashboard-names: Pause, Resume, busy mode), kept
 * live by the event. While every location takes orders as usual they fold into one line, so the tickets keep the
 * screen; a location that is closed, paused or busy opens them, each with its banner and one-tap answer.
 */
export async function BoardAvailability({ member, settings }: { member: MerchantCaller; settings: boolean }) {
  const locations = await merchantAvailabilities(getDb(), member);
  const serverNow = new Date().toISOString();
  const panels = (
    <div className="grid gap-2 md:grid-cols-2">
      {locations.map((location) => (
        <AvailabilityControls key={location.id} location={location} serverNow={serverNow} settings={settings} />
      ))}
    </div>
  );
  const unusual = locations.some(({ availability }) => availability.state !== 'OPEN' || availability.busy);
  return (
    <div className="mb-3">
      <RefreshOnAvailability />
      {unusual ? (
        panels
      ) : (
        <details>
          <summary className="cursor-pointer text-sm font-medium text-stone-700">
            Taking orders at {locations.length === 1 ? 'your location' : locations.length === 2 ? 'both locations' : `all ${locations.length} locations`}: pause
            or set busy…
          </summary>
          <div className="mt-2">{panels}</div>
        </details>
      )}
    </div>
  );
}
