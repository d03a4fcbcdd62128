'use client';

import { disconnectDeviceAction } from '@/app/dashboard/devices/actions';
import { EmptyState } from '@/components/ui/card';
import { ConfirmForm } from '@/components/ui/confirm-form';
import { formatDateTimeZoned } from '@/lib/time/format';

export interface DeviceRow {
  grantId: string;
  partnerName: string;
  locations: string[];
  connectedAt: string;
  lastUsedAt: string | null;
  /** The zone of the device's (first) location: its times are shown there, named. */
  timeZone: string;
}

function DisconnectButton({ device }: { device: DeviceRow }) {
  return (
    <ConfirmForm
      action={disconnectDeviceAction}
      fields={{ grantId: device.grantId }}
      label={`Disconnect ${device.partnerName}`}
      title={`Disconnect ${device.partnerName}?`}
      description="It stops working at once and needs a new code to reconnect."
      confirmLabel="Disconnect"
      variant="danger"
    >
      Disconnect
    </ConfirmForm>
  );
}

/** The merchant's connected POS devices: partner, locations, last use, and a way to cut one off. */
export function ConnectedDevices({ devices }: { devices: DeviceRow[] }) {
  if (devices.length === 0) {
    return <EmptyState>No devices are connected. A point-of-sale shows a code; enter it at /activate to connect it.</EmptyState>;
  }
  return (
    <div className="relative overflow-x-auto rounded-lg border border-stone-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-stone-200 text-sm">
        <thead className="bg-stone-50 text-left text-xs font-semibold tracking-wide text-stone-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2">
              Partner
            </th>
            <th scope="col" className="px-4 py-2">
              Locations
            </th>
            <th scope="col" className="px-4 py-2">
              Connected
            </th>
            <th scope="col" className="px-4 py-2">
              Last used
            </th>
            <th scope="col" className="px-4 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {devices.map((device) => (
            <tr key={device.grantId}>
              <td className="px-4 py-3 font-medium">{device.partnerName}</td>
              <td className="px-4 py-3">{device.locations.join(', ')}</td>
              <td className="px-4 py-3 text-stone-600">{formatDateTimeZoned(device.connectedAt, device.timeZone)}</td>
              <td className="px-4 py-3 text-stone-600">{device.lastUsedAt ? formatDateTimeZoned(device.lastUsedAt, device.timeZone) : 'Never'}</td>
              <td className="px-4 py-3 text-right">
                <DisconnectButton device={device} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
