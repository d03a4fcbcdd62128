'use client';

import { useActionState, useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import type { FormState } from '@/lib/forms';
import { EventTypePicker } from './event-type-picker';
import { LocationPicker } from './location-picker';

export interface FieldSpec {
  name: string;
  label: string;
  /** `event-types`: ticked from the catalogue, sent comma-separated; `location`: a combobox the server fills as one types. */
  type?: 'text' | 'email' | 'url' | 'datetime-local' | 'select' | 'hidden' | 'event-types' | 'location';
  options?: { value: string; label: string }[];
  placeholder?: string;
  value?: string;
  required?: boolean;
}

type State = FormState & { [key: string]: unknown };
// Any dashboard action: its extra members (secrets shown once, counts, the receiver's answer) are read by name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Action = (previous: any, formData: FormData) => Promise<FormState>;

/** A value the server shows once (a client secret, a signing secret, a one-time password). */
function ShownOnce({ label, value }: { label: string; value: string }) {
  return (
    <div className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm">
      <p className="font-medium text-amber-900">{label} (shown once)</p>
      <code data-testid="shown-once" className="block break-all font-mono text-xs text-stone-900">
        {value}
      </code>
    </div>
  );
}

/**
 * One console form: its fields, the action's message or errors in place, and whatever the server shows once. The
 * inputs keep what was typed when the action refuses it.
 */
export function ActionForm({
  action,
  fields,
  submit,
  inline = false,
  children,
}: {
  action: Action;
  fields: FieldSpec[];
  submit: string;
  inline?: boolean;
  children?: ReactNode;
}) {
  const [state, formAction, pending] = useActionState<State, FormData>(action as (previous: State, formData: FormData) => Promise<State>, {});
  const prefix = useId();
  const shown = [
    ['clientSecret', 'Client secret'],
    ['secret', 'Signing secret'],
    ['oneTimePassword', 'One-time password'],
  ].filter(([key]) => typeof state[key!] === 'string') as [string, string][];
  return (
    <form action={formAction} className={inline ? 'flex flex-wrap items-end gap-2' : 'space-y-3'}>
      {fields.map((field) => {
        const htmlId = `${prefix}-${field.name}`;
        const value = state.values?.[field.name] ?? field.value ?? '';
        if (field.type === 'hidden') return <input key={field.name} type="hidden" name={field.name} value={field.value ?? ''} />;
        if (field.type === 'event-types') return <EventTypePicker key={`${field.name}-${value}`} name={field.name} label={field.label} value={value} />;
        const error = state.fieldErrors?.[field.name];
        if (field.type === 'location')
          return <LocationPicker key={`${field.name}-${value}`} name={field.name} label={field.label} value={value} error={error} />;
        return (
          <Field key={`${field.name}-${value}`} label={field.label} htmlFor={htmlId} error={error}>
            {field.type === 'select' ? (
              <Select id={htmlId} name={field.name} defaultValue={value} aria-invalid={error ? true : undefined}>
                {field.required ? null : <option value="">—</option>}
                {field.options?.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            ) : (
              <Input
                id={htmlId}
                name={field.name}
                type={field.type ?? 'text'}
                defaultValue={value}
                placeholder={field.placeholder}
                aria-invalid={error ? true : undefined}
              />
            )}
          </Field>
        );
      })}
      {children}
      <Button type="submit" variant={inline ? 'secondary' : 'primary'} disabled={pending} className={inline ? 'px-2 py-1 text-xs' : ''}>
        {pending ? 'Working…' : submit}
      </Button>
      <div aria-live="polite" className={`min-w-0 max-w-full break-words ${inline ? 'basis-full' : ''}`}>
        {state.message ? (
          <p role="status" className="text-sm text-emerald-700">
            {state.message}
          </p>
        ) : null}
        {state.error ? (
          <p role="alert" className="text-sm text-red-600">
            {state.error}
          </p>
        ) : null}
        {typeof state.responseSnippet === 'string' && state.responseSnippet ? (
          <pre
            data-testid="receiver-answer"
            className="mt-1 max-h-32 max-w-full overflow-auto whitespace-pre-wrap rounded bg-stone-100 p-2 text-xs [overflow-wrap:anywhere]"
          >
            {state.responseSnippet}
          </pre>
        ) : null}
        {shown.map(([key, label]) => (
          <ShownOnce key={key} label={label} value={state[key] as string} />
        ))}
      </div>
    </form>
  );
}
