import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { sections } from '@/db/schema';
import { conflict, notFound } from '@/lib/errors';
import { assertInScope, merchantCaller, type MerchantReach } from '@/lib/tenancy/scope';
import type {
  editTableFormSchema,
  moveSectionFormSchema,
  renameSectionFormSchema,
  sectionFormSchema,
  sectionRefFormSchema,
  tableFormSchema,
  tableRefFormSchema,
} from './floor-forms';
import { createTable, deleteTable, updateTable } from './table-changes';
import { findVisibleTable } from './partner-access';
import { createSection, deleteSection, moveSection, renameSection, requireSection } from './sections';
import type { ChangeActor } from './table-events';

/** docs/contract.md#events: changes made in the dashboard go to every partner connected to the location (nobody is the actor). */
const DASHBOARD: ChangeActor = { partnerId: null };

/** A merchant acts on its own locations only (a restricted member on its own ones); any other is answered as if it did not exist. */
const assertOwnLocation = (db: Executor, merchant: MerchantReach, locationId: string) => assertInScope(db, merchantCaller(merchant), locationId);

/** The floor page names a table with its location; a table of any other location is not found there. */
async function assertTableAt(db: Executor, merchant: MerchantReach, locationId: string, tableId: string) {
  const table = await findVisibleTable(db, merchantCaller(merchant), tableId);
  if (table.locationId !== locationId) throw notFound('Table');
}

// On the floor page, two sections of one name would be indistinguishable in the Section select.
async function assertSectionNameFree(db: Executor, locationId: string, name: string, sectionId?: string) {
  const [taken] = await db
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.locationId, locationId), eq(sections.name, name), sectionId ? ne(sections.id, sectionId) : undefined));
  if (taken) throw conflict(`A section named ${name} already exists at this location.`, 'SECTION_NAME_CONFLICT');
}

export async function addFloorSection(db: Executor, merchant: MerchantReach, input: z.output<typeof sectionFormSchema>) {
  await assertOwnLocation(db, merchant, input.locationId);
  return db.transaction(async (tx) => {
    await assertSectionNameFree(tx, input.locationId, input.name);
    return createSection(tx, input.locationId, { name: input.name });
  });
}

/** Renaming a section changes how each of its tables reads, so each gets a TABLE_UPDATED. */
export async function renameFloorSection(db: Executor, merchant: MerchantReach, input: z.output<typeof renameSectionFormSchema>) {
  await assertOwnLocation(db, merchant, input.locationId);
  return db.transaction(async (tx) => {
    await assertSectionNameFree(tx, input.locationId, input.name, input.sectionId);
    return renameSection(tx, await requireSection(tx, input.locationId, input.sectionId), input.name, DASHBOARD);
  });
}

export async function moveFloorSection(db: Executor, merchant: MerchantReach, input: z.output<typeof moveSectionFormSchema>) {
  await assertOwnLocation(db, merchant, input.locationId);
  await db.transaction((tx) => moveSection(tx, input.locationId, input.sectionId, input.direction));
}

export async function removeFloorSection(db: Executor, merchant: MerchantReach, input: z.output<typeof sectionRefFormSchema>) {
  await assertOwnLocation(db, merchant, input.locationId);
  await db.transaction((tx) => deleteSection(tx, input.locationId, input.sectionId));
}

export async function addFloorTable(db: Executor, merchant: MerchantReach, input: z.output<typeof tableFormSchema>) {
  return createTable(db, merchantCaller(merchant), input);
}

export async function editFloorTable(db: Executor, merchant: MerchantReach, input: z.output<typeof editTableFormSchema>) {
  await assertTableAt(db, merchant, input.locationId, input.tableId);
  return updateTable(db, merchantCaller(merchant), input.tableId, { number: input.number, sectionId: input.sectionId });
}

export async function removeFloorTable(db: Executor, merchant: MerchantReach, input: z.output<typeof tableRefFormSchema>) {
  await assertTableAt(db, merchant, input.locationId, input.tableId);
  return deleteTable(db, merchantCaller(merchant), input.tableId);
}
