import type { Metadata } from 'next';
import { getDb } from '@/db/client';
import { ActivateLoyaltyForm } from '@/components/loyalty/activate-loyalty-form';
import { LocationLoyaltyStatus } from '@/components/loyalty/location-loyalty-status';
import { RewardLimitForm } from '@/components/loyalty/reward-limit-form';
import { Card, EmptyState, PageHeader } from '@/components/ui/card';
import { merchantLoyaltyOverview } from '@/lib/loyalty/dashboard-view';
import { merchantLocations } from '@/lib/tenancy/merchants';
import { formatAbn } from '@/lib/time/format';
import { RefreshOnEvents } from '@/components/loyalty/refresh-on-events';
import { requireMember } from '../_lib/action';

export const metadata: Metadata = { title: 'Loyalty' };

export default async function LoyaltyPage() {
  const user = await requireMember('loyalty.manage', '/dashboard/loyalty');
  const db = getDb();
  const overview = await merchantLoyaltyOverview(db, user);
  const zones = new Map((await merchantLocations(db, user)).map((location) => [location.id, location.timezone]));
  const defaults = {
    abn: overview.lastBusinessDetails?.abn ? formatAbn(overview.lastBusinessDetails.abn) : undefined,
    businessAddress: overview.lastBusinessDetails?.address,
    postcode: overview.lastBusinessDetails?.postcode,
    phoneNumber: overview.lastPhoneNumber ?? undefined,
  };
  return (
    <>
      <PageHeader
        actions={<RefreshOnEvents types={['LOYALTY_ONBOARDING_DECIDED']} />}
        title="Loyalty"
        description="Card-linked loyalty for your locations. A loyalty partner approves each location before its customers' payments earn rewards."
      />
      {overview.locations.length === 0 ? <EmptyState>You have no locations yet.</EmptyState> : null}
      <div className="space-y-4">
        {overview.locations.map((location) => (
          <section key={location.locationId} aria-label={location.name}>
            <Card title={`${location.name} (${location.locationId})`}>
              <div className="space-y-4">
                <LocationLoyaltyStatus state={location.state} timeZone={zones.get(location.locationId) ?? 'UTC'} />
                {location.state.kind === 'NOT_ACTIVATED' || location.state.kind === 'REJECTED' ? (
                  <ActivateLoyaltyForm locationId={location.locationId} loyaltyPartners={overview.loyaltyPartners} defaults={defaults} />
                ) : null}
                <div className="border-t border-stone-100 pt-4">
                  <RewardLimitForm locationId={location.locationId} limit={location.unregisteredRewardLimit} />
                  <p className="mt-2 text-xs text-stone-500">
                    Customers who have not signed up yet collect rewards up to this many points; they keep them when they join.
                  </p>
                </div>
              </div>
            </Card>
          </section>
        ))}
      </div>
    </>
  );
}
