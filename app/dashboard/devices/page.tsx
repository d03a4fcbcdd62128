import type { Metadata } from 'next';
import { requireUser } from '@/auth';
import { getDb } from '@/db/client';
import { ConnectedDevices } from '@/components/devices/connected-devices';
import { PageHeader } from '@/components/ui/card';
import { connectedDevices } from '@/lib/auth/devices';

export const metadata: Metadata = { title: 'Devices' };

export default async function DevicesPage() {
  const user = await requireUser(['MERCHANT'], '/dashboard/devices');
  const devices = user.merchantId ? await connectedDevices(getDb(), user.merchantId) : [];
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
        }))}
      />
    </>
  );
}
