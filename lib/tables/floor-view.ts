import { and, asc, count, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { sales, sections, tables } from '@/db/schema';
import type { SaleContent } from '@/lib/sales/sale-record';
import { listSections } from './sections';

/** An open sale as the floor page shows it at its table. */
export interface FloorOpenSale {
  id: string;
  total: { amount: number; currency: string } | null;
  openedZonedDateTime: string;
  staffId: string | null;
}

export interface FloorTable {
  id: string;
  number: string;
  sectionId: string | null;
  sectionName: string | null;
  openSales: FloorOpenSale[];
}

export interface FloorSection {
  id: string;
  name: string;
  tableCount: number;
}

export interface Floor {
  sections: FloorSection[];
  tables: FloorTable[];
}

/** A location's floor: its sections in order and its tables (by section, then number) with their open sales. */
export async function loadFloor(db: Executor, locationId: string): Promise<Floor> {
  const sectionRows = await listSections(db, locationId);
  const counts = await db
    .select({ sectionId: tables.sectionId, tableCount: count() })
    .from(tables)
    .where(and(eq(tables.locationId, locationId), isNotNull(tables.sectionId)))
    .groupBy(tables.sectionId);
  const tableRows = await db
    .select({ id: tables.id, number: tables.number, sectionId: tables.sectionId, sectionName: sections.name })
    .from(tables)
    .leftJoin(sections, and(eq(sections.locationId, tables.locationId), eq(sections.id, tables.sectionId)))
    .where(eq(tables.locationId, locationId))
    .orderBy(sql`${sections.position} asc nulls last`, asc(tables.number));
  // docs/domain.md#table-and-open-sales: the same rule as the API's `openSales`, with what the page shows of each sale.
  const openSales = await db
    .select({ id: sales.id, tableNumber: sales.tableNumber, content: sales.content })
    .from(sales)
    .where(and(eq(sales.locationId, locationId), ne(sales.status, 'CLOSED'), isNotNull(sales.tableNumber)))
    .orderBy(asc(sales.createdAt), asc(sales.id));
  const salesByNumber = new Map<string, FloorOpenSale[]>();
  for (const sale of openSales) {
    const content = sale.content as SaleContent;
    const list = salesByNumber.get(sale.tableNumber!) ?? [];
    list.push({ id: sale.id, total: content.total ?? null, openedZonedDateTime: content.openedZonedDateTime, staffId: content.staff?.id ?? null });
    salesByNumber.set(sale.tableNumber!, list);
  }
  return {
    sections: sectionRows.map((section) => ({
      id: section.id,
      name: section.name,
      tableCount: counts.find((entry) => entry.sectionId === section.id)?.tableCount ?? 0,
    })),
    tables: tableRows.map((table) => ({ ...table, openSales: salesByNumber.get(table.number) ?? [] })),
  };
}
