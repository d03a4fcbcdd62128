import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { sales, tables } from '@/db/schema';
import { bumpTableVersion, emitTableEvent, type ChangeActor } from '@/lib/tables/table-events';
import { lockTableNumbers } from '@/lib/tables/table-locks';
import { joinOpenSales, leaveOpenSales, planSaleTableMove, type OpenSalesChange, type SaleTablePlacement } from './linkage';

/** The other open sales at a table number, oldest first (read after the number is locked, so they are current). */
async function otherOpenSales(tx: Executor, locationId: string, tableNumber: string, saleId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.locationId, locationId), eq(sales.tableNumber, tableNumber), ne(sales.status, 'CLOSED'), ne(sales.id, saleId)))
    .orderBy(asc(sales.createdAt), asc(sales.id));
  return rows.map((row) => row.id);
}

/**
 * docs/domain.md#table-and-open-sales, inside the transaction that changed the sale: the sale leaves the table it was open
 * at and joins the one it is open at now; the tables that exist get TABLE_OPENED (first open sale), TABLE_CLOSED
 * (last one left) or TABLE_UPDATED. The link itself is the sale's table number, so a table created later finds it.
 */
export async function moveSaleBetweenTables(
  tx: Executor,
  actor: ChangeActor,
  sale: { id: string; locationId: string },
  before: SaleTablePlacement | null,
  after: SaleTablePlacement,
): Promise<void> {
  const { leave, join } = planSaleTableMove(before, after);
  if (!leave && !join) return;
  await lockTableNumbers(tx, sale.locationId, [leave, join]);
  const numbers = [leave, join].filter((number): number is string => Boolean(number));
  const affected = await tx
    .select({ id: tables.id, number: tables.number })
    .from(tables)
    .where(and(eq(tables.locationId, sale.locationId), inArray(tables.number, numbers)))
    .orderBy(asc(tables.number))
    .for('update');
  const changes: [string | null, (others: string[]) => OpenSalesChange][] = [
    [leave, (others) => leaveOpenSales([...others, sale.id], sale.id)],
    [join, (others) => joinOpenSales(others, sale.id)],
  ];
  for (const [number, change] of changes) {
    const table = affected.find((candidate) => candidate.number === number);
    if (!number || !table) continue;
    const { event } = change(await otherOpenSales(tx, sale.locationId, number, sale.id));
    if (!event) continue;
    const version = await bumpTableVersion(tx, table.id);
    await emitTableEvent(tx, event, { id: table.id, locationId: sale.locationId, version }, actor);
  }
}

export const placementOf = (sale: { status: SaleTablePlacement['status']; tableNumber: string | null }): SaleTablePlacement => ({
  status: sale.status,
  tableNumber: sale.tableNumber,
});
