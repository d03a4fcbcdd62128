'use client';

import type { FormState } from '@/lib/forms';
import { useActionState, useEffect } from 'react';
import { toast } from 'sonner';
import { sendSampleOrderAction } from '@/app/dashboard/orders/actions';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/field';
import type { MerchantLocation } from '@/lib/orders/board-view';

/** Sandbox: the demo ordering app sends a sample order, to watch it reach the POS and move across the board. */
export function SendSampleOrder({ locations, defaultLocationId }: { locations: readonly MerchantLocation[]; defaultLocationId?: string }) {
  const [state, action, pending] = useActionState<FormState & { sent?: string }, FormData>(sendSampleOrderAction, {});
  useEffect(() => {
    if (state.sent) toast.success(`Sample order ${state.sent} sent.`, { position: 'bottom-left' });
  }, [state]);
  return (
    <form action={action} className="space-y-2">
      <label htmlFor="sample-location" className="block text-sm font-medium text-stone-700">
        Sample order for
      </label>
      <Select id="sample-location" name="locationId" defaultValue={defaultLocationId || locations[0]?.id}>
        {locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </Select>
      <Button type="submit" variant="secondary" className="w-full" disabled={pending || !locations.length}>
        {pending ? 'Sending…' : 'Send sample order'}
      </Button>
      {/* The confirmation is a toast, so the board does not move. */}
      {state.error ? (
        <p role="alert" className="text-sm text-red-700">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
