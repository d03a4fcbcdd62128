import type { Executor } from '@/db/client';
import { bookings } from '@/db/schema';
import { conflict, validationFailed } from '@/lib/errors';
import { issuesToFieldErrors } from '@/lib/api/validation';
import { newId } from '@/lib/ids';
import { assertInScope } from '@/lib/tenancy/scope';
import type { BookingCaller } from './partner-access';
import { recordBookingChange } from './booking-changes';
import { type BookingDetails, toBooking } from './booking-record';
import { assertTablesExist, assertTablesFree, occupiesTables } from './booking-tables';
import { type BookingResponse, type CreateBookingRequest, type CreateWalkInRequest, createBookingRequestSchema, createWalkInRequestSchema } from './schema';

export type PartnerBookingCaller = Extract<BookingCaller, { kind: 'POS' | 'BOOKING_APP' }>;

/**
 * POST /bookings takes a reservation from a booking app and a walk-in from a POS, each with its own rules; the
 * body is validated here against the caller's schema, reporting every violation (docs/contract.md#errors).
 */
export function parseCreateBookingBody(caller: PartnerBookingCaller, body: unknown): CreateBookingRequest | CreateWalkInRequest {
  const schema = caller.kind === 'POS' ? createWalkInRequestSchema : createBookingRequestSchema;
  const result = schema.safeParse(body);
  if (!result.success) throw validationFailed(issuesToFieldErrors('body', result.error.issues));
  return result.data;
}

function detailsOf(request: CreateBookingRequest | CreateWalkInRequest): BookingDetails {
  const asset = request.asset;
  return {
    customer: request.customer,
    notes: request.notes,
    payments: request.payments,
    ...(asset.type === 'TABLE' ? { section: asset.section, discounts: asset.discounts, preOrders: asset.preOrders } : { rooms: asset.rooms }),
  };
}

/**
 * Creates a reservation (booking app) or a walk-in (POS, SEATED). The location must be within the token's scope (403), its tables
 * must exist (422), a seated booking needs free tables (409 TABLE_OCCUPIED), and `origin.bookingReference` is unique
 * per location and partner (409 BOOKING_REFERENCE_CONFLICT). BOOKING_CREATED goes to the POS for a reservation and
 * to every booking app of the location for a walk-in (docs/contract.md#events).
 */
export async function createBooking(db: Executor, caller: PartnerBookingCaller, request: CreateBookingRequest | CreateWalkInRequest): Promise<BookingResponse> {
  await assertInScope(db, caller, request.locationId);
  const asset = request.asset;
  const tableNumbers = asset.type === 'TABLE' ? (asset.tables ?? []).map((table) => table.number) : [];
  await assertTablesExist(db, request.locationId, tableNumbers);
  const isWalkIn = caller.kind === 'POS';
  const now = new Date();
  const created = await db.transaction(async (tx) => {
    const tableStatus = asset.type === 'TABLE' ? (asset.tableStatus ?? null) : null;
    if (occupiesTables(tableStatus)) await assertTablesFree(tx, { locationId: request.locationId, numbers: tableNumbers });
    const [row] = await tx
      .insert(bookings)
      .values({
        id: newId(),
        locationId: request.locationId,
        appPartnerId: isWalkIn ? null : caller.partnerId,
        createdByPartnerId: caller.partnerId,
        source: isWalkIn ? 'POS' : 'APP',
        originName: request.origin ? caller.partnerName : null,
        bookingReference: request.origin?.bookingReference ?? null,
        bookingStatus: request.bookingStatus,
        assetType: asset.type,
        tableStatus,
        arrivalStatus: asset.type === 'TABLE' ? (asset.arrivalStatus ?? null) : null,
        tableNumbers,
        numberOfPeople: request.numberOfPeople,
        // A walk-in without startTime starts when the POS reports it (the walk-in schema's rule).
        startTime: request.startTime ? new Date(request.startTime) : now,
        endTime: request.endTime ? new Date(request.endTime) : null,
        details: detailsOf(request),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return undefined;
    await recordBookingChange(tx, { booking: row, caller, type: 'BOOKING_CREATED', eventData: request });
    return row;
  });
  if (!created) {
    throw conflict(
      `A booking with bookingReference ${request.origin?.bookingReference} already exists at location ${request.locationId}.`,
      'BOOKING_REFERENCE_CONFLICT',
    );
  }
  return toBooking(created);
}
