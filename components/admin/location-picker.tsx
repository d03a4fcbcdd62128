'use client';

import { useEffect, useId, useState } from 'react';
import { Field, Input } from '@/components/ui/field';

interface Match {
  id: string;
  name: string;
  merchantName: string;
}

/**
 * A location chosen by typing: the browser's own combobox (an input with a list) filled, as the operator types, with
 * the at most 20 locations the server finds for the text, never every location of the hub. The form sends the id.
 */
export function LocationPicker({ name, label, error, value = '' }: { name: string; label: string; error?: string; value?: string }) {
  const id = useId();
  const [text, setText] = useState(value);
  const [matches, setMatches] = useState<Match[]>([]);
  useEffect(() => {
    const query = text.trim();
    if (!query) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/dashboard/admin/location-search?q=${encodeURIComponent(query)}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<{ locations: Match[] }>) : { locations: [] }))
        .then((found) => setMatches(found.locations))
        .catch(() => {});
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);
  return (
    <Field label={label} htmlFor={id} error={error} hint="Type a location id, or a part of its name or its merchant's name.">
      <Input
        id={id}
        name={name}
        list={`${id}-matches`}
        autoComplete="off"
        value={text}
        onChange={(change) => setText(change.target.value)}
        aria-invalid={error ? true : undefined}
        data-testid="location-picker"
      />
      <datalist id={`${id}-matches`}>
        {matches.map((match) => (
          <option key={match.id} value={match.id}>
            {`${match.merchantName}, ${match.name}`}
          </option>
        ))}
      </datalist>
    </Field>
  );
}
