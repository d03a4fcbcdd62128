'use client';

import { Bell, BellOff } from 'lucide-react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState, useTransition, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { moveOrderAction } from '@/app/dashboard/orders/actions';
import { ConnectionStatus } from '@/components/live/connection-status';
import { useLiveEvents, type LiveEvent } from '@/components/live/use-live-events';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input, Select } from '@/components/ui/field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { Board, BoardCard, MerchantLocation, OrderDocket } from '@/lib/orders/board-view';
import { ORDER_STATUSES, type OrderStatus } from '@/lib/orders/transitions';
import { formatDay } from '@/lib/time/format';
import { OrderCard } from './order-card';
import { OrderDocketView } from './order-docket';
import { BOARD_COLUMNS, DONE_STATUSES, REJECT_REASONS, STATUS_LABELS, passMoves, type PassMove } from './order-format';

const clockOffset = (board: Board) => Date.parse(board.serverNow) - Date.now();
const SOUND_KEY = 'counterpart.orders.sound';

/** A short two-tone chime (Web Audio; no file to load). */
function chime() {
  try {
    const audio = new AudioContext();
    [880, 660].forEach((frequency, index) => {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.2, audio.currentTime + index * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + index * 0.18 + 0.16);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(audio.currentTime + index * 0.18);
      oscillator.stop(audio.currentTime + index * 0.18 + 0.17);
    });
  } catch {
    // No audio output: the highlight and the title still tell.
  }
}

/**
 * The live orders board a merchant runs the pass from: active orders in columns by status (New → Out for delivery),
 * finished ones under Done; each card's next move is one tap away, and Reject asks for a reason. Refreshed from the
 * server on every order event of the dashboard stream, and at once after a reconnect. Filters live in the address.
 * Keys: j/k or the arrow keys move between cards, a accepts, r rejects, Enter opens the docket.
 */
export function OrdersBoard({ locations, initial }: { locations: MerchantLocation[]; initial: Board }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const locationId = params.get('location') ?? '';
  const statusParam = params.get('status') ?? '';
  const status = (ORDER_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as OrderStatus) : '';
  const view = params.get('view') === 'done' ? 'done' : 'active';
  // Today (the live view: open orders and those finished lately) unless another day is chosen.
  const dateParam = params.get('date') ?? '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(dateParam) ? dateParam : '';

  const [cards, setCards] = useState<BoardCard[]>(initial.cards);
  const [posOnline, setPosOnline] = useState<string[]>(initial.posOnline ?? []);
  const [offsetMs, setOffsetMs] = useState(() => clockOffset(initial));
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(new Set());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [docket, setDocket] = useState<OrderDocket | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<{ card: BoardCard; move: PassMove } | null>(null);
  const [sound, setSound] = useState(false);
  const [pending, startTransition] = useTransition();
  const known = useRef(new Set(initial.cards.map((card) => card.id)));
  const soundRef = useRef(sound);
  soundRef.current = sound;
  const filtersRef = useRef({ locationId, status, date });
  filtersRef.current = { locationId, status, date };
  const zoneOf = useCallback((id: string) => locations.find((location) => location.id === id)?.timezone ?? 'UTC', [locations]);

  useEffect(() => setSound(localStorage.getItem(SOUND_KEY) === 'on'), []);

  const setParam = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    router.replace(`${pathname}${next.size ? `?${next}` : ''}`, { scroll: false });
  };

  const refreshBoard = useCallback(async () => {
    const query = new URLSearchParams();
    if (filtersRef.current.locationId) query.set('locationId', filtersRef.current.locationId);
    if (filtersRef.current.status) query.set('status', filtersRef.current.status);
    if (filtersRef.current.date) query.set('date', filtersRef.current.date);
    const response = await fetch(`/dashboard/orders/feed?${query}`, { cache: 'no-store' });
    if (!response.ok) return;
    const board = (await response.json()) as Board;
    const arrived = board.cards.filter((card) => card.status === 'CREATED' && !known.current.has(card.id));
    for (const card of board.cards) known.current.add(card.id);
    if (arrived.length) {
      setNewIds((previous) => new Set([...previous, ...arrived.map((card) => card.id)]));
      if (soundRef.current) chime();
      if (typeof Notification !== 'undefined' && Notification.permission === 'granted' && document.visibilityState !== 'visible') {
        for (const card of arrived) new Notification(`New order ${card.orderReference}`, { body: `${card.originName} · ${card.locationName}`, tag: card.id });
      }
    }
    setOffsetMs(clockOffset(board));
    setPosOnline(board.posOnline ?? []);
    setCards(board.cards);
  }, []);

  const refreshDocket = useCallback(async (orderId: string) => {
    const response = await fetch(`/dashboard/orders/feed/${encodeURIComponent(orderId)}`, { cache: 'no-store' });
    setDocket(response.ok ? ((await response.json()) as OrderDocket) : null);
  }, []);

  // Coalesces bursts of events into one refetch.
  const pendingRefresh = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const scheduleRefresh = useCallback(() => {
    clearTimeout(pendingRefresh.current);
    pendingRefresh.current = setTimeout(() => void refreshBoard(), 150);
  }, [refreshBoard]);

  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;
  const connection = useLiveEvents(
    useCallback(
      (event: LiveEvent) => {
        if (event.data.resource !== 'order') return;
        scheduleRefresh();
        if (event.data.id === selectedRef.current) void refreshDocket(event.data.id);
      },
      [scheduleRefresh, refreshDocket],
    ),
    useCallback(() => {
      void refreshBoard();
      if (selectedRef.current) void refreshDocket(selectedRef.current);
    }, [refreshBoard, refreshDocket]),
  );

  useEffect(() => {
    void refreshBoard();
  }, [locationId, status, date, refreshBoard]);

  // Once the stream is open, read the board again: an order that arrived between the page's first read and the
  // stream opening would otherwise wait for the next event.
  const live = connection.state === 'live';
  useEffect(() => {
    if (live) void refreshBoard();
  }, [live, refreshBoard]);

  // The POS presence has no event of its own: look again every 30 s.
  useEffect(() => {
    const timer = setInterval(() => void refreshBoard(), 30_000);
    return () => clearInterval(timer);
  }, [refreshBoard]);

  useEffect(() => {
    setMoveError(null);
    if (selectedId) void refreshDocket(selectedId);
    else setDocket(null);
  }, [selectedId, refreshDocket]);

  // Undecided new orders count in the tab's title ("(2) Orders"), so a busy kitchen sees them from another tab.
  const waiting = cards.filter((card) => card.status === 'CREATED').length;
  useEffect(() => {
    document.title = `${waiting ? `(${waiting}) ` : ''}Orders · Counterpart`;
  }, [waiting]);

  // "New order" is announced until the order is decided.
  const announcement = cards
    .filter((card) => newIds.has(card.id) && card.status === 'CREATED')
    .map((card) => `New order ${card.orderReference} from ${card.originName}`)
    .join('. ');

  const select = (orderId: string) => {
    setSelectedId(orderId);
    setNewIds((previous) => new Set([...previous].filter((id) => id !== orderId)));
  };

  const move = (card: BoardCard, next: PassMove, reason?: string) => {
    if (next.needsReason && reason === undefined) {
      setRejecting({ card, move: next });
      return;
    }
    startTransition(async () => {
      const form = new FormData();
      form.set('orderId', card.id);
      form.set('status', next.status);
      if (reason) form.set('reason', reason);
      const result = await moveOrderAction({}, form);
      if (result.error || result.fieldErrors) {
        const message = result.error ?? Object.values(result.fieldErrors ?? {})[0] ?? 'The order could not be moved.';
        setMoveError(message);
        toast.error(message);
      } else {
        setMoveError(null);
        toast.success(`${card.orderReference}: ${STATUS_LABELS[next.status]}`);
      }
      void refreshBoard();
      if (selectedRef.current === card.id) void refreshDocket(card.id);
    });
  };

  const active = useMemo(() => cards.filter((card) => !DONE_STATUSES.includes(card.status)), [cards]);
  const done = useMemo(() => cards.filter((card) => DONE_STATUSES.includes(card.status)), [cards]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement || event.metaKey || event.ctrlKey || event.altKey) return;
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[data-order-card]')];
    const index = buttons.findIndex((button) => button === document.activeElement);
    const focused = index >= 0 ? cards.find((card) => card.id === buttons[index]!.dataset.orderId) : undefined;
    const step = ['j', 'ArrowDown', 'ArrowRight'].includes(event.key) ? 1 : ['k', 'ArrowUp', 'ArrowLeft'].includes(event.key) ? -1 : 0;
    if (step && buttons.length) {
      event.preventDefault();
      buttons[Math.max(0, Math.min(buttons.length - 1, index + step))]!.focus();
    } else if (focused && focused.status === 'CREATED' && (event.key === 'a' || event.key === 'r')) {
      event.preventDefault();
      move(focused, passMoves('CREATED', focused.fulfilmentType)[event.key === 'a' ? 0 : 1]!);
    }
  };

  const toggleSound = async () => {
    const next = !sound;
    setSound(next);
    localStorage.setItem(SOUND_KEY, next ? 'on' : 'off');
    if (next) {
      chime();
      if (typeof Notification !== 'undefined' && Notification.permission === 'default') await Notification.requestPermission().catch(() => undefined);
    }
  };

  const selectedCard = cards.find((card) => card.id === selectedId);
  const docketMoves = docket ? passMoves(docket.order.status, docket.order.fulfilment.type ?? null) : [];

  const renderCards = (list: BoardCard[]) =>
    list.map((card) => (
      <OrderCard
        key={card.id}
        card={card}
        isNew={newIds.has(card.id) && card.status === 'CREATED'}
        selected={card.id === selectedId}
        clockOffsetMs={offsetMs}
        timeZone={zoneOf(card.locationId)}
        pending={pending}
        onSelect={select}
        onMove={move}
        onDeadline={scheduleRefresh}
      />
    ));

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <div>
          <label htmlFor="board-location" className="block text-xs font-medium text-stone-600">
            Location
          </label>
          <Select id="board-location" value={locationId} onChange={(event) => setParam('location', event.target.value)} className="w-full sm:w-auto">
            <option value="">All locations</option>
            {locations.map((location) => (
              <option key={location.id} value={location.id}>
                {location.name}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor="board-status" className="block text-xs font-medium text-stone-600">
            Status
          </label>
          <Select id="board-status" value={status} onChange={(event) => setParam('status', event.target.value)} className="w-full sm:w-auto">
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor="board-date" className="block text-xs font-medium text-stone-600">
            Day
          </label>
          <div className="flex gap-2">
            <Input
              id="board-date"
              type="date"
              value={date}
              onChange={(event) => setParam('date', event.target.value)}
              className="w-full min-w-0 sm:w-auto"
              aria-describedby="board-date-hint"
            />
            {date ? (
              <Button type="button" variant="secondary" onClick={() => setParam('date', '')}>
                Today
              </Button>
            ) : null}
          </div>
          <p id="board-date-hint" className="sr-only">
            Empty for today: open orders and those finished in the last 12 hours. Days are each location&apos;s own.
          </p>
        </div>
        <Button type="button" variant="secondary" onClick={() => void toggleSound()} aria-pressed={sound}>
          {sound ? <Bell aria-hidden="true" className="size-4" /> : <BellOff aria-hidden="true" className="size-4" />}
          {sound ? 'Sound on' : 'Sound off'}
        </Button>
        <div className="col-span-2 sm:col-span-1">
          <ConnectionStatus connection={connection} />
        </div>
      </div>
      <ul aria-label="Point of sale" className="flex flex-wrap gap-2 text-xs">
        {locations.map((location) => {
          const online = posOnline.includes(location.id);
          return (
            <li
              key={location.id}
              data-pos-status={online ? 'GREEN' : 'RED'}
              className="inline-flex items-center gap-1.5 rounded-full border border-stone-200 bg-white px-2.5 py-1 text-stone-700"
            >
              <span aria-hidden="true" className={`size-2 rounded-full ${online ? 'bg-emerald-500' : 'bg-red-500'}`} />
              {location.name}: POS {online ? 'online' : 'offline'}
            </li>
          );
        })}
      </ul>
      <p className="text-sm font-medium text-stone-700">
        {date ? `Orders received on ${formatDay(date)}` : 'Today: open orders and those finished in the last 12 hours'}
      </p>
      {/* Reserved height: the announcement appearing does not push the board down. */}
      <p aria-live="polite" className="min-h-5 truncate text-sm font-medium text-amber-800">
        {announcement}
      </p>

      <Tabs value={view} onValueChange={(value) => setParam('view', value === 'done' ? 'done' : '')}>
        <TabsList aria-label="Orders">
          <TabsTrigger value="active">Active ({active.length})</TabsTrigger>
          <TabsTrigger value="done">Done ({done.length})</TabsTrigger>
        </TabsList>
        <TabsContent value="active" className="mt-3" onKeyDown={onKeyDown}>
          {/* Only the board scrolls sideways on narrow screens; at 1280 px the five columns sit side by side. */}
          <div
            role="region"
            aria-label="Active orders"
            tabIndex={0}
            className="relative overflow-x-auto pb-2 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <div className="grid min-w-[60rem] grid-cols-5 gap-3">
              {BOARD_COLUMNS.map((column) => {
                const columnCards = active.filter((card) => column.statuses.includes(card.status));
                return (
                  <section key={column.title} aria-label={column.title} className="flex min-h-64 min-w-0 flex-col rounded-lg bg-stone-100 p-2">
                    <h2 className="mb-2 flex items-center justify-between px-1 text-xs font-semibold tracking-wide text-stone-700 uppercase">
                      {column.title}
                      <span className="rounded-full bg-white px-2 py-0.5 text-stone-700">{columnCards.length}</span>
                    </h2>
                    <ul className="space-y-2">{renderCards(columnCards)}</ul>
                  </section>
                );
              })}
            </div>
          </div>
        </TabsContent>
        <TabsContent value="done" className="mt-3" onKeyDown={onKeyDown}>
          <section aria-label="Done">
            {done.length ? (
              <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">{renderCards(done)}</ul>
            ) : (
              <p className="text-sm text-stone-600">{date ? `No finished orders on ${formatDay(date)}.` : 'No finished orders in the last 12 hours.'}</p>
            )}
          </section>
        </TabsContent>
      </Tabs>

      <Dialog open={Boolean(selectedId)} onOpenChange={(open) => (open ? null : setSelectedId(null))}>
        {selectedId ? (
          <DialogContent title={selectedCard ? `Order ${selectedCard.orderReference}` : 'Order'} side="right">
            {docket ? (
              <OrderDocketView
                docket={docket}
                clockOffsetMs={offsetMs}
                timeZone={zoneOf(selectedCard?.locationId ?? '')}
                actions={
                  <div className="space-y-2">
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
    </div>
  );
}

/** Reject (or cancel) asks why: a short list, or the merchant's own words; the ordering app receives the reason. */
function ReasonDialog({
  request,
  onCancel,
  onConfirm,
}: {
  request: { card: BoardCard; move: PassMove } | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [choice, setChoice] = useState<string>(REJECT_REASONS[0]);
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setChoice(REJECT_REASONS[0]);
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
              {[...REJECT_REASONS, 'other'].map((reason) => (
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
