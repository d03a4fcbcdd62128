import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { bookings, locations } from '@/db/schema';
import { assertInScope, type Caller } from '@/lib/tenancy/scope';
import { type BookingRow, toBooking } from './booking-record';
import { overlapsTableNumbers } from './booking-tables';
import type { BookingResponse, ListBookingsQuery } from './schema';

const dateColumns = { START: bookings.startTime, CREATED: bookings.createdAt, UPDATED: bookings.updatedAt } as const;

/** Dashboard-only filter: who made the booking (a booking app's reservation or a POS walk-in). */
export interface BookingListFilters extends ListBookingsQuery {
  source?: ('APP' | 'POS')[];
}

export interface BookingPage {
  results: BookingResponse[];
  pagination: { page: number; size: number; limit: number; total: number };
}

/**
 * The WHERE of a booking list: filters of one kind are OR-ed, kinds are AND-ed (docs/contract.md#bookings lists). fromDate and
 * toDate are days at the location, so they are turned into instants in its time zone; the bounds are constants, so
 * the (location_id, <date>, id) index serves the range.
 */
function listConditions(filters: BookingListFilters): SQL {
  const column = dateColumns[filters.dateType];
  // One statement: the time zone is read in the query (an init plan, evaluated once) rather than in a round trip.
  const timezone = sql`(select ${locations.timezone} from ${locations} where ${locations.id} = ${filters.locationId})`;
  return and(
    eq(bookings.locationId, filters.locationId),
    filters.assetType ? inArray(bookings.assetType, filters.assetType) : undefined,
    filters.bookingStatus ? inArray(bookings.bookingStatus, filters.bookingStatus) : undefined,
    filters.tableNumber ? overlapsTableNumbers(filters.tableNumber) : undefined,
    filters.source ? inArray(bookings.source, filters.source) : undefined,
    filters.fromDate ? sql`${column} >= (${filters.fromDate}::date::timestamp at time zone ${timezone})` : undefined,
    filters.toDate ? sql`${column} < ((${filters.toDate}::date + 1)::timestamp at time zone ${timezone})` : undefined,
  )!;
}

/**
 * Rows of one page, in the order of the date filtered on (then id), for the API and the dashboard alike. The caller
 * has checked the location through the scope module (listBookings, or the dashboard by the merchant).
 */
export async function listBookingRows(db: Executor, filters: BookingListFilters): Promise<{ rows: BookingRow[]; total: number }> {
  const where = listConditions(filters);
  const column = dateColumns[filters.dateType];
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(bookings)
      .where(where)
      .orderBy(asc(column), asc(bookings.id))
      .limit(filters.limit)
      .offset((filters.page - 1) * filters.limit),
    db.select({ total: count() }).from(bookings).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * GET /bookings (POS): a location's bookings, filtered and paged as `{results, pagination}` (docs/contract.md#bookings); a
 * location outside the caller's scope is 403.
 */
export async function listBookings(db: Executor, caller: Caller, filters: BookingListFilters): Promise<BookingPage> {
  await assertInScope(db, caller, filters.locationId);
  const { rows, total } = await listBookingRows(db, filters);
  return {
    results: rows.map(toBooking),
    pagination: { page: filters.page, size: rows.length, limit: filters.limit, total },
  };
}
