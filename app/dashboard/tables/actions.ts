'use server';

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
  moveSectionFormSchema,
  renameSectionFormSchema,
  sectionFormSchema,
  sectionRefFormSchema,
  tableFormSchema,
  tableRefFormSchema,
} from '@/lib/tables/floor-forms';
import type { z } from 'zod';
import type { Database } from '@/db/client';
import type { MerchantCaller } from '@/lib/tenancy/scope';
import { MERCHANT_ROLES } from '@/lib/tenancy/roles';
import { dashboardAction } from '../_lib/action';

// Conflicts that belong to one field of the form rather than to the whole form.
const fieldOfConflict = { TABLE_NUMBER_CONFLICT: 'number', SECTION_NAME_CONFLICT: 'name' };

/** A floor change as the signed-in member (within the locations it reaches), checked with the Tables API's rules. */
const floorAction = <S extends z.ZodType>(schema: S, change: (db: Database, merchant: MerchantCaller, input: z.output<S>) => Promise<unknown>, done: string) =>
  dashboardAction({ roles: MERCHANT_ROLES, permission: 'tables.edit', page: '/dashboard/tables', schema, fieldOfConflict }, async ({ db, user, input }) => {
    await change(db, user, input);
    return done;
  });

export const addSectionAction = floorAction(sectionFormSchema, addFloorSection, 'Section added.');
export const renameSectionAction = floorAction(renameSectionFormSchema, renameFloorSection, 'Section renamed.');
export const moveSectionAction = floorAction(moveSectionFormSchema, moveFloorSection, 'Section moved.');
export const deleteSectionAction = floorAction(sectionRefFormSchema, removeFloorSection, 'Section deleted.');
export const addTableAction = floorAction(tableFormSchema, addFloorTable, 'Table added.');
export const editTableAction = floorAction(editTableFormSchema, editFloorTable, 'Table saved.');
export const deleteTableAction = floorAction(tableRefFormSchema, removeFloorTable, 'Table deleted.');
