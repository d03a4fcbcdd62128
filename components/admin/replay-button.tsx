'use client';

import type { FormState } from '@/lib/forms';
import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { replayDeliveryAction } from '@/app/dashboard/admin/replay-actions';

export function ReplayButton({ deliveryId }: { deliveryId: string }) {
  const [state, action, pending] = useActionState<FormState & { queued?: boolean }, FormData>(replayDeliveryAction, {});
  return (
    <form action={action} className="flex items-center gap-2">
      <input type="hidden" name="deliveryId" value={deliveryId} />
      <Button type="submit" variant="secondary" className="px-2 py-1 text-xs" disabled={pending}>
        Replay
      </Button>
      {state.queued ? <span className="text-xs text-emerald-700">Queued</span> : null}
      {state.error ? (
        <span className="text-xs text-red-600" role="alert">
          {state.error}
        </span>
      ) : null}
    </form>
  );
}
