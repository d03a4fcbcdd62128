import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { bookings, tables } from '@/db/schema';
import { ApiError, conflict } from '@/lib/errors';
import type { TableStatus } from './transitions';

/** A booking's tables must exist at its location; otherwise 422, a well-formed but unknown reference (docs/contract.md#statuses). */
export async function assertTablesExist(db: Executor, locationId: string, numbers: readonly string[]): Promise<void> {
  if (!numbers.length) return;
  const found = await db
    .select({ number: tables.number })
    .from(tables)
    .where(and(eq(tables.locationId, locationId), inArray(tables.number, [...numbers])));
  const known = new Set(found.map((table) => table.number));
  const missing = numbers.filter((number) => !known.has(number));
  if (missing.length) {
    throw new ApiError('BOOKING_TABLE_NOT_FOUND', `No table ${missing.join(', ')} at location ${locationId}.`, {
      status: 422,
      errors: missing.map((number) => ({
        segment: 'body' as const,
        path: `asset.tables.${numbers.indexOf(number)}.number`,
        message: `Table ${number} does not exist at location ${locationId}.`,
      })),
    });
  }
}

/** `table_numbers && array[…]`: the booking is at any of these tables (GIN-indexed). */
export function overlapsTableNumbers(numbers: readonly string[]) {
  return sql`${bookings.tableNumbers} && array[${sql.join(
    numbers.map((number) => sql`${number}`),
    sql`, `,
  )}]::text[]`;
}

/** Guests are at the table from SEATED until FINALISED, which frees it (docs/domain.md#booking-table-status). */
export const OCCUPYING_TABLE_STATUSES = ['SEATED', 'DINING', 'CLOSING'] as const satisfies readonly TableStatus[];

export const occupiesTables = (status: TableStatus | null | undefined) => Boolean(status && (OCCUPYING_TABLE_STATUSES as readonly string[]).includes(status));

/**
 * A booking cannot be seated at a table another booking still occupies (409 TABLE_OCCUPIED). Seatings of one
 * location are serialised with a transaction-scoped advisory lock so two concurrent seatings cannot both pass.
 */
export async function assertTablesFree(tx: Executor, input: { locationId: string; numbers: readonly string[]; exceptBookingId?: string }): Promise<void> {
  if (!input.numbers.length) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`booking-seating:${input.locationId}`}))`);
  const occupied = await tx
    .select({ id: bookings.id, tableNumbers: bookings.tableNumbers })
    .from(bookings)
    .where(
      and(
        eq(bookings.locationId, input.locationId),
        overlapsTableNumbers(input.numbers),
        inArray(bookings.tableStatus, [...OCCUPYING_TABLE_STATUSES]),
        inArray(bookings.bookingStatus, ['CREATED', 'ACCEPTED']),
        input.exceptBookingId ? ne(bookings.id, input.exceptBookingId) : undefined,
      ),
    )
    .limit(1);
  if (occupied[0]) {
    const taken = input.numbers.filter((number) => occupied[0]!.tableNumbers.includes(number));
    throw conflict(`Table ${taken.join(', ')} is occupied by booking ${occupied[0].id} until it is FINALISED.`, 'TABLE_OCCUPIED');
  }
}
