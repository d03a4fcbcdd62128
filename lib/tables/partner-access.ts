import { and, eq, exists, not, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { connections, tables } from '@/db/schema';
import { assertConnected } from '@/lib/auth/connections';
import type { PartnerPrincipal } from '@/lib/auth/access-tokens';
import { notFound } from '@/lib/http/errors';
import type { ListTablesQuery } from './schema';
import { selectTableRecords, tableHasOpenSales, type TableRecord } from './table-record';

export type TableCaller = Pick<PartnerPrincipal, 'partnerId'>;

/** CONTRACT §3: a partner sees the tables of the locations it is connected to; any other table does not exist for it. */
function connectedToTableLocation(db: Executor, caller: TableCaller): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(connections)
      .where(and(eq(connections.partnerId, caller.partnerId), eq(connections.locationId, tables.locationId))),
  );
}

export async function findVisibleTable(db: Executor, caller: TableCaller, tableId: string): Promise<TableRecord> {
  const [record] = await selectTableRecords(db, and(eq(tables.id, tableId), connectedToTableLocation(db, caller)));
  if (!record) throw notFound('Table');
  return record;
}

/** GET /tables: a location's tables by number; naming a location the partner is not connected to is 403. */
export async function listLocationTables(db: Executor, caller: PartnerPrincipal, query: ListTablesQuery): Promise<TableRecord[]> {
  await assertConnected(db, caller, query.locationId);
  const openFilter = query.openSales === undefined ? undefined : query.openSales ? tableHasOpenSales : not(tableHasOpenSales);
  return selectTableRecords(db, and(eq(tables.locationId, query.locationId), openFilter));
}
