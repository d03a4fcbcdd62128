import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, locations } from '@/db/schema';
import { resetConfig } from '@/lib/config';
import { useTestDatabase } from '@/lib/testing/database';
import { type BookingWorld, addTables, bookingWorld, createdBooking, listBookings, patched, reservation, walkIn } from '@/app/_testing/bookings';

const database = useTestDatabase();
let world: BookingWorld;
const ids: Record<string, string> = {};

// One location in Sydney (UTC+11 in March): a day there runs 13:00Z the day before to 13:00Z.
beforeAll(async () => {
  resetConfig({ RATE_LIMIT_PER_MINUTE: '100000' });
  world = await bookingWorld(database.db());
  await database.db().update(locations).set({ timezone: 'Australia/Sydney' }).where(eq(locations.id, world.locationId));
  await addTables(database.db(), world.locationId, ['10', '22', 'outside-table-3'], 'Outside');
  const table = (number: string) => ({ type: 'TABLE', tables: [{ number }] });
  ids.early = (await createdBooking(world.app.token, reservation(world.locationId, { startTime: '2026-03-01T12:30:00Z', asset: table('10') }))).id; // 1 March, 23:30 Sydney
  ids.dinner = (await createdBooking(world.app.token, reservation(world.locationId, { startTime: '2026-03-02T08:00:00Z', asset: table('22') }))).id; // 2 March
  ids.room = (
    await createdBooking(
      world.app.token,
      reservation(world.locationId, { startTime: '2026-03-02T09:00:00Z', asset: { type: 'ROOM', rooms: [{ number: 'R1' }] } }),
    )
  ).id;
  ids.late = (await createdBooking(world.app.token, reservation(world.locationId, { startTime: '2026-03-02T12:59:00Z', asset: table('outside-table-3') }))).id; // 2 March, 23:59
  ids.next = (await createdBooking(world.app.token, reservation(world.locationId, { startTime: '2026-03-02T13:00:00Z', asset: table('10') }))).id; // 3 March, 00:00
  await patched(world.pos.token, ids.dinner, { bookingStatus: 'ACCEPTED' });
  await patched(world.pos.token, ids.late, { bookingStatus: 'REJECTED', reason: 'Full' });
  ids.walkIn = (
    await createdBooking(
      world.pos.token,
      walkIn(world.locationId, {
        startTime: '2026-03-02T10:00:00Z',
        asset: { type: 'TABLE', tableStatus: 'SEATED', tables: [{ number: '22' }, { number: '1' }] },
      }),
    )
  ).id;
  // Another location's booking never shows.
  await createdBooking(world.otherApp.token, reservation(world.otherLocationId, { startTime: '2026-03-02T08:00:00Z' }));
});

async function listed(query: string): Promise<string[]> {
  const response = await listBookings(world.pos.token, `locationId=${world.locationId}&${query}`);
  expect(response.status).toBe(200);
  const page = await response.json();
  return page.results.map((booking: { id: string }) => Object.keys(ids).find((name) => ids[name] === booking.id));
}

describe('GET /connect/bookings — filters', () => {
  it('lists the location in start order with pagination', async () => {
    const response = await listBookings(world.pos.token, `locationId=${world.locationId}`);
    const page = await response.json();
    expect(page.pagination).toEqual({ page: 1, size: 6, limit: 50, total: 6 });
    expect(await listed('')).toEqual(['early', 'dinner', 'room', 'walkIn', 'late', 'next']);
  });

  it('reads fromDate and toDate as days at the location', async () => {
    expect(await listed('fromDate=2026-03-02&toDate=2026-03-02')).toEqual(['dinner', 'room', 'walkIn', 'late']);
    expect(await listed('fromDate=2026-03-03')).toEqual(['next']);
    expect(await listed('toDate=2026-03-01')).toEqual(['early']);
  });

  it('ORs repeated values and ANDs different filters', async () => {
    expect(await listed('tableNumber=10')).toEqual(['early', 'next']);
    expect(await listed('tableNumber=22&tableNumber=outside-table-3')).toEqual(['dinner', 'walkIn', 'late']);
    expect(await listed('tableNumber=22,10&fromDate=2026-03-02&toDate=2026-03-02')).toEqual(['dinner', 'walkIn']);
    expect(await listed('bookingStatus=ACCEPTED,REJECTED')).toEqual(['dinner', 'late']);
    expect(await listed('bookingStatus=CREATED&tableNumber=22')).toEqual(['walkIn']);
    expect(await listed('assetType=ROOM')).toEqual(['room']);
    expect(await listed('assetType=TABLE&bookingStatus=CREATED&tableNumber=10&toDate=2026-03-01')).toEqual(['early']);
  });

  it('filters on the creation or update day with dateType', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
    expect((await listed(`dateType=CREATED&fromDate=${today}&toDate=${today}`)).sort()).toEqual(Object.keys(ids).sort());
    expect(await listed('dateType=UPDATED&toDate=2020-01-01')).toEqual([]);
    // Moving updated_at back makes the booking fall in an old UPDATED range.
    await database
      .db()
      .update(bookings)
      .set({ updatedAt: new Date('2026-01-10T00:00:00Z') })
      .where(eq(bookings.id, ids.room!));
    expect(await listed('dateType=UPDATED&fromDate=2026-01-10&toDate=2026-01-10')).toEqual(['room']);
  });

  it('pages with limit and page, keeping total', async () => {
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const body = await (await listBookings(world.pos.token, `locationId=${world.locationId}&limit=2&page=${page}`)).json();
      pages.push({ ...body.pagination, ids: body.results.map((booking: { id: string }) => booking.id) });
    }
    expect(pages.map(({ ids: pageIds, ...pagination }) => ({ ...pagination, count: pageIds.length }))).toEqual([
      { page: 1, size: 2, limit: 2, total: 6, count: 2 },
      { page: 2, size: 2, limit: 2, total: 6, count: 2 },
      { page: 3, size: 2, limit: 2, total: 6, count: 2 },
      { page: 4, size: 0, limit: 2, total: 6, count: 0 },
    ]);
    expect(pages.flatMap((page) => page.ids)).toEqual(['early', 'dinner', 'room', 'walkIn', 'late', 'next'].map((name) => ids[name]));
  });
});
