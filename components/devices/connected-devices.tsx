'use client';

import { useActionState } from 'react';
import { disconnectDeviceAction, type DisconnectState } from '@/app/dashboard/devices/actions';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/card';

export interface DeviceRow {
  grantId: string;
  partnerName: string;
  locations: string[];
  connectedAt: string;
  lastUsedAt: string | null;
}

const formatTime = (value: string) => new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function DisconnectButton({ device }: { device: DeviceRow }) {
  const [state, action, pending] = useActionState<DisconnectState, FormData>(disconnectDeviceAction, {});
  return (
    <form
      action={action}
      onSubmit={(event) => {
        if (!window.confirm(`Disconnect ${device.partnerName}? It stops working at once and needs a new code to reconnect.`)) event.preventDefault();
      }}
      className="flex flex-col items-end gap-1"
    >
      <input type="hidden" name="grantId" value={device.grantId} />
      <Button type="submit" variant="danger" disabled={pending} aria-label={`Disconnect ${device.partnerName}`}>
        Disconnect
      </Button>
      {state.error ? (
        <span className="text-xs text-red-600" role="alert">
          {state.error}
        </span>
      ) : null}
    </form>
  );
}

/** The merchant's connected POS devices: partner, locations, last use, and a way to cut one off. */
export function ConnectedDevices({ devices }: { devices: DeviceRow[] }) {
  if (devices.length === 0) {
    return <EmptyState>No devices are connected. A point-of-sale shows a code; enter it at /activate to connect it.</EmptyState>;
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-stone-200 text-sm">
        <thead className="bg-stone-50 text-left text-xs font-semibold tracking-wide text-stone-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2">Partner</th>
            <th scope="col" className="px-4 py-2">Locations</th>
            <th scope="col" className="px-4 py-2">Connected</th>
            <th scope="col" className="px-4 py-2">Last used</th>
            <th scope="col" className="px-4 py-2"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {devices.map((device) => (
            <tr key={device.grantId}>
              <td className="px-4 py-3 font-medium">{device.partnerName}</td>
              <td className="px-4 py-3">{device.locations.join(', ')}</td>
              <td className="px-4 py-3 text-stone-600">{formatTime(device.connectedAt)}</td>
              <td className="px-4 py-3 text-stone-600">{device.lastUsedAt ? formatTime(device.lastUsedAt) : 'Never'}</td>
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
