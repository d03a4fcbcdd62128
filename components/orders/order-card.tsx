'use client';

import type { BoardCard } from '@/lib/orders/board-view';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatTime } from '@/lib/time/format';
import { AutoRejectCountdown } from './auto-reject-countdown';
import { FULFILMENT_LABELS, STATUS_LABELS, formatMoney, passMoves, type PassMove } from './order-format';

/**
 * One order on the board: the card opens its docket (Enter or a tap), and its next move on the pass is one tap away
 * (Accept on a new order, Start preparing, Mark ready …); Reject and Cancel ask for a reason first.
 */
export function OrderCard({
  card,
  isNew,
  selected,
  clockOffsetMs,
  timeZone,
  pending,
  onSelect,
  onMove,
  onDeadline,
}: {
  card: BoardCard;
  isNew: boolean;
  selected: boolean;
  clockOffsetMs: number;
  timeZone: string;
  pending: boolean;
  onSelect: (orderId: string) => void;
  onMove: (card: BoardCard, move: PassMove) => void;
  onDeadline: () => void;
}) {
  const customers = card.customerNames.join(', ');
  const [next] = passMoves(card.status, card.fulfilmentType).filter((move) => !move.needsReason);
  const reject = card.status === 'CREATED' ? passMoves(card.status, card.fulfilmentType).find((move) => move.status === 'REJECTED') : undefined;
  return (
    <li
      className={`rounded-md border bg-white text-sm shadow-sm ${selected ? 'border-brand-500 ring-2 ring-brand-100' : 'border-stone-200'} ${
        isNew ? 'ring-2 ring-amber-400' : ''
      }`}
    >
      <button
        type="button"
        onClick={() => onSelect(card.id)}
        data-order-id={card.id}
        data-order-card=""
        className="block w-full rounded-t-md p-3 text-left focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <span className="flex items-start justify-between gap-2">
          {/* docs/domain.md#order-display: origin.orderReference, origin.name and first names have no length limit. */}
          <span className="min-w-0 truncate font-semibold text-stone-900" title={card.orderReference}>
            {card.orderReference}
          </span>
          <span className="shrink-0 font-medium tabular-nums">{formatMoney(card.total)}</span>
        </span>
        <span className="mt-0.5 block truncate text-xs text-stone-600" title={card.originName}>
          {card.originName}
        </span>
        {customers ? (
          <span className="block truncate text-xs text-stone-600" title={customers}>
            For {customers}
          </span>
        ) : null}
        <span className="mt-2 flex flex-wrap items-center gap-1.5 text-xs text-stone-600">
          {isNew ? <Badge tone="amber">New order</Badge> : null}
          {card.fulfilmentType ? <Badge>{FULFILMENT_LABELS[card.fulfilmentType] ?? card.fulfilmentType}</Badge> : null}
          {card.tableId ? <Badge tone="blue">Table {card.tableId}</Badge> : null}
          {card.statusInfo === 'AUTO_REJECTED_BY_TIMEOUT' ? <Badge tone="red">Auto-rejected</Badge> : null}
          {['REJECTED', 'CANCELLED_BY_MERCHANT', 'CANCELLED_BY_CUSTOMER'].includes(card.status) && card.statusInfo === null ? (
            <Badge tone="red">{STATUS_LABELS[card.status]}</Badge>
          ) : null}
          {card.status === 'FULFILLED' ? <Badge tone="green">Fulfilled</Badge> : null}
          {card.totalMismatch ? <Badge tone="amber">Total differs from items</Badge> : null}
          {card.autoRejectAt ? <AutoRejectCountdown deadline={card.autoRejectAt} clockOffsetMs={clockOffsetMs} onExpired={onDeadline} /> : null}
        </span>
        <span className="mt-1.5 block text-xs text-stone-600">
          {card.itemCount} item{card.itemCount === 1 ? '' : 's'} · {card.locationName} · {formatTime(card.createdAt, timeZone)}
        </span>
      </button>
      {next || reject ? (
        <div className="flex gap-2 border-t border-stone-100 p-2">
          {next ? (
            <Button
              type="button"
              className="flex-1"
              disabled={pending}
              onClick={() => onMove(card, next)}
              aria-label={`${next.label} order ${card.orderReference}`}
            >
              {next.label}
            </Button>
          ) : null}
          {reject ? (
            <Button
              type="button"
              variant="secondary"
              disabled={pending}
              onClick={() => onMove(card, reject)}
              aria-label={`Reject order ${card.orderReference}`}
            >
              Reject
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
