import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { tables } from '@/db/schema';
import { conflict, notFound } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { actingPartnerId, assertLocationReachable, inScope, type Caller } from '@/lib/tenancy/scope';
import { requireSection, resolveSection, type SectionRequest } from './sections';
import { bumpTableVersion, emitTableEvent, type ChangeActor } from './table-events';
import { lockTableNumbers } from './table-locks';
import { findTableRecord, selectTableRecords, type TableRecord } from './table-record';

/**
 * Where a table sits: a section a partner names (`section`, created or renamed as needed), one of the location's
 * sections picked on the floor page (`sectionId`), or none (`null`). Absent: unchanged.
 */
export interface SectionChoice {
  section?: SectionRequest | null;
  sectionId?: string | null;
}

export interface NewTable extends SectionChoice {
  locationId: string;
  number: string;
}

export interface TableChange extends SectionChoice {
  number?: string;
}

async function assertNumberFree(tx: Executor, locationId: string, number: string, tableId?: string) {
  const [taken] = await tx
    .select({ id: tables.id })
    .from(tables)
    .where(and(eq(tables.locationId, locationId), eq(tables.number, number), tableId ? ne(tables.id, tableId) : undefined));
  // docs/contract.md#tables: `number` is unique per location.
  if (taken) throw conflict(`Table number ${number} is already used at this location.`, 'TABLE_NUMBER_CONFLICT');
}

async function chosenSectionId(tx: Executor, locationId: string, choice: SectionChoice, actor: ChangeActor, tableId?: string) {
  if (choice.sectionId !== undefined) {
    return choice.sectionId === null ? null : (await requireSection(tx, locationId, choice.sectionId)).id;
  }
  if (choice.section !== undefined) {
    return choice.section === null ? null : ((await resolveSection(tx, locationId, choice.section, actor, tableId))?.id ?? null);
  }
  return undefined;
}

/**
 * docs/domain.md#table-and-open-sales: a table whose number already has open sales (sales recorded before the table
 * existed, or under the number it now takes) is opened by them.
 */
async function announceOpenSales(tx: Executor, tableId: string, actor: ChangeActor): Promise<TableRecord> {
  const record = (await findTableRecord(tx, tableId))!;
  if (!record.openSales.length) return record;
  const version = await bumpTableVersion(tx, tableId);
  await emitTableEvent(tx, 'TABLE_OPENED', { ...record, version }, actor);
  return { ...record, version };
}

/** What a caller's change is recorded as: the partner who made it, or nobody for the dashboard (docs/contract.md#events). */
const actorOf = (caller: Caller): ChangeActor => ({ partnerId: actingPartnerId(caller) });

/** POST /tables and the floor page: a new table at a location within the caller's scope, NEW_TABLE to its partners. */
export async function createTable(db: Executor, caller: Caller, input: NewTable): Promise<TableRecord> {
  await assertLocationReachable(db, caller, input.locationId);
  const actor = actorOf(caller);
  return db.transaction(async (tx) => {
    await lockTableNumbers(tx, input.locationId, [input.number]);
    await assertNumberFree(tx, input.locationId, input.number);
    const sectionId = await chosenSectionId(tx, input.locationId, input, actor);
    const [row] = await tx
      .insert(tables)
      .values({ id: newId(), locationId: input.locationId, number: input.number, sectionId: sectionId ?? null })
      .returning();
    await emitTableEvent(tx, 'NEW_TABLE', row!, actor);
    return announceOpenSales(tx, row!.id, actor);
  });
}

/**
 * The table, if it is within the caller's scope (404 otherwise, docs/contract.md#scope), locked with its number (and
 * `alsoNumber`) for the rest of the transaction. The number is locked before the row, in the same order sales lock
 * them, so a table change and a sale never wait on each other in a cycle.
 */
async function lockTable(tx: Executor, caller: Caller, tableId: string, alsoNumber?: string): Promise<TableRecord> {
  const [current] = await selectTableRecords(tx, and(eq(tables.id, tableId), inScope(tx, caller, tables.locationId)));
  if (!current) throw notFound('Table');
  await lockTableNumbers(tx, current.locationId, [current.number, alsoNumber]);
  const [locked] = await tx.select({ number: tables.number }).from(tables).where(eq(tables.id, tableId)).for('update');
  if (!locked) throw notFound('Table');
  if (locked.number !== current.number) return lockTable(tx, caller, tableId, alsoNumber);
  return (await findTableRecord(tx, tableId))!;
}

// Reference tables spec: "table update [and delete] will not be allowed if the table has open sales".
function assertNoOpenSales(table: TableRecord, action: string) {
  if (table.openSales.length) {
    throw conflict(`Table ${table.number} has open sales and cannot be ${action} until they are closed.`, 'TABLE_HAS_OPEN_SALES');
  }
}

/** PATCH /tables/{id} and the floor page. A change that changes nothing is no change: no version, no event. */
export function updateTable(db: Executor, caller: Caller, tableId: string, change: TableChange): Promise<TableRecord> {
  const actor = actorOf(caller);
  return db.transaction(async (tx) => {
    const table = await lockTable(tx, caller, tableId, change.number);
    assertNoOpenSales(table, 'updated');
    const number = change.number ?? table.number;
    if (number !== table.number) await assertNumberFree(tx, table.locationId, number, table.id);
    const sectionId = await chosenSectionId(tx, table.locationId, change, actor, table.id);
    // Naming the table's own section with a new name renames the section, which changes this table too.
    const renamed = (await findTableRecord(tx, tableId))!.sectionName !== table.sectionName;
    const nextSectionId = sectionId === undefined ? table.sectionId : sectionId;
    if (number === table.number && nextSectionId === table.sectionId && !renamed) return table;
    const [row] = await tx
      .update(tables)
      .set({ number, sectionId: nextSectionId, version: sql`${tables.version} + 1`, updatedAt: new Date() })
      .where(eq(tables.id, tableId))
      .returning();
    await emitTableEvent(tx, 'TABLE_UPDATED', row!, actor);
    return announceOpenSales(tx, tableId, actor);
  });
}

/** DELETE /tables/{id} and the floor page: TABLE_DELETED carries the version the deletion made. */
export function deleteTable(db: Executor, caller: Caller, tableId: string): Promise<TableRecord> {
  const actor = actorOf(caller);
  return db.transaction(async (tx) => {
    const table = await lockTable(tx, caller, tableId);
    assertNoOpenSales(table, 'deleted');
    await tx.delete(tables).where(eq(tables.id, tableId));
    await emitTableEvent(tx, 'TABLE_DELETED', { ...table, version: table.version + 1 }, actor);
    return table;
  });
}
