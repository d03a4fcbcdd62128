'use client';

import { useRef, useState } from 'react';
import { hostMoveAction } from '@/app/dashboard/bookings/actions';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useDashboardForm } from '@/components/ui/use-dashboard-form';
import { type HostMove, MOVES_CHECKED_FOR_EARLY, howLongBefore, isWellBeforeBooking, nextHostMoves } from '@/lib/bookings/host-moves';

const LABELS: Record<HostMove, string> = {
  ARRIVED: 'Arrived',
  NO_SHOW: 'No-show',
  SEATED: 'Seat',
  DINING: 'Dining',
  CLOSING: 'Closing',
  FINALISED: 'Finalise',
};

/**
 * The host's buttons on a booking (arrived, seat, dining, closing, finalise, no-show), each one change by the POS's rules.
 * Seating or finalising well before the booked time asks first, saying how early it is.
 */
export function BookingHostActions({
  booking,
}: {
  booking: { id: string; bookingStatus: string; startTime?: string | undefined; tableStatus?: string | undefined; arrivalStatus?: string | undefined };
}) {
  const form = useDashboardForm(hostMoveAction);
  const formRef = useRef<HTMLFormElement>(null);
  const moveRef = useRef<HTMLInputElement>(null);
  const [asking, setAsking] = useState<HostMove | null>(null);
  const moves = nextHostMoves(booking);
  if (!moves.length) return null;
  const submit = (move: HostMove) => {
    moveRef.current!.value = move;
    formRef.current!.requestSubmit();
  };
  const onMove = (move: HostMove) => {
    const now = new Date();
    if (booking.startTime && MOVES_CHECKED_FOR_EARLY.includes(move) && isWellBeforeBooking(booking.startTime, now)) setAsking(move);
    else submit(move);
  };
  return (
    <form ref={formRef} action={form.formAction} className="space-y-2" aria-label="At the door">
      <input type="hidden" name="bookingId" value={booking.id} />
      <input ref={moveRef} type="hidden" name="move" defaultValue="" />
      <div className="flex flex-wrap gap-2">
        {moves.map((move) => (
          <Button key={move} type="button" variant={move === 'NO_SHOW' ? 'secondary' : 'primary'} disabled={form.pending} onClick={() => onMove(move)}>
            {LABELS[move]}
          </Button>
        ))}
      </div>
      {asking && booking.startTime ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : setAsking(null))}
          title={`${LABELS[asking]} ${howLongBefore(booking.startTime, new Date())} early?`}
          description={`This booking is for later: it is ${howLongBefore(booking.startTime, new Date())} before the booked time. ${
            asking === 'FINALISED'
              ? 'Finalising frees the table and tells the booking app the visit is over.'
              : 'Seating tells the booking app the party is here.'
          }`}
          confirmLabel={`${LABELS[asking]} anyway`}
          onConfirm={() => {
            const move = asking;
            setAsking(null);
            submit(move);
          }}
        />
      ) : null}
      {form.formError ? (
        <p role="alert" className="text-sm text-red-700">
          {form.formError}
        </p>
      ) : null}
    </form>
  );
}
