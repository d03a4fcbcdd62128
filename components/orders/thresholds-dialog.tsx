'use client';

import { useActionState, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { setTicketThresholdsAction } from '@/app/dashboard/orders/actions';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field, Input, Select, describedBy } from '@/components/ui/field';
import type { FormState } from '@/lib/forms';
import type { MerchantLocation } from '@/lib/orders/board-view';

/** Ticket timers per location: after how many minutes in one step a ticket turns amber, and red. */
export function ThresholdsDialog({
  open,
  onOpenChange,
  locations,
  initialLocationId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  locations: readonly MerchantLocation[];
  initialLocationId: string;
}) {
  const [locationId, setLocationId] = useState(initialLocationId || locations[0]?.id || '');
  const [state, action, pending] = useActionState<FormState, FormData>(setTicketThresholdsAction, {});
  useEffect(() => {
    if (state.message) {
      toast.success(state.message, { position: 'bottom-left' });
      onOpenChange(false);
    }
  }, [state, onOpenChange]);
  const location = locations.find((each) => each.id === locationId) ?? locations[0];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && location ? (
        <DialogContent title="Ticket timers" description="A ticket turns amber, then red, after this many minutes in one step.">
          <form action={action} className="space-y-3" key={location.id}>
            <Field label="Location" htmlFor="timer-location">
              <Select id="timer-location" name="locationId" value={location.id} onChange={(event) => setLocationId(event.target.value)}>
                {locations.map((each) => (
                  <option key={each.id} value={each.id}>
                    {each.name}
                  </option>
                ))}
              </Select>
            </Field>
            <div className="grid grid-cols-2 gap-3">
              <Field label="Amber after (min)" htmlFor="warn-minutes" error={state.fieldErrors?.warnMinutes}>
                <Input
                  id="warn-minutes"
                  name="warnMinutes"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={240}
                  required
                  defaultValue={state.values?.warnMinutes ?? location.warnMinutes}
                  {...describedBy('warn-minutes', state.fieldErrors?.warnMinutes)}
                />
              </Field>
              <Field label="Red after (min)" htmlFor="late-minutes" error={state.fieldErrors?.lateMinutes}>
                <Input
                  id="late-minutes"
                  name="lateMinutes"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={240}
                  required
                  defaultValue={state.values?.lateMinutes ?? location.lateMinutes}
                  {...describedBy('late-minutes', state.fieldErrors?.lateMinutes)}
                />
              </Field>
            </div>
            {state.error ? (
              <p role="alert" className="text-sm text-red-700">
                {state.error}
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={pending}>
                {pending ? 'Saving…' : 'Save timers'}
              </Button>
            </div>
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
