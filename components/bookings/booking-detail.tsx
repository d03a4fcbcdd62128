import Link from 'next/link';
import type { BookingHistoryEntry } from '@/lib/bookings/day-view';
import type { BookingResponse } from '@/lib/bookings/schema';
import type { SaleResponse } from '@/lib/sales/schema';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { bookingStatusTone, localTime, tableStatusTone, words } from './booking-format';
import { BookingDecisionForm } from './booking-decision-form';
import { BookingHostActions } from './booking-host-actions';
import { earlyMoveWarning, historyHeadline, readableHistory } from './booking-history';
import { formatDate, formatDateTime, zoneName } from '@/lib/time/format';

const sourceNames = { POS: 'POS', APP: 'Booking app', MERCHANT: 'Merchant' } as const;

/** One booking: its details, the merchant's decisions, its linked sales and its change history (who, what, when). */
export function BookingDetail({
  booking,
  history,
  sales,
  timezone,
  closeHref,
  canDecide,
}: {
  booking: BookingResponse;
  history: BookingHistoryEntry[];
  sales: SaleResponse[];
  timezone: string;
  closeHref: string;
  /** Whether this member may accept and reject requests (docs/domain.md#merchant-teams: managers and owners). */
  canDecide: boolean;
}) {
  const asset = booking.asset;
  const when = (iso: string) => formatDateTime(iso, timezone);
  const changes = readableHistory(history, timezone);
  const customer = booking.customer;
  return (
    <Card
      title={
        <>
          {customer?.name ?? 'Guest'}{' '}
          <span className="ml-2 font-normal text-stone-600">
            party of {booking.numberOfPeople}
            {booking.startTime ? `, ${localTime(booking.startTime, timezone)}` : ''}
          </span>
        </>
      }
      actions={
        <Link href={closeHref} scroll={false} className="text-sm text-stone-600 hover:underline">
          Close
        </Link>
      }
    >
      <div className="grid gap-6 md:grid-cols-2">
        <div className="space-y-3">
          <dl className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-stone-600">Customer</dt>
            <dd>{customer?.name ?? '—'}</dd>
            <dt className="text-stone-600">Phone</dt>
            <dd>
              {customer?.phoneNumber ? (
                <a className="text-brand-700 underline" href={`tel:${customer.phoneNumber}`}>
                  {customer.phoneNumber}
                </a>
              ) : (
                '—'
              )}
            </dd>
            <dt className="text-stone-600">Email</dt>
            <dd className="break-all">
              {customer?.email ? (
                <a className="text-brand-700 underline" href={`mailto:${customer.email}`}>
                  {customer.email}
                </a>
              ) : (
                '—'
              )}
            </dd>
            <dt className="text-stone-600">Party size</dt>
            <dd>{booking.numberOfPeople}</dd>
            <dt className="text-stone-600">Time</dt>
            <dd>
              {booking.startTime ? `${formatDate(booking.startTime, timezone)}, ${localTime(booking.startTime, timezone)}` : '—'}
              {booking.endTime ? `–${localTime(booking.endTime, timezone)}` : ''}
              {booking.startTime ? ` ${zoneName(timezone, booking.startTime)}` : ''}
            </dd>
            <dt className="text-stone-600">{asset.type === 'ROOM' ? 'Rooms' : 'Tables'}</dt>
            <dd>
              {asset.type === 'ROOM' ? asset.rooms.map((room) => room.number).join(', ') : (asset.tables ?? []).map((table) => table.number).join(', ') || '—'}
            </dd>
            <dt className="text-stone-600">Status</dt>
            <dd>
              <Badge tone={bookingStatusTone[booking.bookingStatus]}>{words(booking.bookingStatus)}</Badge>
              {booking.reason ? <span className="ml-2 text-stone-600">{booking.reason}</span> : null}
            </dd>
            {asset.type === 'TABLE' ? (
              <>
                <dt className="text-stone-600">Table status</dt>
                <dd data-testid="detail-table-status">
                  {asset.tableStatus ? <Badge tone={tableStatusTone[asset.tableStatus]}>{words(asset.tableStatus)}</Badge> : '—'}
                </dd>
                <dt className="text-stone-600">Arrival</dt>
                <dd>{asset.arrivalStatus ? words(asset.arrivalStatus) : '—'}</dd>
              </>
            ) : null}
            <dt className="text-stone-600">Source</dt>
            <dd className="break-words">
              {booking.origin ? `${booking.origin.name ?? 'Booking app'}, reference ${booking.origin.bookingReference}` : 'Walk-in'}
            </dd>
            <dt className="text-stone-600">Notes</dt>
            <dd className="break-words">{[booking.notes, customer?.notes].filter(Boolean).join(' · ') || '—'}</dd>
            <dt className="text-stone-600">Sales</dt>
            <dd>{sales.length ? sales.map((sale) => sale.id).join(', ') : 'None yet'}</dd>
          </dl>
          <BookingHostActions
            booking={{
              id: booking.id,
              bookingStatus: booking.bookingStatus,
              startTime: booking.startTime,
              tableStatus: asset.type === 'TABLE' ? asset.tableStatus : undefined,
              arrivalStatus: asset.type === 'TABLE' ? asset.arrivalStatus : undefined,
            }}
          />
          {canDecide ? <BookingDecisionForm bookingId={booking.id} bookingStatus={booking.bookingStatus} /> : null}
        </div>
        <div>
          <h3 className="mb-2 text-sm font-semibold text-stone-800">History</h3>
          <ol className="space-y-2 text-sm" aria-label="Booking history">
            {history.map((entry) => {
              const early = earlyMoveWarning(entry, booking.startTime);
              return (
                <li key={entry.id} className="rounded border border-stone-100 p-2">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-medium">{historyHeadline(entry, timezone)}</span>
                    <time className="text-xs text-stone-600" dateTime={entry.createdAt}>
                      {when(entry.createdAt)}
                    </time>
                  </div>
                  {early ? (
                    <p className="text-xs font-medium text-amber-800" role="note">
                      ⚠ {early}
                    </p>
                  ) : null}
                  <div className="text-xs text-stone-600">
                    by {entry.who} ({sourceNames[entry.sourceOfChange]})
                  </div>
                  <div className="mt-1 space-y-0.5 text-xs text-stone-700">
                    {(changes.get(entry.id) ?? []).map((change) => (
                      <p key={change.field} className="break-words">
                        <span className="font-medium">{change.field}</span>: {change.from !== undefined ? `${change.from} → ` : ''}
                        {change.to}
                      </p>
                    ))}
                  </div>
                </li>
              );
            })}
          </ol>
        </div>
      </div>
    </Card>
  );
}
