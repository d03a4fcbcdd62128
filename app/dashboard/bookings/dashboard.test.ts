import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingChanges, locations } from '@/db/schema';
import { type BookingWorld, bookingEventsSent, bookingWorld, createdBooking, getBookingEvents, patched, reservation, walkIn } from '@/app/_testing/bookings';
import { resetConfig } from '@/lib/config';
import { useTestDatabase } from '@/lib/testing/database';
import { createUser } from '@/lib/tenancy/users';
import { createLocation } from '@/lib/tenancy/merchants';
import { decideBookingAsMerchant, merchantBookingDay, merchantBookingDetail, merchantDecisionSchema, todayIn } from '@/lib/bookings/day-view';

const database = useTestDatabase();
let world: BookingWorld;
let merchant: { merchantId: string; userId: string };
let otherMerchant: { merchantId: string; userId: string };

beforeAll(async () => {
  resetConfig({ RATE_LIMIT_PER_MINUTE: '100000' });
  world = await bookingWorld(database.db());
  const owner = async (locationId: string, email: string) => {
    const [location] = await database.db().select().from(locations).where(eq(locations.id, locationId));
    const user = await createUser(database.db(), { email, password: 'password-123', name: 'Manager', role: 'MERCHANT', merchantId: location!.merchantId });
    return { merchantId: location!.merchantId, userId: user.id };
  };
  merchant = await owner(world.locationId, 'manager@bookings.test');
  otherMerchant = await owner(world.otherLocationId, 'other@bookings.test');
});

describe('merchant decisions in the dashboard', () => {
  it('accepts a booking as MERCHANT: the app and the POS both hear of it, the history names the user', async () => {
    const booking = await createdBooking(world.app.token, reservation(world.locationId));
    await decideBookingAsMerchant(database.db(), merchant, merchantDecisionSchema.parse({ bookingId: booking.id, bookingStatus: 'ACCEPTED' }));
    expect((await bookingEventsSent(database.db(), booking.id)).at(-1)).toEqual({
      type: 'BOOKING_UPDATED',
      version: 2,
      recipients: [world.app.partnerId, world.pos.partnerId].sort(),
    });
    const [change] = await database
      .db()
      .select()
      .from(bookingChanges)
      .where(and(eq(bookingChanges.version, 2), eq(bookingChanges.bookingId, booking.id)));
    expect(change).toMatchObject({ sourceOfChange: 'MERCHANT', actorPartnerId: null, actorUserId: merchant.userId });
    const { events } = await (await getBookingEvents(world.pos.token, booking.id)).json();
    expect(events[0]).toMatchObject({ type: 'BOOKING_UPDATED', sourceOfChange: 'MERCHANT', eventData: { bookingStatus: 'ACCEPTED' } });
    const detail = await merchantBookingDetail(database.db(), merchant.merchantId, booking.id);
    expect(detail.history.map((entry) => [entry.type, entry.sourceOfChange, entry.who])).toEqual([
      ['BOOKING_UPDATED', 'MERCHANT', 'Manager'],
      ['BOOKING_CREATED', 'APP', world.app.name],
    ]);
    expect(detail.sales).toEqual([]);
  });

  it('rejects and cancels with a reason, by the same rules as the POS (409 once final)', async () => {
    const booking = await createdBooking(world.app.token, reservation(world.locationId));
    expect(merchantDecisionSchema.safeParse({ bookingId: booking.id, bookingStatus: 'REJECTED' }).success).toBe(false);
    await decideBookingAsMerchant(
      database.db(),
      merchant,
      merchantDecisionSchema.parse({ bookingId: booking.id, bookingStatus: 'REJECTED', reason: 'Kitchen closed' }),
    );
    const detail = await merchantBookingDetail(database.db(), merchant.merchantId, booking.id);
    expect(detail.booking).toMatchObject({ bookingStatus: 'REJECTED', reason: 'Kitchen closed' });
    await expect(
      decideBookingAsMerchant(
        database.db(),
        merchant,
        merchantDecisionSchema.parse({ bookingId: booking.id, bookingStatus: 'CANCELLED_BY_MERCHANT', reason: 'x' }),
      ),
    ).rejects.toMatchObject({ status: 409, code: 'BOOKING_STATUS_CONFLICT' });
  });

  it("does not reach another merchant's booking (404)", async () => {
    const booking = await createdBooking(world.app.token, reservation(world.locationId));
    await expect(merchantBookingDetail(database.db(), otherMerchant.merchantId, booking.id)).rejects.toMatchObject({ status: 404 });
    await expect(
      decideBookingAsMerchant(database.db(), otherMerchant, merchantDecisionSchema.parse({ bookingId: booking.id, bookingStatus: 'ACCEPTED' })),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('merchantBookingDay', () => {
  it("shows the location's tables by section and the day's bookings with their statuses", async () => {
    const today = todayIn('Australia/Sydney');
    const walked = await createdBooking(
      world.pos.token,
      walkIn(world.locationId, { asset: { type: 'TABLE', tableStatus: 'SEATED', tables: [{ number: '3' }] }, customer: { name: 'Walk In' } }),
    );
    await patched(world.pos.token, walked.id, { asset: { tableStatus: 'DINING' } });
    const day = await merchantBookingDay(database.db(), merchant.merchantId, { location: world.locationId, date: today });
    expect(day.location?.id).toBe(world.locationId);
    expect(day.tables).toEqual(['1', '2', '3', '4'].map((number) => ({ number, sectionName: 'Main' })));
    expect(day.bookings?.find((booking) => booking.id === walked.id)).toMatchObject({
      customerName: 'Walk In',
      numberOfPeople: 3,
      tableNumbers: ['3'],
      tableStatus: 'DINING',
      source: 'POS',
    });
    // Another merchant's location is never shown, even when asked for.
    const other = await merchantBookingDay(database.db(), merchant.merchantId, { location: world.otherLocationId, date: today });
    expect(other.location?.id).toBe(world.locationId);
    expect(other.locations.map((location) => location.id)).toEqual([world.locationId]);
  });

  it('opens on the location last chosen when the address names none, but never on one the merchant does not reach', async () => {
    const second = await createLocation(database.db(), merchant.merchantId, {
      locationId: `second-${Date.now()}`,
      name: 'Zz Second',
      timezone: 'Australia/Perth',
    });
    const remembered = await merchantBookingDay(database.db(), merchant.merchantId, {}, second.locationId);
    expect(remembered.location?.id).toBe(second.locationId);
    expect(remembered.date).toBe(todayIn('Australia/Perth'));
    expect(remembered.covers).toMatchObject({ bookings: 0, covers: 0 });
    const foreign = await merchantBookingDay(database.db(), merchant.merchantId, {}, world.otherLocationId);
    expect(foreign.location?.id).toBe(world.locationId);
    // The address wins over the remembered choice.
    const asked = await merchantBookingDay(database.db(), merchant.merchantId, { location: world.locationId }, second.locationId);
    expect(asked.location?.id).toBe(world.locationId);
  });
});
