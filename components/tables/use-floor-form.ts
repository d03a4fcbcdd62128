'use client';

import { useActionState, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrorsOf, formValues, type FloorFormState } from '@/lib/tables/floor-forms';

type FloorAction = (previous: FloorFormState, formData: FormData) => Promise<FloorFormState>;

/**
 * A floor form: checked in the browser with the same zod rules the server action (and the Tables API) applies, so a
 * mistake is shown inline before anything is sent; the action's own field errors (e.g. a number already taken) show
 * in the same place.
 */
export function useFloorForm(action: FloorAction, schema: z.ZodType) {
  const [state, formAction, pending] = useActionState<FloorFormState, FormData>(action, {});
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const parsed = schema.safeParse(formValues(new FormData(event.currentTarget)));
    if (parsed.success) {
      setLocalErrors({});
      return;
    }
    event.preventDefault();
    setLocalErrors(fieldErrorsOf(parsed.error));
  };
  const errorOf = (field: string): string | undefined => localErrors[field] ?? state.fieldErrors?.[field];
  // A form that failed is remounted with the values sent (React resets a form after its action).
  const formKey = state.values ? JSON.stringify(state.values) : 'blank';
  return { state, formAction, pending, onSubmit, errorOf, formKey };
}
