import { desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { bookingChanges } from '@/db/schema';
import { emitEvent } from '@/lib/events/outbox';
import { newId } from '@/lib/ids';
import { type BookingCaller, actorPartnerIdOf, findVisibleBooking, sourceOfChange } from './partner-access';
import { type BookingRow, toBooking, toStoredJson } from './booking-record';
import { type BOOKING_EVENT_TYPES, type BookingEvent, bookingEventSchema } from './schema';

export type BookingEventType = (typeof BOOKING_EVENT_TYPES)[number];

/**
 * Writes a booking change to its history and emits its event, inside the transaction of the change (docs/contract.md#recipients:
 * a change and its event commit together). Recipients: the location's POS and the booking app holding the booking;
 * a walk-in is held by no app, so every booking app of the location hears of it. The actor is left out by emitEvent.
 */
export async function recordBookingChange(
  tx: Executor,
  input: { booking: BookingRow; caller: BookingCaller; type: BookingEventType; eventData: unknown },
): Promise<void> {
  const { booking, caller, type } = input;
  await tx.insert(bookingChanges).values({
    id: newId(),
    bookingId: booking.id,
    locationId: booking.locationId,
    type,
    sourceOfChange: sourceOfChange(caller),
    actorPartnerId: actorPartnerIdOf(caller),
    actorUserId: caller.kind === 'MERCHANT' ? caller.userId : null,
    eventData: toStoredJson(input.eventData),
    outcome: toStoredJson(toBooking(booking)),
    version: booking.version,
    createdAt: booking.updatedAt,
  });
  await emitEvent(tx, {
    type,
    locationId: booking.locationId,
    resource: 'booking',
    resourceId: booking.id,
    version: booking.version,
    actorPartnerId: actorPartnerIdOf(caller),
    audience: booking.appPartnerId ? { connectedPartnerTypes: ['POS'], partnerIds: [booking.appPartnerId] } : { connectedPartnerTypes: ['POS', 'BOOKING_APP'] },
  });
}

/** A booking's changes, newest first (docs/contract.md#bookings), each with who made it. */
export async function listBookingChanges(db: Executor, bookingId: string) {
  return db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, bookingId)).orderBy(desc(bookingChanges.version));
}

/** GET /bookings/{bookingId}/events: the booking's changes as booking events, newest first. */
export async function getBookingEvents(db: Executor, caller: BookingCaller, bookingId: string): Promise<BookingEvent[]> {
  const booking = await findVisibleBooking(db, caller, bookingId);
  const changes = await listBookingChanges(db, booking.id);
  return changes.map((change) =>
    bookingEventSchema.parse({
      id: change.id,
      locationId: change.locationId,
      type: change.type,
      sourceOfChange: change.sourceOfChange,
      eventData: change.eventData,
      outcome: change.outcome,
      createdAt: change.createdAt.toISOString(),
    }),
  );
}
