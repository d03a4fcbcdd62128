'use client';

import { useActionState } from 'react';
import { setRewardLimitAction, type LoyaltyFormState } from '@/app/dashboard/loyalty/actions';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { FormMessage } from './form-message';

/** SPEC.md: a merchant can configure a reward limit for unregistered members (here per location). */
export function RewardLimitForm({ locationId, limit }: { locationId: string; limit: number | null }) {
  const [state, action, pending] = useActionState<LoyaltyFormState, FormData>(setRewardLimitAction, {});
  const id = `limit-${locationId}`;
  return (
    <form action={action} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="locationId" value={locationId} />
      <div className="w-64">
        <Field label="Reward limit for unregistered members" htmlFor={id} error={state.fieldErrors?.limit}>
          <Input id={id} name="limit" inputMode="numeric" placeholder="No limit" defaultValue={limit ?? ''} />
        </Field>
      </div>
      <Button type="submit" variant="secondary" disabled={pending}>
        Save limit
      </Button>
      <FormMessage error={state.error} message={state.message} />
    </form>
  );
}
