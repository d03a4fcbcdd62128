import type { Metadata } from 'next';
import { getDb } from '@/db/client';
import { ConnectedDevices } from '@/components/devices/connected-devices';
import { PageHeader } from '@/components/ui/card';
import { connectedDevices } from '@/lib/auth/devices';
import { merchantLocations } from '@/lib/tenancy/merchants';
import { requireMember } from '../_lib/action';

export const metadata: Metadata = { title: 'Devices' };

export default async function DevicesPage() {
  const user = await requireMember('devices.manage', '/dashboard/devices');
  const db = getDb();
  const devices = await connectedDevices(db, user);
  const zones = new Map((await merchantLocations(db, user)).map((location) => [location.id, location.timezone]));
  return (
    <>
      <PageHeader title="Devices" description="Point-of-sale devices connected to your locations. Disconnecting one revokes its access at once." />
      <ConnectedDevices
        devices={devices.map((device) => ({
          grantId: device.grantId,
          partnerName: device.partnerName,
          locations: device.locations.map((location) => location.name),
          connectedAt: device.connectedAt.toISOString(),
          lastUsedAt: device.lastUsedAt?.toISOString() ?? null,
          timeZone: zones.get(device.locations[0]?.locationId ?? '') ?? 'UTC',
        }))}
      />
    </>
  );
}
