'use client';

import { useRouter } from 'next/navigation';
import { useLiveEvents } from '@/components/live/use-live-events';

/** Re-renders the page when one of `types` is committed in the signed-in user's scope (e.g. a new onboarding request). */
export function RefreshOnEvents({ types }: { types: readonly string[] }) {
  const router = useRouter();
  useLiveEvents((event) => {
    if (types.includes(event.type)) router.refresh();
  });
  return null;
}
