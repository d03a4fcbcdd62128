'use server';

import { revalidatePath } from 'next/cache';
import type { z } from 'zod';
import { requireUser } from '@/auth';
import { getDb, type Database } from '@/db/client';
import { ApiError } from '@/lib/http/errors';
import {
  addFloorSection,
  addFloorTable,
  editFloorTable,
  moveFloorSection,
  removeFloorSection,
  removeFloorTable,
  renameFloorSection,
} from '@/lib/tables/floor-changes';
import {
  editTableFormSchema,
  fieldErrorsOf,
  formValues,
  moveSectionFormSchema,
  renameSectionFormSchema,
  sectionFormSchema,
  sectionRefFormSchema,
  tableFormSchema,
  tableRefFormSchema,
  type FloorFormState,
} from '@/lib/tables/floor-forms';

// Conflicts that belong to one field of the form rather than to the whole form.
const fieldOfConflict: Record<string, string> = { TABLE_NUMBER_CONFLICT: 'number', SECTION_NAME_CONFLICT: 'name' };

/** Validates the form with the API's rules, applies the change as the signed-in merchant, and answers field errors. */
async function floorAction<S extends z.ZodType>(
  formData: FormData,
  schema: S,
  change: (db: Database, merchantId: string, input: z.output<S>) => Promise<unknown>,
  done: string,
): Promise<FloorFormState> {
  const user = await requireUser(['MERCHANT'], '/dashboard/tables');
  const values = formValues(formData);
  const parsed = schema.safeParse(values);
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  try {
    await change(getDb(), user.merchantId ?? '', parsed.data);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const field = fieldOfConflict[error.code];
    return field ? { fieldErrors: { [field]: error.message }, values } : { error: error.message, values };
  }
  revalidatePath('/dashboard/tables');
  return { message: done };
}

export async function addSectionAction(_previous: FloorFormState, formData: FormData) {
  return floorAction(formData, sectionFormSchema, addFloorSection, 'Section added.');
}

export async function renameSectionAction(_previous: FloorFormState, formData: FormData) {
  return floorAction(formData, renameSectionFormSchema, renameFloorSection, 'Section renamed.');
}

export async function moveSectionAction(_previous: FloorFormState, formData: FormData) {
  return floorAction(formData, moveSectionFormSchema, moveFloorSection, 'Section moved.');
}

export async function deleteSectionAction(_previous: FloorFormState, formData: FormData) {
  return floorAction(formData, sectionRefFormSchema, removeFloorSection, 'Section deleted.');
}

export async function addTableAction(_previous: FloorFormState, formData: FormData) {
  return floorAction(formData, tableFormSchema, addFloorTable, 'Table added.');
}

export async function editTableAction(_previous: FloorFormState, formData: FormData) {
  return floorAction(formData, editTableFormSchema, editFloorTable, 'Table saved.');
}

export async function deleteTableAction(_previous: FloorFormState, formData: FormData) {
  return floorAction(formData, tableRefFormSchema, removeFloorTable, 'Table deleted.');
}
