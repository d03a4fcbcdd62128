'use client';

import { decideBookingAction } from '@/app/dashboard/bookings/actions';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Input } from '@/components/ui/field';
import { useDashboardForm } from '@/components/ui/use-dashboard-form';

/**
 * The merchant's decisions on a booking, by the same rules as the POS: accept or reject a new booking, cancel an
 * accepted one. A reason (at most 50 characters) goes with rejecting and cancelling.
 */
export function BookingDecisionForm({ bookingId, bookingStatus }: { bookingId: string; bookingStatus: string }) {
  const form = useDashboardForm(decideBookingAction);
  if (bookingStatus !== 'CREATED' && bookingStatus !== 'ACCEPTED') return null;
  const reasonId = `reason-${bookingId}`;
  const error = form.errorOf('reason');
  return (
    <form key={form.formKey} action={form.formAction} onChange={form.onChange} className="space-y-3" aria-label="Booking decision">
      <input type="hidden" name="bookingId" value={bookingId} />
      <Field label="Reason" htmlFor={reasonId} error={error}>
        <Input
          id={reasonId}
          name="reason"
          maxLength={50}
          placeholder="Needed to reject or cancel"
          defaultValue={form.valueOf('reason')}
          {...describedBy(reasonId, error)}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        {bookingStatus === 'CREATED' ? (
          <>
            <Button type="submit" name="bookingStatus" value="ACCEPTED" disabled={form.pending}>
              Accept
            </Button>
            <Button type="submit" name="bookingStatus" value="REJECTED" variant="danger" disabled={form.pending}>
              Reject
            </Button>
          </>
        ) : null}
        <Button type="submit" name="bookingStatus" value="CANCELLED_BY_MERCHANT" variant="secondary" disabled={form.pending}>
          Cancel booking
        </Button>
      </div>
      {form.formError ? (
        <p role="alert" className="text-sm text-red-700">
          {form.formError}
        </p>
      ) : null}
    </form>
  );
}
