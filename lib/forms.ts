import type { z } from 'zod';

/**
 * What a dashboard form's action answers (every form alike): a message on success, or the first error of each field
 * and an error of the whole form, with the values sent so the form shows them again instead of clearing them.
 */
export interface FormState {
  message?: string;
  error?: string;
  fieldErrors?: Record<string, string | undefined>;
  values?: Record<string, string>;
}

/** Each field's first violation, keyed by its field name (the whole form's under `form`). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A form's text fields as sent (React's own `$ACTION_…` fields and files left out). */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData.entries()) {
    if (!key.startsWith('$') && typeof value === 'string') values[key] = value;
  }
  return values;
}

/** The input a schema sees: a field left blank is a field not given, as in the API's JSON. */
export function formInput(values: Record<string, string>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim() === '' ? undefined : value]));
}

// Messages in words for the rules a schema states without its own message (a blank field is a field not given).
const inWords = (issue: { code?: string; input?: unknown; minimum?: unknown; maximum?: unknown; origin?: string; format?: string }) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'This field is required.';
  if (issue.origin === 'string' && issue.code === 'too_small')
    return Number(issue.minimum) <= 1 ? 'This field is required.' : `Use at least ${issue.minimum} characters.`;
  if (issue.origin === 'string' && issue.code === 'too_big') return `Use at most ${issue.maximum} characters.`;
  if (issue.code === 'too_small') return `Enter ${issue.minimum} or more.`;
  if (issue.code === 'too_big') return `Enter ${issue.maximum} or less.`;
  if (issue.code === 'invalid_format') return issue.format === 'email' ? 'Enter an email address.' : 'This is not in the expected format.';
  if (issue.code === 'invalid_type') return 'This value is not valid here.';
  return undefined;
};

/** Checks a form's values with `schema`, in the browser and in the action alike. */
export function parseForm<S extends z.ZodType>(schema: S, values: Record<string, string>) {
  return schema.safeParse(formInput(values), { error: inWords });
}
