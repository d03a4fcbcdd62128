import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { bookings } from '@/db/schema';
import type { PartnerPrincipal } from '@/lib/auth/access-tokens';
import { forbidden, notFound } from '@/lib/errors';
import { inScope, type LocationScope, type MerchantCaller } from '@/lib/tenancy/scope';
import type { BookingRow } from './booking-record';
import type { BookingActor } from './transitions';

/** Who reads or changes a booking: a partner through the API, or a merchant user in the dashboard. */
export type BookingCaller =
  { kind: 'POS' | 'BOOKING_APP'; partnerId: string; partnerName: string; scope: LocationScope } | ({ kind: 'MERCHANT'; userId: string } & MerchantCaller);

/** The booking caller of a partner request; only a POS and a booking app take part in bookings. */
export function partnerBookingCaller(principal: Pick<PartnerPrincipal, 'partnerId' | 'partnerType' | 'partnerName' | 'scope'>) {
  const { partnerType: kind, partnerId, partnerName, scope } = principal;
  if (kind !== 'POS' && kind !== 'BOOKING_APP') throw forbidden(`${kind} partners may not use bookings.`);
  return { kind, partnerId, partnerName, scope } satisfies BookingCaller;
}

/** The wire name of who made a change (the booking events' `sourceOfChange`). */
export function sourceOfChange(caller: BookingCaller): 'POS' | 'APP' | 'MERCHANT' {
  return caller.kind === 'BOOKING_APP' ? 'APP' : caller.kind;
}

export const actorOf = (caller: BookingCaller): BookingActor => caller.kind;

/** The partner whose request made the change; left out of the event's recipients (docs/contract.md#recipients). */
export const actorPartnerIdOf = (caller: BookingCaller): string | null => (caller.kind === 'MERCHANT' ? null : caller.partnerId);

/**
 * Who sees a booking (docs/contract.md#scope, docs/contract.md#events): a POS whose token reaches its location; the booking app that holds it, and
 * for a walk-in (held by no app) every booking app whose token reaches the location, since each is told about it;
 * the merchant owning the location. Everyone else is answered as if the booking did not exist.
 */
export function visibleTo(db: Executor, caller: BookingCaller): SQL {
  switch (caller.kind) {
    case 'POS':
      return inScope(db, caller, bookings.locationId);
    case 'BOOKING_APP':
      return or(eq(bookings.appPartnerId, caller.partnerId), and(isNull(bookings.appPartnerId), inScope(db, caller, bookings.locationId)))!;
    case 'MERCHANT':
      return inScope(db, { merchantId: caller.merchantId, locationIds: caller.locationIds }, bookings.locationId);
  }
}

/** The booking as `caller` may see it; 404 otherwise. */
export async function findVisibleBooking(db: Executor, caller: BookingCaller, bookingId: string): Promise<BookingRow> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), visibleTo(db, caller)))
    .limit(1);
  if (!row) throw notFound('Booking');
  return row;
}
