'use client';

import { useEffect, useState } from 'react';
import { formatRelative } from '@/lib/time/format';
import type { LiveConnection } from './use-live-events';

const labels = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…', offline: 'Offline' } as const;
const dots = { connecting: 'bg-stone-400', live: 'bg-emerald-500', reconnecting: 'bg-amber-500', offline: 'bg-red-500' } as const;

/** The live page's connection: live, reconnecting or offline, and how long since the last update. */
export function ConnectionStatus({ connection }: { connection: LiveConnection }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, [connection.lastUpdate]);
  return (
    <p
      role="status"
      data-connection={connection.state}
      className="inline-flex items-center gap-2 rounded-full border border-stone-200 bg-white px-3 py-1 text-xs text-stone-700"
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${dots[connection.state]}`} />
      <span className="font-medium">{labels[connection.state]}</span>
      {connection.lastUpdate && now ? <span className="text-stone-600">· updated {formatRelative(connection.lastUpdate, now)}</span> : null}
    </p>
  );
}
