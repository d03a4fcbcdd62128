import { and, eq, sql } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';
import type { Executor } from '@/db/client';
import { bookings } from '@/db/schema';
import { ApiError, conflict, forbidden, notFound, validationFailed } from '@/lib/errors';
import { pgErrorCode } from '@/db/errors';
import { type BookingCaller, actorOf, visibleTo } from './partner-access';
import { recordBookingChange } from './booking-changes';
import { type BookingRow, toBooking } from './booking-record';
import { assertTablesExist, assertTablesFree, occupiesTables } from './booking-tables';
import { mergeBookingDetails } from './merge-patch';
import type { UpdateBookingRequest } from './schema';
import {
  type BookingStatus,
  type TableStatus,
  bookingEventTypeForTableStatus,
  decideBookingStatusChange,
  decideTableStatusChange,
  isFinalBookingStatus,
} from './transitions';

const statusConflict = (message: string) => conflict(message, 'BOOKING_STATUS_CONFLICT');
const assetConflict = (message: string) => conflict(message, 'BOOKING_ASSET_CONFLICT');

/**
 * 403s depend only on who asks and what, never on the booking's state (as for orders). Details (numberOfPeople,
 * times, tables, customer …) are anyone's to change who may update the booking: the reference PATCH has no rule
 * on who edits them, and docs/domain.md#booking has the POS update bookings (moving a party to another table, say).
 */
function assertMayUpdate(caller: BookingCaller, row: BookingRow, patch: UpdateBookingRequest): void {
  if (caller.kind === 'BOOKING_APP' && row.appPartnerId !== caller.partnerId) {
    throw forbidden('A walk-in is held by no booking app; the POS or the merchant changes it.');
  }
  if (patch.bookingStatus) {
    const decision = decideBookingStatusChange({ current: 'CREATED', next: patch.bookingStatus, actor: actorOf(caller) });
    if (decision.kind === 'forbidden') throw forbidden(decision.message);
  }
}

/** A TABLE booking has table and arrival statuses, tables and a section; a ROOM booking has rooms. */
function assertFitsAsset(row: BookingRow, patch: UpdateBookingRequest): void {
  const asset = patch.asset ?? {};
  const wrong =
    row.assetType === 'ROOM'
      ? (['tableStatus', 'arrivalStatus', 'tables', 'section', 'discounts', 'preOrders'] as const).filter((field) => asset[field] !== undefined)
      : (['rooms'] as const).filter((field) => asset[field] !== undefined);
  if (wrong.length) throw assetConflict(`A ${row.assetType} booking has no ${wrong.map((field) => `asset.${field}`).join(', ')}.`);
}

function nextBookingStatus(caller: BookingCaller, current: BookingStatus, next: BookingStatus | undefined): BookingStatus {
  if (!next) return current;
  const decision = decideBookingStatusChange({ current, next, actor: actorOf(caller) });
  if (decision.kind === 'conflict') throw statusConflict(decision.message);
  return decision.kind === 'change' ? next : current;
}

function nextTableStatus(current: TableStatus | null, next: TableStatus | undefined): TableStatus | null {
  if (!next) return current;
  const decision = decideTableStatusChange(current, next);
  if (decision.kind === 'conflict') throw conflict(decision.message, 'TABLE_STATUS_CONFLICT');
  return decision.kind === 'change' ? next : current;
}

/** The booking as partners see it, without the fields every write changes, to tell a change from a no-op. */
const comparable = (row: BookingRow) => {
  const { updatedAt: _updatedAt, ...rest } = toBooking(row);
  return JSON.parse(JSON.stringify(rest)) as unknown;
};

/**
 * PATCH /bookings/{bookingId} (merge patch) and the dashboard's accept, reject and cancel. The row is locked for
 * the decision. Rules (lib/bookings/transitions.ts, docs/contract.md#bookings): bookingStatus CREATED → ACCEPTED | REJECTED | CANCELLED_*,
 * ACCEPTED → CANCELLED_*, the others final (409 for any change after); asset.tableStatus forward only; the POS and
 * the booking app edit details. A change that changes nothing is a no-op (no version, no event). One change is one history
 * entry and one event: BOOKING_<tableStatus> when the table status moved, BOOKING_UPDATED otherwise.
 */
export async function updateBooking(db: Executor, caller: BookingCaller, bookingId: string, patch: UpdateBookingRequest): Promise<{ changed: boolean }> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), visibleTo(tx, caller)))
        .for('update');
      if (!current) throw notFound('Booking');
      assertMayUpdate(caller, current, patch);
      const bookingStatus = nextBookingStatus(caller, current.bookingStatus, patch.bookingStatus);
      const otherFields = Object.keys(patch).filter((key) => key !== 'bookingStatus' && key !== 'reason');
      if (isFinalBookingStatus(current.bookingStatus) && otherFields.length) {
        throw statusConflict(`Booking status conflict. Booking status ${current.bookingStatus} is final; the booking cannot change.`);
      }
      assertFitsAsset(current, patch);
      const tableStatus = nextTableStatus(current.tableStatus, patch.asset?.tableStatus);
      const merged = mergeBookingDetails(current, patch);
      if (merged.endTime && merged.endTime <= merged.startTime) {
        throw validationFailed([{ segment: 'body', path: 'endTime', message: 'endTime must be after startTime.' }]);
      }
      if (patch.asset?.tables) await assertTablesExist(tx, current.locationId, merged.tableNumbers);
      const seatsNow = occupiesTables(tableStatus) && (!occupiesTables(current.tableStatus) || patch.asset?.tables !== undefined);
      if (seatsNow) await assertTablesFree(tx, { locationId: current.locationId, numbers: merged.tableNumbers, exceptBookingId: current.id });

      const statusChanged = bookingStatus !== current.bookingStatus;
      const candidate: BookingRow = {
        ...current,
        ...merged,
        bookingStatus,
        // The reference: reason accompanies REJECTED and the cancellations, given with the status.
        reason: statusChanged ? (patch.reason ?? null) : current.reason,
        tableStatus,
        arrivalStatus: patch.asset?.arrivalStatus === undefined ? current.arrivalStatus : patch.asset.arrivalStatus,
      };
      if (isDeepStrictEqual(comparable(candidate), comparable(current))) return { changed: false };

      const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, version: _version, ...values } = candidate;
      const [updated] = await tx
        .update(bookings)
        .set({ ...values, version: sql`${bookings.version} + 1`, updatedAt: sql`now()` })
        .where(eq(bookings.id, current.id))
        .returning();
      const type = tableStatus !== current.tableStatus && tableStatus ? bookingEventTypeForTableStatus(tableStatus) : 'BOOKING_UPDATED';
      await recordBookingChange(tx, { booking: updated!, caller, type, eventData: patch });
      return { changed: true };
    });
  } catch (error) {
    // The only unique index a booking update can meet is the booking reference's.
    if (!(error instanceof ApiError) && pgErrorCode(error) === '23505') {
      throw conflict(`Another booking at this location already has bookingReference ${patch.origin?.bookingReference}.`, 'BOOKING_REFERENCE_CONFLICT');
    }
    throw error;
  }
}
