'use client';

import { useEffect, useRef } from 'react';

/** One committed event as the dashboard stream sends it. */
export interface LiveEvent {
  type: string;
  locationId: string | null;
  data: { id: string; uri: string; resource: string; version: number };
}

const STREAM_URL = '/dashboard/stream';
const MAX_BACKOFF_MS = 30_000;

/**
 * Calls `onEvent` for every committed event in the signed-in user's scope. EventSource retries dropped connections
 * itself; when the server refuses the stream (it then stays CLOSED), this reconnects with a growing delay.
 */
export function useLiveEvents(onEvent: (event: LiveEvent) => void): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  }, [onEvent]);

  useEffect(() => {
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let backoff = 1000;
    let stopped = false;

    const open = () => {
      source = new EventSource(STREAM_URL);
      source.onopen = () => {
        backoff = 1000;
      };
      source.onmessage = (message) => {
        try {
          handler.current(JSON.parse(message.data) as LiveEvent);
        } catch {
          // A malformed frame is skipped; the next one still arrives.
        }
      };
      source.onerror = () => {
        if (stopped || source?.readyState !== EventSource.CLOSED) return;
        retryTimer = setTimeout(open, backoff);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, []);
}
