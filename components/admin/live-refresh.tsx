'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';

/** Re-renders the page's server data every few seconds while the tab is visible; a switch turns it off. */
export function LiveRefresh({ seconds }: { seconds: number }) {
  const router = useRouter();
  const [live, setLive] = useState(true);
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') router.refresh();
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [live, router, seconds]);
  return (
    <label className="flex items-center gap-2 text-sm text-stone-700">
      <input type="checkbox" checked={live} onChange={(event) => setLive(event.target.checked)} />
      Live ({seconds} s)
    </label>
  );
}
