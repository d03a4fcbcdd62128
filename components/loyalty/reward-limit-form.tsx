'use client';

import { setRewardLimitAction } from '@/app/dashboard/loyalty/actions';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Input } from '@/components/ui/field';
import { useDashboardForm } from '@/components/ui/use-dashboard-form';
import { FormMessage } from './form-message';

/** docs/domain.md#unregistered-rewards: a merchant can configure a reward limit for unregistered members (here per location). */
export function RewardLimitForm({ locationId, limit }: { locationId: string; limit: number | null }) {
  const form = useDashboardForm(setRewardLimitAction);
  const id = `limit-${locationId}`;
  const error = form.errorOf('limit');
  return (
    <form key={form.formKey} action={form.formAction} onChange={form.onChange} className="flex flex-wrap items-start gap-3">
      <input type="hidden" name="locationId" value={locationId} />
      <div className="w-full sm:w-64">
        <Field label="Reward limit for unregistered members" htmlFor={id} error={error}>
          <Input
            id={id}
            name="limit"
            inputMode="numeric"
            placeholder="No limit"
            defaultValue={form.valueOf('limit', limit === null ? '' : String(limit))}
            {...describedBy(id, error)}
          />
        </Field>
      </div>
      <Button type="submit" variant="secondary" disabled={form.pending} className="sm:mt-6">
        {form.pending ? 'Saving…' : 'Save limit'}
      </Button>
      <FormMessage error={form.formError} />
    </form>
  );
}
