'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveEvents, type LiveEvent } from '@/components/live/use-live-events';
import { Select } from '@/components/ui/field';
import type { Board, BoardCard, MerchantLocation, OrderDocket } from '@/lib/orders/board';
import { ORDER_STATUSES } from '@/lib/orders/transitions';
import { OrderCard } from './order-card';
import { OrderDocketView } from './order-docket';
import { BOARD_COLUMNS, STATUS_LABELS } from './order-format';

const clockOffset = (board: Board) => Date.parse(board.serverNow) - Date.now();

/**
 * The live orders board: columns by status, refreshed from the server whenever an order event arrives on the
 * dashboard stream, so cards appear and move without a reload. A new order is highlighted and announced to
 * screen readers (no sound) and shows its countdown to the auto-reject deadline.
 */
export function OrdersBoard({ locations, initial }: { locations: MerchantLocation[]; initial: Board }) {
  const [cards, setCards] = useState<BoardCard[]>(initial.cards);
  const [offsetMs, setOffsetMs] = useState(() => clockOffset(initial));
  const [locationId, setLocationId] = useState('');
  const [status, setStatus] = useState('');
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [docket, setDocket] = useState<OrderDocket | null>(null);
  const known = useRef(new Set(initial.cards.map((card) => card.id)));
  const filtersRef = useRef({ locationId, status });
  filtersRef.current = { locationId, status };

  const refreshBoard = useCallback(async () => {
    const query = new URLSearchParams();
    if (filtersRef.current.locationId) query.set('locationId', filtersRef.current.locationId);
    if (filtersRef.current.status) query.set('status', filtersRef.current.status);
    const response = await fetch(`/dashboard/orders/feed?${query}`, { cache: 'no-store' });
    if (!response.ok) return;
    const board = (await response.json()) as Board;
    const arrived = board.cards.filter((card) => card.status === 'CREATED' && !known.current.has(card.id));
    for (const card of board.cards) known.current.add(card.id);
    if (arrived.length) {
      setNewIds((previous) => new Set([...previous, ...arrived.map((card) => card.id)]));
      setAnnouncement(arrived.map((card) => `New order ${card.orderReference} from ${card.originName}`).join('. '));
    }
    setOffsetMs(clockOffset(board));
    setCards(board.cards);
  }, []);

  const refreshDocket = useCallback(async (orderId: string) => {
    const response = await fetch(`/dashboard/orders/feed/${encodeURIComponent(orderId)}`, { cache: 'no-store' });
    setDocket(response.ok ? ((await response.json()) as OrderDocket) : null);
  }, []);

  // Coalesces bursts of events into one refetch.
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const scheduleRefresh = useCallback(() => {
    clearTimeout(pending.current);
    pending.current = setTimeout(() => void refreshBoard(), 150);
  }, [refreshBoard]);

  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;
  useLiveEvents(
    useCallback(
      (event: LiveEvent) => {
        if (event.data.resource !== 'order') return;
        scheduleRefresh();
        if (event.data.id === selectedRef.current) void refreshDocket(event.data.id);
      },
      [scheduleRefresh, refreshDocket],
    ),
  );

  useEffect(() => {
    void refreshBoard();
  }, [locationId, status, refreshBoard]);

  useEffect(() => {
    if (selectedId) void refreshDocket(selectedId);
    else setDocket(null);
  }, [selectedId, refreshDocket]);

  const select = (orderId: string) => {
    setSelectedId(orderId);
    setNewIds((previous) => new Set([...previous].filter((id) => id !== orderId)));
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="board-location" className="block text-xs font-medium text-stone-600">
            Location
          </label>
          <Select id="board-location" value={locationId} onChange={(event) => setLocationId(event.target.value)} className="w-auto">
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
          <Select id="board-status" value={status} onChange={(event) => setStatus(event.target.value)} className="w-auto">
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
        <p aria-live="polite" className="min-h-5 text-sm font-medium text-amber-800">
          {announcement}
        </p>
      </div>

      <div className="flex gap-4">
        <div className="grid min-w-0 flex-1 auto-cols-[minmax(13rem,1fr)] grid-flow-col gap-3 overflow-x-auto pb-2">
          {BOARD_COLUMNS.map((column) => {
            const columnCards = cards.filter((card) => column.statuses.includes(card.status));
            return (
              <section key={column.title} aria-label={column.title} className="flex min-h-64 flex-col rounded-lg bg-stone-100 p-2">
                <h2 className="mb-2 flex items-center justify-between px-1 text-xs font-semibold uppercase tracking-wide text-stone-600">
                  {column.title}
                  <span className="rounded-full bg-white px-2 py-0.5 text-stone-700">{columnCards.length}</span>
                </h2>
                <ul className="space-y-2">
                  {columnCards.map((card) => (
                    <OrderCard
                      key={card.id}
                      card={card}
                      isNew={newIds.has(card.id) && card.status === 'CREATED'}
                      selected={card.id === selectedId}
                      clockOffsetMs={offsetMs}
                      onSelect={select}
                      onDeadline={scheduleRefresh}
                    />
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
        {docket ? (
          <aside className="w-96 shrink-0 self-start rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
            <OrderDocketView docket={docket} clockOffsetMs={offsetMs} onClose={() => setSelectedId(null)} />
          </aside>
        ) : null}
      </div>
    </div>
  );
}
