'use client';

import { useActionState, useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { fieldErrorsOf, formValues, parseForm, type FormState } from '@/lib/forms';

type Action<S extends FormState> = (previous: S, formData: FormData) => Promise<S>;

/**
 * Every dashboard form alike (the action is `dashboardAction`'s): what was typed is kept after an error (the form is
 * remounted with the values sent, as React resets a form after its action), each field's message shows beside it
 * and goes away once the field is changed, the action's success is a toast rather than text that lingers, and
 * `pending` is true while it runs. With `schema`, the same rules as the server's are checked before sending.
 */
export function useDashboardForm<S extends FormState>(action: Action<S>, { initial = {} as S, schema }: { initial?: S; schema?: z.ZodType } = {}) {
  const [state, formAction, pending] = useActionState<S, FormData>(action, initial as Awaited<S>);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    setChanged(new Set());
    if (state.message) toast.success(state.message);
  }, [state]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!schema) return;
    const parsed = parseForm(schema, formValues(new FormData(event.currentTarget)));
    if (parsed.success) {
      setLocalErrors({});
      return;
    }
    event.preventDefault();
    setChanged(new Set());
    setLocalErrors(fieldErrorsOf(parsed.error));
  };
  /** A field changed: its message (and the form's) is stale. */
  const clearField = (name: string) => {
    setChanged((previous) => new Set([...previous, name, '$form']));
    setLocalErrors(({ [name]: _stale, ...rest }) => rest);
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (name) clearField(name);
  };
  const errorOf = (field: string): string | undefined => localErrors[field] ?? (changed.has(field) ? undefined : state.fieldErrors?.[field]);
  const valueOf = (field: string, fallback?: string): string | undefined => state.values?.[field] ?? fallback;
  const formError = changed.has('$form') ? undefined : state.error;
  const formKey = state.values ? JSON.stringify(state.values) : 'blank';
  return { state, formAction, pending, onSubmit, onChange, clearField, errorOf, valueOf, formError, formKey };
}
