import { and, asc, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { locations, sales } from '@/db/schema';
import type { PartnerPrincipal } from '@/lib/auth/access-tokens';
import { assertInScope } from '@/lib/tenancy/scope';
import { saleResource } from './sale-record';
import type { ListSalesQuery, SaleResponse } from './schema';

export interface SalePage {
  results: SaleResponse[];
  pagination: { page: number; size: number; limit: number; total: number };
}

const dateColumns = {
  CREATED: sales.createdAt,
  UPDATED: sales.updatedAt,
  OPENED: sales.openedAt,
  CLOSED: sales.closedAt,
} as const;

/**
 * GET /sales: a location's sales in the order they were recorded (reference sales spec), filtered by status, type,
 * booking and a date range (dates on the location's own calendar), one page of `limit` at a time (docs/contract.md#lists).
 * Every POS and app whose token reaches the location may list them (they receive its sale events); others get 403.
 */
export async function listLocationSales(db: Executor, caller: PartnerPrincipal, query: ListSalesQuery): Promise<SalePage> {
  await assertInScope(db, caller, query.locationId);
  const localDate = sql`(${dateColumns[query.dateType]} at time zone ${locations.timezone})::date`;
  const conditions: (SQL | undefined)[] = [
    eq(sales.locationId, query.locationId),
    query.saleStatus ? inArray(sales.status, query.saleStatus) : undefined,
    query.saleType ? inArray(sales.type, query.saleType) : undefined,
    query.bookingId ? eq(sales.bookingId, query.bookingId) : undefined,
    query.fromDate ? gte(localDate, sql`${query.fromDate}::date`) : undefined,
    query.toDate ? lte(localDate, sql`${query.toDate}::date`) : undefined,
  ];
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(sales)
    .innerJoin(locations, eq(locations.id, sales.locationId))
    .where(where)
    .orderBy(asc(sales.createdAt), asc(sales.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(sales).innerJoin(locations, eq(locations.id, sales.locationId)).where(where);
  return {
    results: rows.map((row) => saleResource(row.sales)),
    pagination: { page: query.page, size: rows.length, limit: query.limit, total },
  };
}

/** The sales linked to a booking (by `bookingId`), oldest first, for the bookings domain. */
export async function listSalesForBooking(db: Executor, bookingId: string): Promise<SaleResponse[]> {
  const rows = await db.select().from(sales).where(eq(sales.bookingId, bookingId)).orderBy(asc(sales.createdAt), asc(sales.id));
  return rows.map(saleResource);
}
