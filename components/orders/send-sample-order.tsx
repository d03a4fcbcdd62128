'use client';

import { useActionState } from 'react';
import { sendSampleOrderAction, type SampleOrderState } from '@/app/dashboard/orders/actions';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/field';
import type { MerchantLocation } from '@/lib/orders/board';

/** Sandbox: the demo ordering app sends a sample order, to watch it reach the POS and move across the board. */
export function SendSampleOrder({ locations }: { locations: MerchantLocation[] }) {
  const [state, action, pending] = useActionState<SampleOrderState, FormData>(sendSampleOrderAction, {});
  return (
    <form action={action} className="flex flex-wrap items-center gap-2">
      <label htmlFor="sample-location" className="sr-only">
        Sample order location
      </label>
      <Select id="sample-location" name="locationId" defaultValue={locations[0]?.id} className="w-auto">
        {locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </Select>
      <Button type="submit" variant="secondary" disabled={pending || !locations.length}>
        {pending ? 'Sending…' : 'Send sample order'}
      </Button>
      <span role="status" className="text-sm">
        {state.error ? <span className="text-red-600">{state.error}</span> : state.sent ? <span className="text-stone-600">Sample order {state.sent} sent.</span> : null}
      </span>
    </form>
  );
}
