import type { ReactNode } from 'react';

/**
 * A region that scrolls sideways (or down) on its own so a wide table never widens the page; focusable and named, so a
 * keyboard user can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollRegion({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`overflow-auto focus-visible:outline-2 focus-visible:outline-brand-600 ${className}`}>
      {children}
    </div>
  );
}
