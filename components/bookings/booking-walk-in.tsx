'use client';

import { UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { addWalkInAction } from '@/app/dashboard/bookings/actions';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { describedBy, Field, Input, Select } from '@/components/ui/field';
import { useDashboardForm } from '@/components/ui/use-dashboard-form';

/** Adds a walk-in: a party seated now at a free table (or none yet); the POS and every booking app of the location are told. */
export function BookingWalkIn({ locationId, tables }: { locationId: string; tables: string[] }) {
  const [open, setOpen] = useState(false);
  const form = useDashboardForm(addWalkInAction);
  useEffect(() => {
    if (form.state.message) setOpen(false);
  }, [form.state]);
  const peopleError = form.errorOf('numberOfPeople');
  const tableError = form.errorOf('tableNumber');
  const nameError = form.errorOf('customerName');
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="secondary">
          <UserPlus aria-hidden="true" className="size-4" />
          Add walk-in
        </Button>
      </DialogTrigger>
      <DialogContent title="Add a walk-in" description="The party is seated now; the POS and the booking apps hear of it.">
        <form key={form.formKey} action={form.formAction} onChange={form.onChange} className="space-y-3" aria-label="Walk-in">
          <input type="hidden" name="locationId" value={locationId} />
          <Field label="Party size" htmlFor="walk-in-people" error={peopleError}>
            <Input
              id="walk-in-people"
              name="numberOfPeople"
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              required
              defaultValue={form.valueOf('numberOfPeople', '2')}
              {...describedBy('walk-in-people', peopleError)}
            />
          </Field>
          <Field label="Table" htmlFor="walk-in-table" error={tableError}>
            <Select id="walk-in-table" name="tableNumber" defaultValue={form.valueOf('tableNumber', '')} {...describedBy('walk-in-table', tableError)}>
              <option value="">No table yet</option>
              {tables.map((number) => (
                <option key={number} value={number}>
                  Table {number}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Guest name (optional)" htmlFor="walk-in-name" error={nameError}>
            <Input
              id="walk-in-name"
              name="customerName"
              maxLength={100}
              autoComplete="off"
              defaultValue={form.valueOf('customerName')}
              {...describedBy('walk-in-name', nameError)}
            />
          </Field>
          {form.formError ? (
            <p role="alert" className="text-sm text-red-700">
              {form.formError}
            </p>
          ) : null}
          <Button type="submit" disabled={form.pending}>
            Seat walk-in
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
