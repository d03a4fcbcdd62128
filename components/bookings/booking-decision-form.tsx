'use client';

import { useActionState } from 'react';
import { type BookingDecisionState, decideBookingAction } from '@/app/dashboard/bookings/actions';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';

/**
 * The merchant's decisions on a booking, by the same rules as the POS: accept or reject a new booking, cancel an
 * accepted one. A reason (at most 50 characters) goes with rejecting and cancelling.
 */
export function BookingDecisionForm({ bookingId, bookingStatus }: { bookingId: string; bookingStatus: string }) {
  const [state, action, pending] = useActionState<BookingDecisionState, FormData>(decideBookingAction, {});
  if (bookingStatus !== 'CREATED' && bookingStatus !== 'ACCEPTED') return null;
  const reasonId = `reason-${bookingId}`;
  return (
    <form action={action} className="space-y-3" aria-label="Booking decision">
      <input type="hidden" name="bookingId" value={bookingId} />
      <Field label="Reason" htmlFor={reasonId} error={state.fieldErrors?.reason}>
        <Input id={reasonId} name="reason" maxLength={50} placeholder="Needed to reject or cancel" aria-invalid={Boolean(state.fieldErrors?.reason)} />
      </Field>
      <div className="flex flex-wrap gap-2">
        {bookingStatus === 'CREATED' ? (
          <>
            <Button type="submit" name="bookingStatus" value="ACCEPTED" disabled={pending}>
              Accept
            </Button>
            <Button type="submit" name="bookingStatus" value="REJECTED" variant="danger" disabled={pending}>
              Reject
            </Button>
          </>
        ) : null}
        <Button type="submit" name="bookingStatus" value="CANCELLED_BY_MERCHANT" variant="secondary" disabled={pending}>
          Cancel booking
        </Button>
      </div>
      {state.error ? (
        <p role="alert" className="text-sm text-red-600">
          {state.error}
        </p>
      ) : null}
      {state.message ? (
        <p role="status" className="text-sm text-emerald-700">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
