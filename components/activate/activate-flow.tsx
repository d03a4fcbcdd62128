'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import { activateAction, type ActivateState } from '@/app/activate/actions';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { useState } from 'react';

export interface ActivateLocation {
  locationId: string;
  name: string;
}

function ErrorMessage({ message }: { message?: string }) {
  return message ? (
    <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700" role="alert">
      {message}
    </p>
  ) : null;
}

/**
 * The locations the device serves (docs/contract.md#dashboard-names: the choice is labelled "Location"), as checkboxes with "All locations"
 * (checked, unchecked or mixed).
 */
function LocationChoice({ locations }: { locations: ActivateLocation[] }) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(locations.length === 1 ? [locations[0]!.locationId] : []));
  const all = chosen.size === locations.length && locations.length > 0;
  const toggle = (id: string) =>
    setChosen((previous) => (previous.has(id) ? new Set([...previous].filter((value) => value !== id)) : new Set([...previous, id])));
  return (
    <fieldset aria-labelledby="location-legend" className="space-y-1">
      <legend id="location-legend" className="mb-1 text-sm font-medium text-stone-700">
        Location
      </legend>
      {locations.length > 1 ? (
        <label className="flex min-h-11 items-center gap-3 border-b border-stone-100 text-sm font-medium">
          <input
            type="checkbox"
            checked={all}
            ref={(input) => {
              if (input) input.indeterminate = chosen.size > 0 && !all;
            }}
            onChange={() => setChosen(all ? new Set() : new Set(locations.map((location) => location.locationId)))}
            className="size-5 accent-brand-600"
          />
          All locations
        </label>
      ) : null}
      {locations.map((location) => (
        <label key={location.locationId} className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="checkbox"
            name="locationIds"
            value={location.locationId}
            checked={chosen.has(location.locationId)}
            onChange={() => toggle(location.locationId)}
            className="size-5 accent-brand-600"
          />
          {location.name}
        </label>
      ))}
    </fieldset>
  );
}

/** The three steps of connecting a device: enter the code, choose locations and decide, and the outcome. */
export function ActivateFlow({ initialUserCode, locations }: { initialUserCode: string; locations: ActivateLocation[] }) {
  const [state, action, pending] = useActionState<ActivateState, FormData>(activateAction, { step: 'enter', userCode: initialUserCode });

  if (state.step === 'done') {
    return state.decision === 'APPROVED' ? (
      <div className="space-y-3" role="status">
        <h2 className="text-lg font-semibold text-emerald-700">Device connected</h2>
        <p className="text-sm text-stone-600">{state.partnerName} can now work with the locations you chose. You can return to the device.</p>
        <Link href="/dashboard/devices" className="text-sm font-medium text-brand-700 hover:underline">
          See connected devices
        </Link>
      </div>
    ) : (
      <div className="space-y-3" role="status">
        <h2 className="text-lg font-semibold">Request denied</h2>
        <p className="text-sm text-stone-600">{state.partnerName} was not given access.</p>
      </div>
    );
  }

  if (state.step === 'choose') {
    return (
      <form action={action} className="space-y-4">
        <input type="hidden" name="userCode" value={state.userCode} />
        <p className="text-sm text-stone-700">
          <strong>{state.partnerName}</strong> asks to connect with code <span className="font-mono">{state.userCode}</span>. Choose the location(s) this device
          serves.
        </p>
        <LocationChoice locations={locations} />
        <ErrorMessage message={state.error} />
        <div className="flex gap-3">
          <Button type="submit" name="intent" value="approve" disabled={pending}>
            Approve
          </Button>
          <Button type="submit" name="intent" value="deny" variant="secondary" disabled={pending} formNoValidate>
            Deny
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form action={action} className="space-y-4">
      <Field label="User code" htmlFor="userCode" error={state.error}>
        <Input
          id="userCode"
          name="userCode"
          defaultValue={state.userCode}
          placeholder="XXXX-XXXX"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          autoFocus
          className="font-mono tracking-widest uppercase"
          aria-invalid={state.error ? true : undefined}
        />
      </Field>
      <Button type="submit" name="intent" value="continue" className="w-full" disabled={pending}>
        Continue
      </Button>
    </form>
  );
}
