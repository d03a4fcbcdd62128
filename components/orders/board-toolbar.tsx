'use client';

import { Bell, BellOff, BellRing, Ellipsis, History, Keyboard, Maximize2, Minimize2, Timer } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { ConnectionStatus } from '@/components/live/connection-status';
import type { LiveConnection } from '@/components/live/use-live-events';
import { Button, buttonClass } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/field';
import type { MerchantLocation } from '@/lib/orders/board-view';
import { OPEN_STEPS, type OpenStep } from '@/lib/orders/tickets';
import { STATUS_LABELS } from './order-format';
import { SendSampleOrder } from './send-sample-order';

// Icons with their words for screen readers and a tooltip; the words show only where the toolbar has room for them.
const iconLabel = 'sr-only 2xl:not-sr-only';

/** Which locations' POS is online: one chip, red and naming them when any is offline. */
function PresenceChip({ locations, posOnline }: { locations: readonly MerchantLocation[]; posOnline: readonly string[] }) {
  const offline = locations.filter((location) => !posOnline.includes(location.id));
  const words = offline.length
    ? `POS offline: ${offline.map((location) => location.name).join(', ')}`
    : `POS online${locations.length > 1 ? ' everywhere' : ''}`;
  return (
    <p
      data-pos-offline={offline.map((location) => location.id).join(' ')}
      className={`inline-flex max-w-full items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs ${
        offline.length ? 'border-red-300 bg-red-50 text-red-800' : 'border-stone-200 bg-white text-stone-700'
      }`}
    >
      <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${offline.length ? 'bg-red-500' : 'bg-emerald-500'}`} />
      <span className="truncate">{words}</span>
    </p>
  );
}

/** The board's one toolbar: filters, sound, recall, service mode, presence, and a menu for the rest. */
export function BoardToolbar({
  locations,
  locationId,
  onLocation,
  step,
  onStep,
  date,
  onDate,
  sound,
  onToggleSound,
  repeat,
  onToggleRepeat,
  waiting,
  onAcknowledge,
  recall,
  onToggleRecall,
  serviceMode,
  onToggleServiceMode,
  onShowShortcuts,
  onShowTimers,
  posOnline,
  connection,
  locationControls,
}: {
  locations: readonly MerchantLocation[];
  locationId: string;
  onLocation: (value: string) => void;
  step: OpenStep | '';
  onStep: (value: string) => void;
  date: string;
  onDate: (value: string) => void;
  sound: boolean;
  onToggleSound: () => void;
  repeat: boolean;
  onToggleRepeat: (next: boolean) => void;
  waiting: number;
  onAcknowledge: () => void;
  recall: boolean;
  onToggleRecall: () => void;
  serviceMode: boolean;
  onToggleServiceMode: () => void;
  onShowShortcuts: () => void;
  /** Ticket timers and sample orders: absent for a member whose role does not set the board up. */
  onShowTimers?: () => void;
  posOnline: readonly string[];
  connection: LiveConnection;
  /** A per-location control (pause, busy …) placed at the toolbar's end. */
  locationControls?: ReactNode;
}) {
  const menu = useRef<HTMLDetailsElement>(null);
  // The menu closes on a tap elsewhere and on Escape, as a menu does.
  useEffect(() => {
    const close = (event: Event) => {
      if (menu.current?.open && !(event.target instanceof Node && menu.current.contains(event.target))) menu.current.open = false;
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && menu.current?.open) {
        menu.current.open = false;
        menu.current.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', escape);
    };
  }, []);
  const menuItem = 'flex min-h-11 w-full items-center gap-2 rounded-md px-2 text-left text-sm hover:bg-stone-100 lg:min-h-9';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h1 className="mr-1 text-xl font-semibold">Orders</h1>
      <ConnectionStatus connection={connection} />
      <PresenceChip locations={locations.filter((location) => !locationId || location.id === locationId)} posOnline={posOnline} />
      <div className="flex w-full flex-wrap items-center gap-2 md:w-auto md:flex-1 md:justify-end">
        <div className="flex w-full gap-2 sm:w-auto">
          <label htmlFor="board-location" className="sr-only">
            Location
          </label>
          <Select id="board-location" value={locationId} onChange={(event) => onLocation(event.target.value)} className="min-w-0 flex-1 sm:w-44 sm:flex-none">
            <option value="">All locations</option>
            {locations.map((location) => (
              <option key={location.id} value={location.id}>
                {location.name}
              </option>
            ))}
          </Select>
          <label htmlFor="board-step" className="sr-only">
            Step
          </label>
          <Select id="board-step" value={step} onChange={(event) => onStep(event.target.value)} className="min-w-0 flex-1 sm:w-40 sm:flex-none">
            <option value="">All steps</option>
            {OPEN_STEPS.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
        {waiting ? (
          <Button type="button" variant="attention" onClick={onAcknowledge}>
            <BellRing aria-hidden="true" className="size-4" />
            {waiting} new · OK
          </Button>
        ) : null}
        <Button type="button" variant="secondary" onClick={onToggleSound} aria-pressed={sound} title={sound ? 'Sound on' : 'Sound off'}>
          {sound ? <Bell aria-hidden="true" className="size-4" /> : <BellOff aria-hidden="true" className="size-4" />}
          <span className={iconLabel}>{sound ? 'Sound on' : 'Sound off'}</span>
        </Button>
        <Button type="button" variant="secondary" onClick={onToggleRecall} aria-pressed={recall} title="Recall the last finished tickets (u)">
          <History aria-hidden="true" className="size-4" />
          <span className={iconLabel}>Recall</span>
        </Button>
        <Button type="button" variant="secondary" onClick={onToggleServiceMode} aria-pressed={serviceMode} title="Service mode: the board fills the screen">
          {serviceMode ? <Minimize2 aria-hidden="true" className="size-4" /> : <Maximize2 aria-hidden="true" className="size-4" />}
          <span className={iconLabel}>Service mode</span>
        </Button>
        {locationControls}
        <details ref={menu} className="relative">
          <summary title="More" className={`${buttonClass('secondary')} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
            <Ellipsis aria-hidden="true" className="size-4" />
            <span className="sr-only">More</span>
          </summary>
          <div className="absolute right-0 z-30 mt-1 w-72 max-w-[calc(100vw-1.5rem)] space-y-3 rounded-lg border border-stone-200 bg-white p-3 shadow-lg">
            {onShowTimers ? <SendSampleOrder locations={locations} defaultLocationId={locationId} /> : null}
            <div className="space-y-1 border-t border-stone-100 pt-2">
              <label htmlFor="board-date" className="block text-sm font-medium text-stone-700">
                Another day
              </label>
              <div className="flex gap-2">
                <Input id="board-date" type="date" value={date} onChange={(event) => onDate(event.target.value)} className="min-w-0 flex-1" />
                {date ? (
                  <Button type="button" variant="secondary" onClick={() => onDate('')}>
                    Today
                  </Button>
                ) : null}
              </div>
            </div>
            <div className="border-t border-stone-100 pt-2">
              {onShowTimers ? (
                <button type="button" className={menuItem} onClick={onShowTimers}>
                  <Timer aria-hidden="true" className="size-4" />
                  Ticket timers…
                </button>
              ) : null}
              <button type="button" className={menuItem} onClick={onShowShortcuts}>
                <Keyboard aria-hidden="true" className="size-4" />
                Keyboard shortcuts <kbd className="ml-auto font-mono text-xs">?</kbd>
              </button>
              <label className={menuItem}>
                <input type="checkbox" checked={repeat} onChange={(event) => onToggleRepeat(event.target.checked)} className="size-4 accent-brand-600" />
                Repeat the new-order sound until answered
              </label>
            </div>
          </div>
        </details>
      </div>
    </div>
  );
}
