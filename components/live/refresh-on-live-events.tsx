'use client';

import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { ConnectionStatus } from './connection-status';
import { useLiveEvents, type LiveEvent } from './use-live-events';

/**
 * Re-renders a server page when an event it shows arrives (`matches`), and at once after the stream reconnects (what
 * was missed meanwhile); shows the connection's state.
 */
export function RefreshOnLiveEvents({ matches }: { matches: (event: LiveEvent) => boolean }) {
  const router = useRouter();
  const connection = useLiveEvents(
    useCallback((event: LiveEvent) => (matches(event) ? router.refresh() : undefined), [matches, router]),
    useCallback(() => router.refresh(), [router]),
  );
  return (
    <div className="mb-3">
      <ConnectionStatus connection={connection} />
    </div>
  );
}
