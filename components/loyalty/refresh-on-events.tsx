'use client';

import { useCallback } from 'react';
import { RefreshOnLiveEvents } from '@/components/live/refresh-on-live-events';
import type { LiveEvent } from '@/components/live/use-live-events';

/** Re-renders the page when one of `types` is committed in the signed-in user's scope (e.g. a new onboarding request). */
export function RefreshOnEvents({ types }: { types: readonly string[] }) {
  const matches = useCallback((event: LiveEvent) => types.includes(event.type), [types]);
  return <RefreshOnLiveEvents matches={matches} />;
}
