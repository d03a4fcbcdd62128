'use client';

import { Timer } from 'lucide-react';
import { useEffect, useState } from 'react';

const secondsLeft = (deadline: string, clockOffsetMs: number) => Math.max(0, Math.ceil((Date.parse(deadline) - (Date.now() + clockOffsetMs)) / 1000));

/**
 * Time left before a CREATED order is rejected automatically (docs/domain.md#auto-reject: two minutes by default). `clockOffsetMs`
 * is the server's clock minus the browser's, so a wrong browser clock does not shift the deadline.
 */
export function AutoRejectCountdown({ deadline, clockOffsetMs, onExpired }: { deadline: string; clockOffsetMs: number; onExpired?: () => void }) {
  const [seconds, setSeconds] = useState(() => secondsLeft(deadline, clockOffsetMs));
  useEffect(() => {
    const tick = () => setSeconds(secondsLeft(deadline, clockOffsetMs));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline, clockOffsetMs]);
  useEffect(() => {
    if (seconds === 0) onExpired?.();
  }, [seconds, onExpired]);
  const urgent = seconds <= 30;
  const label = seconds === 0 ? 'Rejecting…' : `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <span
      role="timer"
      suppressHydrationWarning
      aria-label={`Auto-reject in ${seconds} seconds`}
      data-seconds={seconds}
      className={`inline-flex items-center gap-1 rounded px-1.5 py-0.5 font-mono text-xs tabular-nums ${urgent ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900'}`}
    >
      <Timer aria-hidden="true" className="size-3.5 shrink-0" />
      {label}
    </span>
  );
}
