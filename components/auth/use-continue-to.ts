'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useTransition } from 'react';

/**
 * Opens the page an action answered (`continueTo` in app/_lib/navigation.ts) as Next opens an action's redirect: a
 * client-side navigation. True while it loads, so the form stays busy until the page is there.
 */
export function useContinueTo(state: { continueTo?: string }): boolean {
  const router = useRouter();
  const [navigating, startNavigation] = useTransition();
  useEffect(() => {
    const path = state.continueTo;
    if (path) startNavigation(() => router.push(path));
  }, [state, router]);
  return navigating || Boolean(state.continueTo);
}
