'use client';

import { useState } from 'react';
import { eventTypes } from '@/lib/events/event-types';

/**
 * The event types an endpoint receives, ticked from the catalogue (none ticked: every type). The form sends them as one
 * comma-separated field, as /manage takes them.
 */
export function EventTypePicker({ name, label, value }: { name: string; label: string; value: string }) {
  const [chosen, setChosen] = useState(() => new Set(value.split(',').filter(Boolean)));
  const toggle = (type: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(type)) next.add(type);
      return next;
    });
  return (
    <fieldset className="text-sm">
      <legend className="mb-1 font-medium text-stone-700">{label}</legend>
      <input type="hidden" name={name} value={eventTypes.filter((type) => chosen.has(type)).join(',')} />
      <p className="mb-1 text-xs text-stone-500">{chosen.size ? `${chosen.size} chosen` : 'None chosen: every type is sent.'}</p>
      <div className="grid max-h-48 grid-cols-1 gap-x-3 overflow-y-auto rounded-md border border-stone-200 p-2 sm:grid-cols-2">
        {eventTypes.map((type) => (
          <label key={type} className="flex items-center gap-2 py-0.5 font-mono text-xs">
            <input type="checkbox" checked={chosen.has(type)} onChange={() => toggle(type)} className="h-4 w-4" />
            {type}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
