'use client';

import { useEffect, useRef, useState } from 'react';
import { READY_EVENT, SIGNED_OUT_EVENT } from '@/lib/events/dashboard-stream-frames';

/** One committed event as the dashboard stream sends it. */
export interface LiveEvent {
  type: string;
  locationId: string | null;
  data: { id: string; uri: string; resource: string; version: number };
}

/** Whether the stream is open ("live"), trying again ("reconnecting") or given up on while the browser is offline. */
export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'offline';

export interface LiveConnection {
  state: ConnectionState;
  /** When the page last heard from the server (an event, or the stream opening), as epoch ms. */
  lastUpdate: number | null;
}

const STREAM_URL = '/dashboard/stream';
// A restarted server is tried again at least every 2 s, each page at its own moment (up to half the wait is random),
// so a room of tablets does not reconnect in lockstep.
const MAX_BACKOFF_MS = 2_000;
const jittered = (ms: number) => ms / 2 + Math.random() * (ms / 2);

/**
 * Calls `onEvent` for every committed event in the signed-in user's scope, and `onReconnect` whenever the stream
 * is back after a drop (its `ready` frame), so the page fetches at once what it missed while disconnected. The stream is reopened
 * here (not left to EventSource's own retry) with a short, capped backoff, so a restarted server is reached again
 * within seconds.
 */
export function useLiveEvents(onEvent: (event: LiveEvent) => void, onReconnect?: () => void): LiveConnection {
  const handler = useRef(onEvent);
  const reconnect = useRef(onReconnect);
  useEffect(() => {
    handler.current = onEvent;
    reconnect.current = onReconnect;
  }, [onEvent, onReconnect]);
  const [connection, setConnection] = useState<LiveConnection>({ state: 'connecting', lastUpdate: null });

  useEffect(() => {
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let backoff = 500;
    let stopped = false;
    let dropped = false;

    const open = () => {
      clearTimeout(retryTimer);
      source?.close();
      source = new EventSource(STREAM_URL);
      source.onopen = () => {
        backoff = 500;
        setConnection({ state: 'live', lastUpdate: Date.now() });
      };
      // The server is listening for commits from here on: what the page missed while away is reloaded now, not at
      // open, so nothing committed in between is missed by both the reload and the stream.
      source.addEventListener(READY_EVENT, () => {
        if (dropped) reconnect.current?.();
        dropped = false;
      });
      source.onmessage = (message) => {
        setConnection({ state: 'live', lastUpdate: Date.now() });
        try {
          handler.current(JSON.parse(message.data) as LiveEvent);
        } catch {
          // A malformed frame is skipped; the next one still arrives.
        }
      };
      // The session ended (signed out elsewhere, disabled, expired): sign in again rather than retry a stream refused.
      // A page already leaving (this tab's own Sign out) goes where it was going.
      source.addEventListener(SIGNED_OUT_EVENT, () => {
        stopped = true;
        source?.close();
        if (!leaving) window.location.assign(`/login?callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`);
      });
      source.onerror = () => {
        if (stopped) return;
        dropped = true;
        source?.close();
        setConnection((previous) => ({ ...previous, state: navigator.onLine === false ? 'offline' : 'reconnecting' }));
        retryTimer = setTimeout(open, jittered(backoff));
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      };
    };
    let leaving = false;
    const leave = () => {
      leaving = true;
    };
    const online = () => open();
    const offline = () => setConnection((previous) => ({ ...previous, state: 'offline' }));
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    window.addEventListener('beforeunload', leave);
    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener('beforeunload', leave);
    };
  }, []);
  return connection;
}
