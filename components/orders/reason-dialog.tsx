'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import type { BoardCard } from '@/lib/orders/board-view';
import { rejectReasons, type PassMove } from './order-format';

/** Reject (or cancel) asks why: reasons that fit the order, or the merchant's own words; the ordering app is told. */
export function ReasonDialog({
  request,
  onCancel,
  onConfirm,
}: {
  request: { card: BoardCard; move: PassMove } | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const reasons = rejectReasons(request?.card.fulfilmentType ?? null);
  const [choice, setChoice] = useState<string>(reasons[0]!);
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setChoice('Item unavailable');
    setOther('');
    setError(null);
  }, [request]);
  const verb = request?.move.status === 'REJECTED' ? 'Reject' : 'Cancel';
  return (
    <Dialog open={Boolean(request)} onOpenChange={(open) => (open ? null : onCancel())}>
      {request ? (
        <DialogContent title={`${verb} order ${request.card.orderReference}?`} description="The ordering app is told, with your reason.">
          <form
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              const reason = choice === 'other' ? other.trim() : choice;
              if (!reason) {
                setError('Say why, in a few words.');
                return;
              }
              onConfirm(reason);
            }}
          >
            <fieldset className="space-y-1">
              <legend className="mb-1 text-sm font-medium text-stone-700">Reason</legend>
              {[...reasons, 'other'].map((reason) => (
                <label key={reason} className="flex min-h-11 items-center gap-2 text-sm lg:min-h-8">
                  <input
                    type="radio"
                    name="reason"
                    value={reason}
                    checked={choice === reason}
                    onChange={() => setChoice(reason)}
                    className="size-4 accent-brand-600"
                  />
                  {reason === 'other' ? 'Other' : reason}
                </label>
              ))}
            </fieldset>
            {choice === 'other' ? (
              <div className="space-y-1">
                <label htmlFor="other-reason" className="block text-sm font-medium text-stone-700">
                  Other reason
                </label>
                <input
                  id="other-reason"
                  value={other}
                  onChange={(event) => {
                    setOther(event.target.value);
                    setError(null);
                  }}
                  aria-describedby="other-reason-error"
                  aria-invalid={error ? true : undefined}
                  maxLength={500}
                  autoFocus
                  className="block min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 text-sm"
                />
                <p id="other-reason-error" className="text-sm text-red-700 empty:hidden" aria-live="polite">
                  {error}
                </p>
              </div>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="secondary" onClick={onCancel}>
                Keep order
              </Button>
              <Button type="submit" variant="danger">
                {verb} order
              </Button>
            </div>
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
