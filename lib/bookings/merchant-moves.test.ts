import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingChanges, locations } from '@/db/schema';
import { resetConfig } from '@/lib/config';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations, type TestPartner } from '@/lib/testing/fixtures';
import { createUser } from '@/lib/tenancy/users';
import { merchantBookingDetail } from './day-view';
import { howLongBefore, isWellBeforeBooking } from './host-moves';
import { addWalkInAsHost, moveBookingAsHost, walkInSchema } from './merchant-moves';
import { type BookingWorld, bookingEventsSent, bookingWorld, createdBooking, patched, reservation } from '@/app/_testing/bookings';

/**
 * docs/contract.md#merchant-moves: the host runs the door from the dashboard by the rules a POS PATCH follows; the history names the
 * merchant user and the events are those a POS change causes, sent to the booking app and the location's POS.
 */
const database = useTestDatabase();
let world: BookingWorld;
let merchant: { merchantId: string; userId: string };
let otherMerchant: { merchantId: string; userId: string };
/** One POS vendor serving both merchants' locations. */
let sharedPos: TestPartner;

async function owner(locationId: string, email: string) {
  const [location] = await database.db().select().from(locations).where(eq(locations.id, locationId));
  const user = await createUser(database.db(), { email, password: 'password-123', name: 'Host Manager', role: 'MERCHANT', merchantId: location!.merchantId });
  return { merchantId: location!.merchantId, userId: user.id };
}

beforeAll(async () => {
  resetConfig({ RATE_LIMIT_PER_MINUTE: '100000' });
  world = await bookingWorld(database.db());
  merchant = await owner(world.locationId, 'host@moves.test');
  otherMerchant = await owner(world.otherLocationId, 'other-host@moves.test');
  sharedPos = await createConnectedPartner(database.db(), 'POS', [world.locationId, world.otherLocationId]);
});

const inAnHour = () => new Date(Date.now() + 30 * 60_000).toISOString();

describe("the host's moves on a booking", () => {
  it('arrives, seats and moves the table to FINALISED: each a POS-like change by the merchant user, told to the app and the POS', async () => {
    const booking = await createdBooking(
      world.app.token,
      reservation(world.locationId, { startTime: inAnHour(), asset: { type: 'TABLE', tables: [{ number: '4' }] } }),
    );
    await patched(world.pos.token, booking.id, { bookingStatus: 'ACCEPTED' });
    for (const move of ['ARRIVED', 'SEATED', 'DINING', 'CLOSING', 'FINALISED'] as const) {
      expect(await moveBookingAsHost(database.db(), merchant, { bookingId: booking.id, move })).toEqual({ changed: true });
    }
    const everyone = [world.app.partnerId, world.pos.partnerId, sharedPos.partnerId].sort();
    expect((await bookingEventsSent(database.db(), booking.id)).slice(2)).toEqual([
      { type: 'BOOKING_UPDATED', version: 3, recipients: everyone },
      { type: 'BOOKING_SEATED', version: 4, recipients: everyone },
      { type: 'BOOKING_DINING', version: 5, recipients: everyone },
      { type: 'BOOKING_CLOSING', version: 6, recipients: everyone },
      { type: 'BOOKING_FINALISED', version: 7, recipients: everyone },
    ]);
    const detail = await merchantBookingDetail(database.db(), merchant.merchantId, booking.id);
    expect(detail.booking.asset).toMatchObject({ tableStatus: 'FINALISED', arrivalStatus: 'EARLY' });
    expect(detail.history.slice(0, 5).map((entry) => [entry.type, entry.sourceOfChange, entry.who])).toEqual([
      ['BOOKING_FINALISED', 'MERCHANT', 'Host Manager'],
      ['BOOKING_CLOSING', 'MERCHANT', 'Host Manager'],
      ['BOOKING_DINING', 'MERCHANT', 'Host Manager'],
      ['BOOKING_SEATED', 'MERCHANT', 'Host Manager'],
      ['BOOKING_UPDATED', 'MERCHANT', 'Host Manager'],
    ]);
    const [change] = await database.db().select().from(bookingChanges).where(eq(bookingChanges.id, detail.history[0]!.id));
    expect(change).toMatchObject({ actorPartnerId: null, actorUserId: merchant.userId, eventData: { asset: { tableStatus: 'FINALISED' } } });
  });

  it('marks a party that turns up at its time ON_TIME, and one that never came NO_SHOW', async () => {
    const now = new Date('2026-03-01T18:05:00Z');
    const onTime = await createdBooking(world.app.token, reservation(world.locationId, { startTime: '2026-03-01T18:00:00Z' }));
    await moveBookingAsHost(database.db(), merchant, { bookingId: onTime.id, move: 'ARRIVED' }, now);
    const noShow = await createdBooking(world.app.token, reservation(world.locationId, { startTime: '2026-03-01T18:00:00Z' }));
    await moveBookingAsHost(database.db(), merchant, { bookingId: noShow.id, move: 'NO_SHOW' }, now);
    expect((await merchantBookingDetail(database.db(), merchant.merchantId, onTime.id)).booking.asset).toMatchObject({ arrivalStatus: 'ON_TIME' });
    expect((await merchantBookingDetail(database.db(), merchant.merchantId, noShow.id)).booking.asset).toMatchObject({ arrivalStatus: 'NO_SHOW' });
    expect((await bookingEventsSent(database.db(), noShow.id)).at(-1)).toMatchObject({ type: 'BOOKING_UPDATED', version: 2 });
  });

  it('follows the POS rules: the table never goes back, an occupied table cannot be seated again, a cancelled booking is final', async () => {
    const first = await createdBooking(world.app.token, reservation(world.locationId, { asset: { type: 'TABLE', tables: [{ number: '3' }] } }));
    await moveBookingAsHost(database.db(), merchant, { bookingId: first.id, move: 'DINING' });
    await expect(moveBookingAsHost(database.db(), merchant, { bookingId: first.id, move: 'SEATED' })).rejects.toMatchObject({
      status: 409,
      code: 'TABLE_STATUS_CONFLICT',
    });
    const second = await createdBooking(world.app.token, reservation(world.locationId, { asset: { type: 'TABLE', tables: [{ number: '3' }] } }));
    await expect(moveBookingAsHost(database.db(), merchant, { bookingId: second.id, move: 'SEATED' })).rejects.toMatchObject({
      status: 409,
      code: 'TABLE_OCCUPIED',
    });
    await patched(world.app.token, second.id, { bookingStatus: 'CANCELLED_BY_CUSTOMER', reason: 'Ill' });
    await expect(moveBookingAsHost(database.db(), merchant, { bookingId: second.id, move: 'ARRIVED' })).rejects.toMatchObject({
      status: 409,
      code: 'BOOKING_STATUS_CONFLICT',
    });
  });

  it('tells a move well before the booked time from one near it', () => {
    expect(isWellBeforeBooking('2026-11-28T06:24:00+11:00', '2026-11-28T01:54:00+11:00')).toBe(true);
    expect(isWellBeforeBooking('2026-11-28T19:30:00+11:00', '2026-11-28T19:00:00+11:00')).toBe(false);
    expect(isWellBeforeBooking('2026-11-28T19:30:00+11:00', '2026-11-28T20:30:00+11:00')).toBe(false);
    expect(howLongBefore('2026-11-28T06:24:00+11:00', '2026-11-28T01:54:00+11:00')).toBe('4 h 30 min');
  });
});

describe('a walk-in added by the host', () => {
  it('is seated now at a free table, held by no app, and every booking app and POS of the location hears of it', async () => {
    const before = Date.now();
    const row = await addWalkInAsHost(
      database.db(),
      merchant,
      walkInSchema.parse({ locationId: world.locationId, numberOfPeople: '5', tableNumber: '2', customerName: 'Ava' }),
    );
    expect(row).toMatchObject({
      source: 'MERCHANT',
      appPartnerId: null,
      bookingStatus: 'ACCEPTED',
      tableStatus: 'SEATED',
      tableNumbers: ['2'],
      numberOfPeople: 5,
    });
    expect(row.startTime.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await bookingEventsSent(database.db(), row.id)).toEqual([
      {
        type: 'BOOKING_CREATED',
        version: 1,
        recipients: [world.app.partnerId, world.otherApp.partnerId, world.pos.partnerId, sharedPos.partnerId].sort(),
      },
    ]);
    const detail = await merchantBookingDetail(database.db(), merchant.merchantId, row.id);
    expect(detail.booking.customer).toEqual({ name: 'Ava' });
    expect(detail.history).toMatchObject([{ type: 'BOOKING_CREATED', sourceOfChange: 'MERCHANT', who: 'Host Manager' }]);
    await expect(
      addWalkInAsHost(database.db(), merchant, walkInSchema.parse({ locationId: world.locationId, numberOfPeople: 2, tableNumber: '2' })),
    ).rejects.toMatchObject({ status: 409, code: 'TABLE_OCCUPIED' });
    await expect(
      addWalkInAsHost(database.db(), merchant, walkInSchema.parse({ locationId: world.locationId, numberOfPeople: 2, tableNumber: '99' })),
    ).rejects.toMatchObject({ status: 422, code: 'BOOKING_TABLE_NOT_FOUND' });
  });

  it('refuses a location without a POS, and refuses party sizes that are no party', async () => {
    const { merchant: lonely, locationIds } = await createMerchantWithLocations(database.db(), 1);
    await expect(
      addWalkInAsHost(database.db(), { merchantId: lonely.id, userId: merchant.userId }, walkInSchema.parse({ locationId: locationIds[0], numberOfPeople: 2 })),
    ).rejects.toMatchObject({ status: 400, errors: [{ path: 'locationId' }] });
    for (const numberOfPeople of ['0', '-1', '2.5', 'two', '101']) {
      expect(walkInSchema.safeParse({ locationId: world.locationId, numberOfPeople }).success, numberOfPeople).toBe(false);
    }
  });
});

describe('isolation: two merchants served by one POS vendor', () => {
  it("reaches no booking or location of another merchant (404), and the shared POS's events stay with each merchant's own", async () => {
    const booking = await createdBooking(world.app.token, reservation(world.locationId));
    await expect(moveBookingAsHost(database.db(), otherMerchant, { bookingId: booking.id, move: 'NO_SHOW' })).rejects.toMatchObject({ status: 404 });
    await expect(moveBookingAsHost(database.db(), otherMerchant, { bookingId: booking.id, move: 'ARRIVED' })).rejects.toMatchObject({ status: 404 });
    await expect(
      addWalkInAsHost(database.db(), otherMerchant, walkInSchema.parse({ locationId: world.locationId, numberOfPeople: 2, tableNumber: '1' })),
    ).rejects.toMatchObject({ status: 404 });
    const untouched = (await merchantBookingDetail(database.db(), merchant.merchantId, booking.id)).booking;
    expect(untouched.asset.type === 'TABLE' && untouched.asset.arrivalStatus).toBeUndefined();

    // The other merchant's own walk-in goes to its location's POS (the shared vendor and its own) and not to this merchant's apps.
    const theirs = await addWalkInAsHost(
      database.db(),
      otherMerchant,
      walkInSchema.parse({ locationId: world.otherLocationId, numberOfPeople: 2, tableNumber: '1' }),
    );
    expect((await bookingEventsSent(database.db(), theirs.id))[0]!.recipients).toEqual(
      [world.otherApp.partnerId, world.otherPos.partnerId, sharedPos.partnerId].sort(),
    );
    await expect(moveBookingAsHost(database.db(), merchant, { bookingId: theirs.id, move: 'FINALISED' })).rejects.toMatchObject({ status: 404 });
  });
});
