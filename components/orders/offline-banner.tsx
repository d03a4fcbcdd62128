import { WifiOff } from 'lucide-react';
import type { BoardCard, MerchantLocation } from '@/lib/orders/board-view';
import { AutoRejectCountdown } from './auto-reject-countdown';

/**
 * A location whose POS is offline (RED) cannot accept its new orders from the till: they are rejected automatically
 * when their time runs out unless someone accepts them here. The banner names the orders at risk with their countdowns.
 */
export function OfflineBanner({
  locations,
  posOnline,
  cards,
  clockOffsetMs,
  onDeadline,
}: {
  locations: readonly MerchantLocation[];
  posOnline: readonly string[];
  cards: readonly BoardCard[];
  clockOffsetMs: number;
  onDeadline: () => void;
}) {
  const atRisk = locations
    .filter((location) => !posOnline.includes(location.id))
    .map((location) => ({ location, orders: cards.filter((card) => card.locationId === location.id && card.status === 'CREATED') }))
    .filter((entry) => entry.orders.length);
  if (!atRisk.length) return null;
  return (
    <div className="space-y-2">
      {atRisk.map(({ location, orders }) => (
        <section
          key={location.id}
          aria-label={`POS offline at ${location.name}`}
          data-offline-banner={location.id}
          className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          <p className="inline font-semibold">
            <WifiOff aria-hidden="true" className="mr-1.5 inline size-4 align-[-0.2em]" />
            {location.name}: POS offline. Accept here, or these are rejected when their time runs out:
          </p>{' '}
          <ul className="inline-flex flex-wrap gap-x-3 gap-y-1 align-middle">
            {orders.map((order) => (
              <li key={order.id} className="inline-flex items-center gap-1.5">
                <span className="font-medium">{order.orderReference}</span>
                {order.autoRejectAt ? <AutoRejectCountdown deadline={order.autoRejectAt} clockOffsetMs={clockOffsetMs} onExpired={onDeadline} /> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
