import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AvailabilityControls } from '@/components/availability/availability-controls';
import { HoursForm, PosOfflineRule, SpecialDays } from '@/components/availability/availability-settings';
import { RefreshOnEvents } from '@/components/loyalty/refresh-on-events';
import { PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { merchantAvailabilities } from '@/lib/availability/merchant-view';
import { requireMember } from '../../../_lib/action';

export const metadata: Metadata = { title: 'Opening hours' };
export const dynamic = 'force-dynamic';

const AVAILABILITY_EVENTS = ['LOCATION_AVAILABILITY_UPDATED'] as const;

export default async function LocationAvailabilityPage({ params }: { params: Promise<{ locationId: string }> }) {
  const { locationId } = await params;
  const user = await requireMember('availability.edit', `/dashboard/locations/${encodeURIComponent(locationId)}/availability`);
  const [location] = await merchantAvailabilities(getDb(), user, locationId);
  if (!location) notFound();
  return (
    <>
      <PageHeader
        title={`${location.name}: opening hours`}
        description={`When ordering apps may send orders. Times are in the location's time zone, ${location.timezone}.`}
        actions={
          <Link href="/dashboard/orders" className="text-sm text-brand-700 underline underline-offset-2">
            Back to orders
          </Link>
        }
      />
      <RefreshOnEvents types={AVAILABILITY_EVENTS} />
      <div className="space-y-6">
        <AvailabilityControls location={location} serverNow={new Date().toISOString()} />
        <div className="grid gap-6 lg:grid-cols-2">
          <HoursForm locationId={location.id} hours={location.availability.hours} />
          <div className="space-y-6">
            <SpecialDays locationId={location.id} days={location.allSpecialDays} />
            <PosOfflineRule locationId={location.id} rule={location.availability.posOffline} />
          </div>
        </div>
      </div>
    </>
  );
}
