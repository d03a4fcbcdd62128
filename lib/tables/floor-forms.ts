import { z } from 'zod';
import { locationIdSchema, tableNumberSchema, tableSectionRequestSchema } from './schema';

/**
 * The floor page's forms, checked with the same rules as the Tables API (a table number or a section name valid here
 * is valid there), in the browser for inline errors and again in the server action.
 */
const optionalSectionId = z
  .string()
  .optional()
  .transform((value) => (value ? value : null));

export const sectionFormSchema = z.object({ locationId: locationIdSchema, name: tableSectionRequestSchema.shape.name });
export const renameSectionFormSchema = sectionFormSchema.extend({ sectionId: z.string().min(1) });
export const sectionRefFormSchema = z.object({ locationId: locationIdSchema, sectionId: z.string().min(1) });
export const moveSectionFormSchema = sectionRefFormSchema.extend({ direction: z.enum(['up', 'down']) });

export const tableFormSchema = z.object({ locationId: locationIdSchema, number: tableNumberSchema, sectionId: optionalSectionId });
export const editTableFormSchema = tableFormSchema.extend({ tableId: z.string().min(1) });
export const tableRefFormSchema = z.object({ locationId: locationIdSchema, tableId: z.string().min(1) });

/** What a floor form's action answers: a message, or the error of each field (first one per field) or of the form. */
export interface FloorFormState {
  message?: string;
  error?: string;
  fieldErrors?: Record<string, string | undefined>;
  /** The values sent, so a form that failed shows them again. */
  values?: Record<string, string>;
}

/** Each field's first violation, keyed by field name. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The form's fields as plain strings (files are not sent by these forms). */
export function formValues(formData: FormData): Record<string, string> {
  return Object.fromEntries([...formData.entries()].filter(([key]) => !key.startsWith('$')).map(([key, value]) => [key, String(value)]));
}
