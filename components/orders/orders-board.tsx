'use client';

import { Minimize2 } from 'lucide-react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo, useRef, useState, useTransition, type ReactNode } from 'react';
import { toast } from 'sonner';
import { moveOrderAction } from '@/app/dashboard/orders/actions';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import type { Board, BoardCard, MerchantLocation } from '@/lib/orders/board-view';
import { OPEN_STEPS, allDayCounts, byUrgency, isOpenStep, recentlyFinished, stepsInUse, type OpenStep } from '@/lib/orders/tickets';
import { formatDay } from '@/lib/time/format';
import { AllDayPanel } from './all-day-panel';
import { BoardToolbar } from './board-toolbar';
import { OfflineBanner } from './offline-banner';
import { OrderDocketView } from './order-docket';
import { STATUS_LABELS, passMoves, type PassMove } from './order-format';
import { ReasonDialog } from './reason-dialog';
import { ShortcutsDialog } from './shortcuts-dialog';
import { ThresholdsDialog } from './thresholds-dialog';
import { Ticket } from './ticket';
import { useBoardFeed, useServerNow } from './use-board-feed';
import { useBoardKeys } from './use-board-keys';
import { useNewOrderAlert } from './use-new-order-alert';

/** How many finished tickets Recall brings back. */
const RECALL_COUNT = 8;
/** A column per step in use from 1024 px (lg); one list by step below. */
const COLUMNS: Record<number, string> = { 2: 'lg:grid-cols-2', 3: 'lg:grid-cols-3', 4: 'lg:grid-cols-4', 5: 'lg:grid-cols-5' };
const DEFAULT_THRESHOLDS = { warnMinutes: 5, lateMinutes: 10 };

/**
 * The kitchen's orders board: one compact toolbar, then the tickets — a column per step in use at ≥ 1024 px, one
 * list by step below — oldest first (new orders by their auto-reject deadline), each with its items and its age in
 * the step; the all-day counts beside them. Service mode fills the screen. Filters live in the address.
 */
export function OrdersBoard({
  locations,
  initial,
  locationControls,
  banners,
  settings = true,
}: {
  locations: MerchantLocation[];
  initial: Board;
  /** A per-location control (pause, busy …) for the toolbar. */
  locationControls?: ReactNode;
  /** Notices about a location shown above the tickets. */
  banners?: ReactNode;
  /** Whether the member may set the board up (ticket timers, sample orders). */
  settings?: boolean;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const locationId = params.get('location') ?? '';
  const stepParam = params.get('step') ?? '';
  const step = (OPEN_STEPS as readonly string[]).includes(stepParam) ? (stepParam as OpenStep) : '';
  const recall = params.get('view') === 'done';
  const dateParam = params.get('date') ?? '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(dateParam) ? dateParam : '';

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<{ card: BoardCard; move: PassMove } | null>(null);
  const [shortcuts, setShortcuts] = useState(false);
  const [timers, setTimers] = useState(false);
  const [serviceMode, setServiceMode] = useState(false);
  const [pending, startTransition] = useTransition();
  const feed = useBoardFeed(initial, { locationId, date }, selectedId);
  const { cards, clockOffsetMs, docket } = feed;
  const alert = useNewOrderAlert(cards);
  const nowMs = useServerNow(clockOffsetMs);

  const byId = useMemo(() => new Map(locations.map((location) => [location.id, location])), [locations]);
  const zoneOf = useCallback((id: string) => byId.get(id)?.timezone ?? 'UTC', [byId]);

  const setParam = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    router.replace(`${pathname}${next.size ? `?${next}` : ''}`, { scroll: false });
  };

  const open = useMemo(() => cards.filter((card) => isOpenStep(card.status)).sort(byUrgency), [cards]);
  const steps = stepsInUse(open).filter((each) => !step || each === step);
  const finished = useMemo(() => recentlyFinished(cards, date ? cards.length : RECALL_COUNT), [cards, date]);
  const counts = useMemo(() => allDayCounts(open), [open]);

  const openDocket = (orderId: string) => {
    setMoveError(null);
    setSelectedId(orderId);
    alert.acknowledge(orderId);
  };

  const move = (card: BoardCard, next: PassMove, reason?: string) => {
    if (next.needsReason && reason === undefined) {
      setRejecting({ card, move: next });
      return;
    }
    alert.acknowledge(card.id);
    startTransition(async () => {
      const form = new FormData();
      form.set('orderId', card.id);
      form.set('status', next.status);
      if (reason) form.set('reason', reason);
      const result = await moveOrderAction({}, form);
      if (result.error || result.fieldErrors) {
        const message = result.error ?? Object.values(result.fieldErrors ?? {})[0] ?? 'The order could not be moved.';
        setMoveError(message);
        toast.error(message, { position: 'bottom-left' });
      } else {
        setMoveError(null);
        toast.success(`${card.orderReference}: ${STATUS_LABELS[next.status]}`, { position: 'bottom-left' });
      }
      void feed.refreshBoard();
      if (selectedId === card.id) void feed.refreshDocket(card.id);
    });
  };

  const board = useRef<HTMLDivElement>(null);
  useBoardKeys(board, {
    cards,
    onMove: move,
    onRecall: () => setParam('view', recall ? '' : 'done'),
    onShortcuts: () => setShortcuts(true),
  });

  const renderTicket = (card: BoardCard) => (
    <Ticket
      key={card.id}
      card={card}
      nowMs={nowMs}
      thresholds={byId.get(card.locationId) ?? DEFAULT_THRESHOLDS}
      timeZone={zoneOf(card.locationId)}
      isNew={alert.isNew(card.id) && card.status === 'CREATED'}
      selected={card.id === selectedId}
      pending={pending}
      clockOffsetMs={clockOffsetMs}
      onOpen={openDocket}
      onMove={move}
      onDeadline={feed.scheduleRefresh}
    />
  );

  const selectedCard = cards.find((card) => card.id === selectedId);
  const docketMoves = docket ? passMoves(docket.order.status, docket.order.fulfilment.type ?? null) : [];
  const announcement = alert.waiting.map((card) => `New order ${card.orderReference} from ${card.originName}`).join('. ');

  return (
    <div
      ref={board}
      data-service-mode={serviceMode ? '' : undefined}
      className={serviceMode ? 'fixed inset-0 z-30 space-y-3 overflow-y-auto bg-stone-50 p-3 sm:p-4' : 'space-y-3'}
    >
      <BoardToolbar
        locations={locations}
        locationId={locationId}
        onLocation={(value) => setParam('location', value)}
        step={step}
        onStep={(value) => setParam('step', value)}
        date={date}
        onDate={(value) => setParam('date', value)}
        sound={alert.sound}
        onToggleSound={() => void alert.toggleSound()}
        repeat={alert.repeat}
        onToggleRepeat={alert.toggleRepeat}
        waiting={alert.waiting.length}
        onAcknowledge={() => alert.acknowledge()}
        recall={recall}
        onToggleRecall={() => setParam('view', recall ? '' : 'done')}
        serviceMode={serviceMode}
        onToggleServiceMode={() => setServiceMode((on) => !on)}
        onShowShortcuts={() => setShortcuts(true)}
        onShowTimers={settings ? () => setTimers(true) : undefined}
        posOnline={feed.posOnline}
        connection={feed.connection}
        locationControls={locationControls}
      />
      {/* Announced until decided; read by screen readers only, the ticket itself is marked "New order". */}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {banners}
      <OfflineBanner
        locations={locations.filter((location) => !locationId || location.id === locationId)}
        posOnline={feed.posOnline}
        cards={cards}
        clockOffsetMs={clockOffsetMs}
        onDeadline={feed.scheduleRefresh}
      />
      {date ? <p className="text-sm font-medium text-stone-700">Orders received on {formatDay(date)}</p> : null}

      {recall ? (
        <section aria-label="Done" className="rounded-lg border border-dashed border-stone-300 p-2">
          <h2 className="mb-2 px-1 text-sm font-semibold tracking-wide text-stone-700 uppercase">{date ? 'Finished' : 'Recalled: last finished'}</h2>
          {finished.length ? (
            <ul className="grid gap-2 md:grid-cols-2 lg:grid-cols-4">{finished.map(renderTicket)}</ul>
          ) : (
            <p className="px-1 text-sm text-stone-600">{date ? `No finished orders on ${formatDay(date)}.` : 'No finished orders in the last 12 hours.'}</p>
          )}
        </section>
      ) : null}

      <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_15rem]">
        {steps.length ? (
          <div className={`grid gap-3 ${COLUMNS[steps.length] ?? ''}`}>
            {steps.map((each) => {
              const tickets = open.filter((card) => card.status === each);
              return (
                <section key={each} aria-label={STATUS_LABELS[each]} data-step-column={each} className="min-w-0 rounded-lg bg-stone-100 p-2">
                  <h2 className="mb-2 flex items-center justify-between px-1 text-sm font-semibold tracking-wide text-stone-700 uppercase">
                    {STATUS_LABELS[each]}
                    <span className="rounded-full bg-white px-2 py-0.5 text-stone-700">{tickets.length}</span>
                  </h2>
                  <ul className={`grid gap-2 ${steps.length === 1 ? 'md:grid-cols-2 lg:grid-cols-3' : 'md:grid-cols-2 lg:grid-cols-1'}`}>
                    {tickets.map(renderTicket)}
                  </ul>
                </section>
              );
            })}
          </div>
        ) : (
          <p className="rounded-lg bg-stone-100 p-6 text-center text-stone-600">
            {step ? `No open orders in ${STATUS_LABELS[step]}.` : date ? `No open orders on ${formatDay(date)}.` : 'No open orders. New ones appear here.'}
          </p>
        )}
        <AllDayPanel counts={counts} />
      </div>

      {serviceMode ? (
        <Button type="button" variant="secondary" className="fixed right-3 bottom-3 z-30 shadow-lg" onClick={() => setServiceMode(false)}>
          <Minimize2 aria-hidden="true" className="size-4" />
          Leave service mode
        </Button>
      ) : null}

      <Dialog open={Boolean(selectedId)} onOpenChange={(opened) => (opened ? null : setSelectedId(null))}>
        {selectedId ? (
          <DialogContent
            title={selectedCard ? `Order ${selectedCard.orderReference}` : 'Order'}
            side="right"
            onCloseAutoFocus={(event) => {
              // Back to the ticket the docket belongs to (it may have moved to another column meanwhile).
              const ticket = document.querySelector<HTMLElement>(`[data-order-id="${CSS.escape(selectedId)}"]`);
              if (ticket) {
                event.preventDefault();
                ticket.focus();
              }
            }}
          >
            {docket ? (
              <OrderDocketView
                docket={docket}
                clockOffsetMs={clockOffsetMs}
                timeZone={zoneOf(selectedCard?.locationId ?? docket.order.locationId)}
                actions={
                  <div className="space-y-2 print:hidden">
                    {docketMoves.length ? (
                      <div className="flex flex-wrap gap-2">
                        {docketMoves.map((next) => (
                          <Button
                            key={next.status}
                            type="button"
                            variant={next.needsReason ? 'secondary' : 'primary'}
                            disabled={pending}
                            onClick={() => selectedCard && move(selectedCard, next)}
                          >
                            {next.label}
                          </Button>
                        ))}
                      </div>
                    ) : null}
                    {moveError ? (
                      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
                        {moveError}
                      </p>
                    ) : null}
                  </div>
                }
              />
            ) : (
              <p className="text-sm text-stone-600">Loading…</p>
            )}
          </DialogContent>
        ) : null}
      </Dialog>

      <ReasonDialog
        request={rejecting}
        onCancel={() => setRejecting(null)}
        onConfirm={(reason) => {
          if (rejecting) move(rejecting.card, rejecting.move, reason);
          setRejecting(null);
        }}
      />
      <ShortcutsDialog open={shortcuts} onOpenChange={setShortcuts} />
      <ThresholdsDialog open={timers} onOpenChange={setTimers} locations={locations} initialLocationId={locationId} />
    </div>
  );
}
