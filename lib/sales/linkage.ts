import type { SaleStatus } from './schema';

/**
 * docs/domain.md#table-and-open-sales: an open sale with a table number sits in that table's `openSales`;
 * once the sale is closed it leaves. docs/contract.md#sales: TABLE_OPENED when the first open sale joins a
 * table, TABLE_CLOSED when the last one leaves. Any other change of `openSales` changes the table
 * too, so it is a TABLE_UPDATED.
 */
export type OpenSalesEventType = 'TABLE_OPENED' | 'TABLE_UPDATED' | 'TABLE_CLOSED';

/** Where a sale stands as far as tables are concerned. */
export interface SaleTablePlacement {
  status: SaleStatus;
  tableNumber: string | null;
}

/** The table (by number) a sale must leave and the one it must join; null when none. */
export interface SaleTableMove {
  leave: string | null;
  join: string | null;
}

export interface OpenSalesChange {
  openSales: string[];
  event: OpenSalesEventType | null;
}

// A REOPENED sale is unpaid again, so it is open as far as its table is concerned.
const isOpen = (status: SaleStatus) => status !== 'CLOSED';

const occupiedTable = (placement: SaleTablePlacement | null) => (placement && isOpen(placement.status) ? placement.tableNumber : null);

/**
 * Which tables a sale leaves and joins when it is created (`before` null), closed, or moved to another
 * table number, in any combination one request makes.
 */
export function planSaleTableMove(before: SaleTablePlacement | null, after: SaleTablePlacement): SaleTableMove {
  const from = occupiedTable(before);
  const to = occupiedTable(after);
  if (from === to) return { leave: null, join: null };
  return { leave: from, join: to };
}

/** The sale joins a table's open sales (at the end: oldest first). Joining twice changes nothing. */
export function joinOpenSales(openSales: readonly string[], saleId: string): OpenSalesChange {
  if (openSales.includes(saleId)) return { openSales: [...openSales], event: null };
  return { openSales: [...openSales, saleId], event: openSales.length === 0 ? 'TABLE_OPENED' : 'TABLE_UPDATED' };
}

/** The sale leaves a table's open sales. Leaving a table it is not on changes nothing. */
export function leaveOpenSales(openSales: readonly string[], saleId: string): OpenSalesChange {
  if (!openSales.includes(saleId)) return { openSales: [...openSales], event: null };
  const remaining = openSales.filter((id) => id !== saleId);
  return { openSales: remaining, event: remaining.length === 0 ? 'TABLE_CLOSED' : 'TABLE_UPDATED' };
}
