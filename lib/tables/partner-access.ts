import { and, eq, not } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { tables } from '@/db/schema';
import { notFound } from '@/lib/errors';
import { assertLocationReachable, inScope, type Caller } from '@/lib/tenancy/scope';
import type { ListTablesQuery } from './schema';
import { selectTableRecords, tableHasOpenSales, type TableRecord } from './table-record';

/** docs/contract.md#scope: a caller sees the tables of the locations in its scope; any other table does not exist for it. */
export async function findVisibleTable(db: Executor, caller: Caller, tableId: string): Promise<TableRecord> {
  const [record] = await selectTableRecords(db, and(eq(tables.id, tableId), inScope(db, caller, tables.locationId)));
  if (!record) throw notFound('Table');
  return record;
}

/** GET /tables: a location's tables by number; a location outside the caller's scope is 404 or 403 (assertLocationReachable). */
export async function listLocationTables(db: Executor, caller: Caller, query: ListTablesQuery): Promise<TableRecord[]> {
  await assertLocationReachable(db, caller, query.locationId);
  const openFilter = query.openSales === undefined ? undefined : query.openSales ? tableHasOpenSales : not(tableHasOpenSales);
  return selectTableRecords(db, and(eq(tables.locationId, query.locationId), openFilter));
}
