import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { sales, sections, tables } from '@/db/schema';
import { toTableResponse, type TableResponse } from './schema';

/**
 * docs/domain.md#table-and-open-sales: a table's open sales are the location's sales that are not CLOSED and name the
 * table's number, oldest first. Derived on every read, so no concurrent change can lose a sale's link.
 */
export const openSalesOfTable = sql<string[]>`coalesce((
  select array_agg(${sales.id} order by ${sales.createdAt}, ${sales.id}) from ${sales}
  where ${sales.locationId} = ${tables.locationId} and ${sales.tableNumber} = ${tables.number} and ${sales.status} <> 'CLOSED'
), '{}')`;

/** Whether a table has at least one open sale (the list's `openSales` filter). */
export const tableHasOpenSales = sql<boolean>`exists (
  select 1 from ${sales}
  where ${sales.locationId} = ${tables.locationId} and ${sales.tableNumber} = ${tables.number} and ${sales.status} <> 'CLOSED'
)`;

const tableRecordColumns = {
  id: tables.id,
  locationId: tables.locationId,
  number: tables.number,
  sectionId: tables.sectionId,
  sectionName: sections.name,
  version: tables.version,
  openSales: openSalesOfTable,
};

/** A table as the service reads it: its columns, its section's name and its open sales. */
export interface TableRecord {
  id: string;
  locationId: string;
  number: string;
  sectionId: string | null;
  sectionName: string | null;
  version: number;
  openSales: string[];
}

/** The tables matching `where`, by number, with their sections and open sales. */
export function selectTableRecords(db: Executor, where: SQL | undefined): Promise<TableRecord[]> {
  return db
    .select(tableRecordColumns)
    .from(tables)
    .leftJoin(sections, and(eq(sections.locationId, tables.locationId), eq(sections.id, tables.sectionId)))
    .where(where)
    .orderBy(asc(tables.locationId), asc(tables.number));
}

export async function findTableRecord(db: Executor, tableId: string): Promise<TableRecord | undefined> {
  const [record] = await selectTableRecords(db, eq(tables.id, tableId));
  return record;
}

/** The public Table resource (docs/contract.md#tables). */
export function tableResource(record: TableRecord): TableResponse {
  return toTableResponse({
    id: record.id,
    number: record.number,
    locationId: record.locationId,
    section: record.sectionId ? { id: record.sectionId, name: record.sectionName ?? '' } : null,
    openSales: record.openSales,
  });
}
