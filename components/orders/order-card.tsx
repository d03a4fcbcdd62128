'use client';

import type { BoardCard } from '@/lib/orders/board';
import { Badge } from '@/components/ui/badge';
import { AutoRejectCountdown } from './auto-reject-countdown';
import { FULFILMENT_LABELS, STATUS_LABELS, formatMoney, formatTime } from './order-format';

export function OrderCard({
  card,
  isNew,
  selected,
  clockOffsetMs,
  onSelect,
  onDeadline,
}: {
  card: BoardCard;
  isNew: boolean;
  selected: boolean;
  clockOffsetMs: number;
  onSelect: (orderId: string) => void;
  onDeadline: () => void;
}) {
  const customers = card.customerNames.join(', ');
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelect(card.id)}
        aria-pressed={selected}
        data-order-id={card.id}
        className={`w-full rounded-md border bg-white p-3 text-left text-sm shadow-sm transition hover:border-brand-400 focus-visible:outline-2 focus-visible:outline-brand-500 ${
          selected ? 'border-brand-500 ring-2 ring-brand-100' : 'border-stone-200'
        } ${isNew ? 'animate-[pulse_1.5s_ease-in-out_3] ring-2 ring-amber-400' : ''}`}
      >
        <div className="flex items-start justify-between gap-2">
          {/* SPEC.md: origin.orderReference, origin.name and first names have no length limit. */}
          <span className="min-w-0 truncate font-semibold text-stone-900" title={card.orderReference}>
            {card.orderReference}
          </span>
          <span className="shrink-0 font-medium tabular-nums">{formatMoney(card.total)}</span>
        </div>
        <p className="mt-0.5 truncate text-xs text-stone-600" title={card.originName}>
          {card.originName}
        </p>
        {customers ? (
          <p className="truncate text-xs text-stone-600" title={customers}>
            For {customers}
          </p>
        ) : null}
        <div className="mt-2 flex flex-wrap items-center gap-1.5 text-xs text-stone-600">
          {isNew ? <Badge tone="amber">New order</Badge> : null}
          {card.fulfilmentType ? <Badge>{FULFILMENT_LABELS[card.fulfilmentType] ?? card.fulfilmentType}</Badge> : null}
          {card.tableId ? <Badge tone="blue">Table {card.tableId}</Badge> : null}
          {card.statusInfo === 'AUTO_REJECTED_BY_TIMEOUT' ? <Badge tone="red">Auto-rejected</Badge> : null}
          {card.status !== 'REJECTED' && card.statusInfo === null && ['CANCELLED_BY_MERCHANT', 'CANCELLED_BY_CUSTOMER'].includes(card.status) ? (
            <Badge tone="red">{STATUS_LABELS[card.status]}</Badge>
          ) : null}
          {card.totalMismatch ? (
            <span title="The total differs from the items" aria-label="Total differs from the items" className="text-amber-700">
              ⚠
            </span>
          ) : null}
          {card.autoRejectAt ? <AutoRejectCountdown deadline={card.autoRejectAt} clockOffsetMs={clockOffsetMs} onExpired={onDeadline} /> : null}
        </div>
        <p className="mt-1.5 text-[11px] text-stone-500">
          {card.itemCount} item{card.itemCount === 1 ? '' : 's'} · {card.locationName} · {formatTime(card.createdAt)}
        </p>
      </button>
    </li>
  );
}
