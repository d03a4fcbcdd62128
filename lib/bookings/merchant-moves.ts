import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { bookings, connections, partners } from '@/db/schema';
import { validationFailed } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { assertInScope, type MerchantCaller } from '@/lib/tenancy/scope';
import { recordBookingChange } from './booking-changes';
import type { BookingRow } from './booking-record';
import { assertTablesExist, assertTablesFree } from './booking-tables';
import { type BookingCaller, findVisibleBooking } from './partner-access';
import type { UpdateBookingRequest } from './schema';
import { HOST_MOVES } from './host-moves';
import { updateBooking } from './update-booking';

/** The merchant user acting in the dashboard (docs/contract.md#merchant-moves: a dashboard change has no partner actor, so it goes to all). */
export interface MerchantActor extends MerchantCaller {
  userId: string;
}

const merchantCaller = (actor: MerchantActor): BookingCaller => ({ kind: 'MERCHANT', ...actor });

/** A party that turns up this long before its booked time arrived EARLY; later, ON_TIME (the reference's arrival words). */
const EARLY_ARRIVAL_MINUTES = 10;

export const hostMoveSchema = z.object({
  bookingId: z.string().min(1).max(100),
  move: z.enum(HOST_MOVES),
});

/**
 * The host's moves on a booking from the dashboard, each one PATCH by the rules a POS follows (lib/bookings/update-booking.ts):
 * the party arrived (arrivalStatus EARLY or ON_TIME), did not come (NO_SHOW), or its table moves forward
 * (SEATED → DINING → CLOSING → FINALISED; a seated table must be free). The history names the merchant user and the
 * events are those a POS change causes (BOOKING_SEATED …, BOOKING_UPDATED), sent to the POS and the booking app.
 */
export async function moveBookingAsHost(db: Executor, actor: MerchantActor, input: z.output<typeof hostMoveSchema>, now = new Date()) {
  return updateBooking(db, merchantCaller(actor), input.bookingId, await patchForMove(db, actor, input, now));
}

async function patchForMove(db: Executor, actor: MerchantActor, input: z.output<typeof hostMoveSchema>, now: Date): Promise<UpdateBookingRequest> {
  if (input.move === 'ARRIVED' || input.move === 'NO_SHOW') {
    if (input.move === 'NO_SHOW') return { asset: { arrivalStatus: 'NO_SHOW' } };
    // EARLY needs the booked time, read as the merchant may see it (404 otherwise).
    const row = await findVisibleBooking(db, merchantCaller(actor), input.bookingId);
    const early = row.startTime.getTime() - now.getTime() > EARLY_ARRIVAL_MINUTES * 60_000;
    return { asset: { arrivalStatus: early ? 'EARLY' : 'ON_TIME' } };
  }
  return { asset: { tableStatus: input.move } };
}

export const walkInSchema = z.object({
  locationId: z.string().min(1).max(100),
  numberOfPeople: z.coerce.number({ error: 'How many people?' }).int('A whole number of people.').min(1, 'At least 1 person.').max(100, 'At most 100 people.'),
  tableNumber: z.string().trim().max(20).optional(),
  customerName: z.string().trim().max(100, 'At most 100 characters.').optional(),
});

/**
 * The host adds a walk-in: a party seated now (SEATED, at a free table when one is named), as a POS POSTs one
 * (docs/contract.md#bookings). It is the POS's booking in the record — `createdByPartnerId` names the location's POS — with
 * source MERCHANT and the merchant user in its history; every booking app of the location hears of it, as of any walk-in.
 * A location without a POS connected has nobody to seat the party for: 400 naming the location.
 */
export async function addWalkInAsHost(db: Executor, actor: MerchantActor, input: z.output<typeof walkInSchema>, now = new Date()): Promise<BookingRow> {
  await assertInScope(db, actor, input.locationId);
  const [pos] = await db
    .select({ id: partners.id })
    .from(connections)
    .innerJoin(partners, eq(partners.id, connections.partnerId))
    .where(and(eq(connections.locationId, input.locationId), eq(partners.type, 'POS')))
    .orderBy(asc(connections.createdAt))
    .limit(1);
  if (!pos) {
    throw validationFailed([{ segment: 'body', path: 'locationId', message: 'Connect a POS to this location first: a walk-in is seated at its tables.' }]);
  }
  const tableNumbers = input.tableNumber ? [input.tableNumber] : [];
  await assertTablesExist(db, input.locationId, tableNumbers);
  const request = {
    locationId: input.locationId,
    bookingStatus: 'ACCEPTED',
    numberOfPeople: input.numberOfPeople,
    startTime: now.toISOString(),
    asset: { type: 'TABLE', tableStatus: 'SEATED', ...(tableNumbers.length ? { tables: tableNumbers.map((number) => ({ number })) } : {}) },
    ...(input.customerName ? { customer: { name: input.customerName } } : {}),
  };
  return db.transaction(async (tx) => {
    await assertTablesFree(tx, { locationId: input.locationId, numbers: tableNumbers });
    const [row] = await tx
      .insert(bookings)
      .values({
        id: newId(),
        locationId: input.locationId,
        appPartnerId: null,
        createdByPartnerId: pos.id,
        source: 'MERCHANT',
        bookingStatus: 'ACCEPTED',
        assetType: 'TABLE',
        tableStatus: 'SEATED',
        tableNumbers,
        numberOfPeople: input.numberOfPeople,
        startTime: now,
        details: input.customerName ? { customer: { name: input.customerName } } : {},
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordBookingChange(tx, { booking: row!, caller: merchantCaller(actor), type: 'BOOKING_CREATED', eventData: request });
    return row!;
  });
}
