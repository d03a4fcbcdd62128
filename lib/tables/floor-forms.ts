import { z } from 'zod';
import { locationIdSchema, sectionNameSchema, tableNumberSchema } from './schema';

/**
 * The floor page's forms, checked with the same rules as the Tables API (a table number or a section name valid here
 * is valid there), in the browser for inline errors and again in the server action.
 */
const optionalSectionId = z
  .string()
  .optional()
  .transform((value) => (value ? value : null));

export const sectionFormSchema = z.object({ locationId: locationIdSchema, name: sectionNameSchema });
export const renameSectionFormSchema = sectionFormSchema.extend({ sectionId: z.string().min(1) });
export const sectionRefFormSchema = z.object({ locationId: locationIdSchema, sectionId: z.string().min(1) });
export const moveSectionFormSchema = sectionRefFormSchema.extend({ direction: z.enum(['up', 'down']) });

export const tableFormSchema = z.object({ locationId: locationIdSchema, number: tableNumberSchema, sectionId: optionalSectionId });
export const editTableFormSchema = tableFormSchema.extend({ tableId: z.string().min(1) });
export const tableRefFormSchema = z.object({ locationId: locationIdSchema, tableId: z.string().min(1) });
