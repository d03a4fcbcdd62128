'use client';

import { ArrowRight, TriangleAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { BoardCard } from '@/lib/orders/board-view';
import { ageLevel, ageSeconds, formatAge, isOpenStep, type AgeLevel, type TicketLine } from '@/lib/orders/tickets';
import { formatTime } from '@/lib/time/format';
import { AutoRejectCountdown } from './auto-reject-countdown';
import { FULFILMENT_LABELS, STATUS_LABELS, formatMoney, passMoves, type PassMove } from './order-format';

const AGE_STYLES: Record<AgeLevel, { ticket: string; clock: string; words: string }> = {
  ok: { ticket: 'border-stone-200', clock: 'bg-stone-100 text-stone-800', words: '' },
  warn: { ticket: 'border-amber-500 border-l-8', clock: 'bg-amber-100 text-amber-900', words: ', running late' },
  late: { ticket: 'border-red-600 border-l-8', clock: 'bg-red-600 text-white', words: ', overdue' },
};

/** Allergens to leave out of an item, in words that cannot be read the other way round. */
export function AllergenLine({ allergens }: { allergens: readonly string[] }) {
  if (!allergens.length) return null;
  const words = `Allergy: leave out ${allergens.join(', ')}`;
  return (
    <p className="flex items-center gap-1 font-bold text-red-700">
      <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
      <span>{words}</span>
    </p>
  );
}

function Lines({ lines, nested = false }: { lines: readonly TicketLine[]; nested?: boolean }) {
  return (
    <ul className={nested ? 'mt-0.5 space-y-0.5 pl-6 text-[0.9375rem] text-stone-700' : 'space-y-1.5'}>
      {lines.map((line, index) => (
        <li key={index} data-ticket-line={nested ? 'modifier' : 'item'} data-quantity={line.quantity} className="break-words">
          <span className={nested ? '' : 'font-semibold'}>
            <span className="tabular-nums">{line.quantity} ×</span> {line.description}
          </span>
          {line.notes ? <p className="italic text-stone-700">“{line.notes}”</p> : null}
          <AllergenLine allergens={line.allergens} />
          {line.modifiers.length ? <Lines lines={line.modifiers} nested /> : null}
        </li>
      ))}
    </ul>
  );
}

/** Who, how and where: channel, first names, pick up / table / delivery. */
function ticketContext(card: BoardCard, timeZone: string): string[] {
  const fulfilment = card.fulfilmentType ? (FULFILMENT_LABELS[card.fulfilmentType] ?? card.fulfilmentType) : null;
  const table = card.tableId ? `Table ${card.tableId}${card.tableSection ? ` · ${card.tableSection}` : ''}` : null;
  const due = card.scheduledFor ? `For ${formatTime(card.scheduledFor, timeZone)}` : null;
  const ready = card.expectedReadyAt && !card.scheduledFor ? `Ready by ${formatTime(card.expectedReadyAt, timeZone)} (busy)` : null;
  return [fulfilment, due ?? ready, table, card.customerNames.join(', ') || null].filter((part): part is string => Boolean(part));
}

/**
 * One order as the kitchen reads it: its items with quantities, modifiers indented, notes and allergens; how long it
 * has waited in its step (amber, then red past the location's thresholds) or, while new, the time left before it is
 * rejected automatically; and its next step one large tap away. The header opens the docket.
 */
export function Ticket({
  card,
  nowMs,
  thresholds,
  timeZone,
  isNew,
  selected,
  pending,
  clockOffsetMs,
  onOpen,
  onMove,
  onDeadline,
}: {
  card: BoardCard;
  nowMs: number;
  thresholds: { warnMinutes: number; lateMinutes: number };
  timeZone: string;
  isNew: boolean;
  selected: boolean;
  pending: boolean;
  clockOffsetMs: number;
  onOpen: (orderId: string) => void;
  onMove: (card: BoardCard, move: PassMove) => void;
  onDeadline: () => void;
}) {
  const open = isOpenStep(card.status);
  const moves = passMoves(card.status, card.fulfilmentType);
  const forward = moves.filter((move) => !move.needsReason);
  const reject = card.status === 'CREATED' ? moves.find((move) => move.status === 'REJECTED') : undefined;
  const seconds = ageSeconds(card, nowMs);
  const level = open ? ageLevel(seconds, thresholds) : 'ok';
  const style = AGE_STYLES[level];
  return (
    <li
      data-ticket={card.id}
      data-status={card.status}
      data-age-level={level}
      className={`flex min-w-0 flex-col rounded-lg border bg-white shadow-sm ${style.ticket} ${selected ? 'ring-2 ring-brand-500' : isNew ? 'ring-2 ring-amber-400' : ''}`}
    >
      <button
        type="button"
        onClick={() => onOpen(card.id)}
        data-order-id={card.id}
        data-order-card=""
        aria-label={`Order ${card.orderReference}, ${STATUS_LABELS[card.status]}${open ? `, ${formatAge(seconds)} in this step${style.words}` : ''}`}
        className="block w-full rounded-t-lg px-3 pt-2.5 pb-2 text-left focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <span className="flex items-start justify-between gap-2">
          <span className="min-w-0 truncate text-lg leading-tight font-bold text-stone-900" title={card.orderReference}>
            {card.orderReference}
          </span>{' '}
          {open ? (
            <span
              data-age={seconds}
              suppressHydrationWarning
              className={`shrink-0 rounded px-1.5 py-0.5 font-mono text-base font-semibold tabular-nums ${style.clock}`}
            >
              {formatAge(seconds)}
            </span>
          ) : null}
        </span>
        <span className="mt-0.5 block truncate text-sm text-stone-700" title={ticketContext(card, timeZone).join(' · ')}>
          {ticketContext(card, timeZone).join(' · ')}
        </span>
        <span className="block truncate text-xs text-stone-600">
          {card.originName} · {card.locationName} · {formatTime(card.createdAt, timeZone)}
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-1.5 empty:hidden">
          {isNew ? <Badge tone="amber">New order</Badge> : null}
          {card.autoRejectAt ? <AutoRejectCountdown deadline={card.autoRejectAt} clockOffsetMs={clockOffsetMs} onExpired={onDeadline} /> : null}
          {card.totalMismatch ? <Badge tone="amber">Total differs from items</Badge> : null}
        </span>
      </button>
      <div className="flex-1 px-3 pb-2 text-base text-stone-900">
        <Lines lines={card.lines} />
        {card.notes ? <p className="mt-2 rounded bg-amber-50 px-2 py-1 break-words text-amber-950 italic">Note: “{card.notes}”</p> : null}
      </div>
      {open ? null : <FinishedLine card={card} timeZone={timeZone} />}
      <div className="flex items-center gap-2 border-t border-stone-100 p-2">
        <span className="mr-auto text-sm font-semibold tabular-nums">{formatMoney(card.total)}</span>
        {reject ? (
          <Button type="button" variant="secondary" disabled={pending} onClick={() => onMove(card, reject)} aria-label={`Reject order ${card.orderReference}`}>
            Reject
          </Button>
        ) : null}
        {forward.map((move) => (
          <Button
            key={move.status}
            type="button"
            className="min-h-12 text-base lg:min-h-11"
            disabled={pending}
            onClick={() => onMove(card, move)}
            aria-label={`${move.label} order ${card.orderReference}`}
          >
            {move.label}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
        ))}
      </div>
    </li>
  );
}

/** A finished ticket says how it ended, why, and when. */
function FinishedLine({ card, timeZone }: { card: BoardCard; timeZone: string }) {
  const auto = card.statusInfo === 'AUTO_REJECTED_BY_TIMEOUT';
  return (
    <p className="mx-3 mb-2 flex flex-wrap items-center gap-1.5 text-sm">
      <Badge tone={card.status === 'FULFILLED' ? 'green' : 'red'}>{auto ? 'Auto-rejected' : STATUS_LABELS[card.status]}</Badge>
      <span className="text-stone-700">at {formatTime(card.stepSince, timeZone)}</span>
      {card.reason || auto ? <span className="w-full break-words text-stone-700">Reason: {card.reason ?? 'no answer in time'}</span> : null}
    </p>
  );
}
