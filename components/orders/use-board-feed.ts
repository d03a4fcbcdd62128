'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveEvents, type LiveEvent } from '@/components/live/use-live-events';
import type { Board, BoardCard, OrderDocket } from '@/lib/orders/board-view';

const clockOffset = (board: Board) => Date.parse(board.serverNow) - Date.now();

/**
 * The board's data, kept live: read again (coalesced) on every order event of the dashboard stream, at once after a
 * reconnect and when the stream opens, and every 30 s for the POS presence, which has no event of its own. The open
 * docket is read again when its order changes. `clockOffsetMs` is the server's clock minus the browser's, so ages and
 * countdowns do not depend on the browser's clock.
 */
export function useBoardFeed(initial: Board, filters: { locationId: string; date: string }, openOrderId: string | null) {
  const [cards, setCards] = useState<BoardCard[]>(initial.cards);
  const [posOnline, setPosOnline] = useState<string[]>(initial.posOnline ?? []);
  const [clockOffsetMs, setClockOffsetMs] = useState(() => clockOffset(initial));
  const [docket, setDocket] = useState<OrderDocket | null>(null);
  const filtersRef = useRef(filters);
  filtersRef.current = filters;
  const openRef = useRef(openOrderId);
  openRef.current = openOrderId;

  const refreshBoard = useCallback(async () => {
    const query = new URLSearchParams();
    if (filtersRef.current.locationId) query.set('locationId', filtersRef.current.locationId);
    if (filtersRef.current.date) query.set('date', filtersRef.current.date);
    const response = await fetch(`/dashboard/orders/feed?${query}`, { cache: 'no-store' });
    if (!response.ok) return;
    const board = (await response.json()) as Board;
    setClockOffsetMs(clockOffset(board));
    setPosOnline(board.posOnline ?? []);
    setCards(board.cards);
  }, []);

  const refreshDocket = useCallback(async (orderId: string) => {
    const response = await fetch(`/dashboard/orders/feed/${encodeURIComponent(orderId)}`, { cache: 'no-store' });
    const read = response.ok ? ((await response.json()) as OrderDocket) : null;
    if (openRef.current === orderId) setDocket(read);
  }, []);

  // Coalesces bursts of events into one read.
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const scheduleRefresh = useCallback(() => {
    clearTimeout(pending.current);
    pending.current = setTimeout(() => void refreshBoard(), 150);
  }, [refreshBoard]);

  const connection = useLiveEvents(
    useCallback(
      (event: LiveEvent) => {
        if (event.data.resource !== 'order') return;
        scheduleRefresh();
        if (event.data.id === openRef.current) void refreshDocket(event.data.id);
      },
      [scheduleRefresh, refreshDocket],
    ),
    useCallback(() => {
      void refreshBoard();
      if (openRef.current) void refreshDocket(openRef.current);
    }, [refreshBoard, refreshDocket]),
  );

  useEffect(() => {
    void refreshBoard();
  }, [filters.locationId, filters.date, refreshBoard]);

  // Once the stream is open, read the board again: an order that arrived between the page's first read and the
  // stream opening would otherwise wait for the next event.
  const live = connection.state === 'live';
  useEffect(() => {
    if (live) void refreshBoard();
  }, [live, refreshBoard]);

  useEffect(() => {
    const timer = setInterval(() => void refreshBoard(), 30_000);
    return () => clearInterval(timer);
  }, [refreshBoard]);

  useEffect(() => {
    setDocket(null);
    if (openOrderId) void refreshDocket(openOrderId);
  }, [openOrderId, refreshDocket]);

  return { cards, posOnline, clockOffsetMs, docket, connection, refreshBoard, refreshDocket, scheduleRefresh };
}

/** The server's time now, ticking each second: every ticket's age and countdown reads the same clock. */
export function useServerNow(clockOffsetMs: number): number {
  const [now, setNow] = useState(() => Date.now() + clockOffsetMs);
  useEffect(() => {
    const tick = () => setNow(Date.now() + clockOffsetMs);
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [clockOffsetMs]);
  return now;
}
