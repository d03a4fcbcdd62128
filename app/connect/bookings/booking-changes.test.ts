import { beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '@/lib/config';
import { BOOKING_STATUSES, TABLE_STATUSES, type BookingStatus, type TableStatus } from '@/lib/bookings/transitions';
import { useTestDatabase } from '@/lib/testing/database';
import {
  type BookingWorld,
  bookingEventsSent,
  bookingWorld,
  createdBooking,
  getBooking,
  getBookingEvents,
  patchBooking,
  patched,
  postBooking,
  reservation,
  walkIn,
} from '@/app/_testing/bookings';

const database = useTestDatabase();
let world: BookingWorld;

beforeAll(async () => {
  resetConfig({ RATE_LIMIT_PER_MINUTE: '100000' });
  world = await bookingWorld(database.db());
});

const takesReason = (status: string) => ['REJECTED', 'CANCELLED_BY_MERCHANT', 'CANCELLED_BY_CUSTOMER'].includes(status);
const statusUpdate = (status: string) =>
  takesReason(status) ? { bookingStatus: status, reason: `Because ${status}`.slice(0, 50) } : { bookingStatus: status };
const FINAL = ['REJECTED', 'CANCELLED_BY_CUSTOMER', 'CANCELLED_BY_MERCHANT'];

/** A new reservation of the world's app, moved to `status` by whoever may set it. */
async function bookingIn(status: BookingStatus): Promise<string> {
  const { id } = await createdBooking(world.app.token, reservation(world.locationId, { asset: { type: 'TABLE' } }));
  if (status === 'ACCEPTED' || status === 'REJECTED' || status === 'CANCELLED_BY_MERCHANT') await patched(world.pos.token, id, statusUpdate(status));
  if (status === 'CANCELLED_BY_CUSTOMER') await patched(world.app.token, id, statusUpdate(status));
  return id;
}

// The booking rules, written out independently of decideBookingStatusChange: the POS accepts, rejects and cancels
// by merchant; the app cancels by customer (403 otherwise); CREATED → anything, ACCEPTED → the cancellations;
// REJECTED and CANCELLED_* are final (409); the status a booking already has is a no-op.
function expectedOutcome(actor: 'POS' | 'BOOKING_APP', from: BookingStatus, to: BookingStatus): 'change' | 'noop' | 403 | 409 {
  const settable = actor === 'POS' ? ['ACCEPTED', 'REJECTED', 'CANCELLED_BY_MERCHANT'] : ['CANCELLED_BY_CUSTOMER'];
  if (to !== 'CREATED' && !settable.includes(to)) return 403;
  if (from === to) return 'noop';
  if (from === 'CREATED') return 'change';
  if (from === 'ACCEPTED' && to.startsWith('CANCELLED_')) return 'change';
  return 409;
}

const moves = (['POS', 'BOOKING_APP'] as const).flatMap((actor) =>
  BOOKING_STATUSES.flatMap((from) => BOOKING_STATUSES.map((to) => ({ actor, from, to, outcome: expectedOutcome(actor, from, to) }))),
);

describe('PATCH bookingStatus — every move', () => {
  it.each(moves)('$actor: $from → $to is $outcome', async ({ actor, from, to, outcome }) => {
    const bookingId = await bookingIn(from);
    const caller = actor === 'POS' ? world.pos : world.app;
    const receiver = actor === 'POS' ? world.app : world.pos;
    const before = await bookingEventsSent(database.db(), bookingId);
    const response = await patchBooking(caller.token, bookingId, statusUpdate(to));
    const after = await (await getBooking(world.pos.token, bookingId)).json();
    const sent = (await bookingEventsSent(database.db(), bookingId)).slice(before.length);
    if (outcome === 'change') {
      expect(response.status).toBe(204);
      expect(after.bookingStatus).toBe(to);
      expect(after.reason).toBe(takesReason(to) ? `Because ${to}`.slice(0, 50) : undefined);
      expect(sent).toEqual([{ type: 'BOOKING_UPDATED', version: before.length + 1, recipients: [receiver.partnerId] }]);
      return;
    }
    expect(after.bookingStatus).toBe(from);
    expect(sent).toEqual([]);
    if (outcome === 'noop') expect(response.status).toBe(204);
    else {
      expect(response.status).toBe(outcome);
      if (outcome === 409) expect((await response.json()).code).toBe('BOOKING_STATUS_CONFLICT');
    }
  });

  it.each(FINAL)('refuses any other change once %s (409)', async (status) => {
    const bookingId = await bookingIn(status as BookingStatus);
    for (const [token, body] of [
      [world.pos.token, { asset: { tableStatus: 'SEATED' } }],
      [world.app.token, { numberOfPeople: 5 }],
    ] as const) {
      const response = await patchBooking(token, bookingId, body);
      expect(response.status).toBe(409);
      expect((await response.json()).code).toBe('BOOKING_STATUS_CONFLICT');
    }
  });
});

/** A reservation at `table` whose table status has been moved to `status` (null: never seated). */
async function seatedAt(table: string, status: TableStatus | null): Promise<string> {
  const { id } = await createdBooking(world.app.token, reservation(world.locationId, { asset: { type: 'TABLE', tables: [{ number: table }] } }));
  for (const step of TABLE_STATUSES.slice(0, status ? TABLE_STATUSES.indexOf(status) + 1 : 0)) {
    await patched(world.pos.token, id, { asset: { tableStatus: step } });
  }
  return id;
}

const tableMoves = ([null, ...TABLE_STATUSES] as (TableStatus | null)[]).flatMap((from) =>
  TABLE_STATUSES.map((to) => {
    const rank = (status: TableStatus | null) => (status ? TABLE_STATUSES.indexOf(status) : -1);
    return { from, to, outcome: from === to ? 'noop' : rank(to) > rank(from) ? 'change' : 409 };
  }),
);

describe('PATCH asset.tableStatus — forward only, skipping allowed', () => {
  it.each(tableMoves)('$from → $to is $outcome', async ({ from, to, outcome }) => {
    // Table 4 is free again after each case: every case ends FINALISED or never seated.
    const bookingId = await seatedAt('4', from);
    const before = await bookingEventsSent(database.db(), bookingId);
    const response = await patchBooking(world.pos.token, bookingId, { asset: { tableStatus: to } });
    const after = await (await getBooking(world.pos.token, bookingId)).json();
    const sent = (await bookingEventsSent(database.db(), bookingId)).slice(before.length);
    if (outcome === 'change') {
      expect(response.status).toBe(204);
      expect(after.asset.tableStatus).toBe(to);
      expect(sent).toEqual([{ type: `BOOKING_${to}`, version: before.length + 1, recipients: [world.app.partnerId] }]);
    } else {
      expect(response.status).toBe(outcome === 'noop' ? 204 : 409);
      if (outcome === 409) expect((await response.json()).code).toBe('TABLE_STATUS_CONFLICT');
      expect(after.asset.tableStatus ?? null).toBe(from);
      expect(sent).toEqual([]);
    }
    if (after.asset.tableStatus && after.asset.tableStatus !== 'FINALISED') await patched(world.pos.token, bookingId, { asset: { tableStatus: 'FINALISED' } });
  });

  it('lets the booking app report SEATED and arrival status on its own booking', async () => {
    const { id } = await createdBooking(world.app.token, reservation(world.locationId, { asset: { type: 'TABLE', tables: [{ number: '3' }] } }));
    await patched(world.app.token, id, { asset: { tableStatus: 'SEATED', arrivalStatus: 'RUNNING_LATE' } });
    expect((await (await getBooking(world.pos.token, id)).json()).asset).toMatchObject({ tableStatus: 'SEATED', arrivalStatus: 'RUNNING_LATE' });
    expect((await bookingEventsSent(database.db(), id)).at(-1)).toEqual({ type: 'BOOKING_SEATED', version: 2, recipients: [world.pos.partnerId] });
    await patched(world.pos.token, id, { asset: { tableStatus: 'FINALISED' } });
  });

  it('has no table status on a ROOM booking (409 BOOKING_ASSET_CONFLICT)', async () => {
    const { id } = await createdBooking(world.app.token, reservation(world.locationId, { asset: { type: 'ROOM', rooms: [{ number: 'R1' }] } }));
    const response = await patchBooking(world.pos.token, id, { asset: { tableStatus: 'SEATED' } });
    expect(response.status).toBe(409);
    expect((await response.json()).code).toBe('BOOKING_ASSET_CONFLICT');
  });

  it('keeps a table occupied until FINALISED frees it (409 TABLE_OCCUPIED)', async () => {
    const first = await createdBooking(world.pos.token, walkIn(world.locationId, { asset: { type: 'TABLE', tables: [{ number: '1' }] } }));
    const second = await postBooking(world.pos.token, walkIn(world.locationId, { asset: { type: 'TABLE', tables: [{ number: '1' }] } }));
    expect(second.status).toBe(409);
    expect((await second.json()).code).toBe('TABLE_OCCUPIED');
    const reserved = await createdBooking(world.app.token, reservation(world.locationId, { asset: { type: 'TABLE', tables: [{ number: '1' }] } }));
    expect((await patchBooking(world.pos.token, reserved.id, { asset: { tableStatus: 'SEATED' } })).status).toBe(409);
    await patched(world.pos.token, first.id, { asset: { tableStatus: 'CLOSING' } });
    expect((await patchBooking(world.pos.token, reserved.id, { asset: { tableStatus: 'SEATED' } })).status).toBe(409);
    await patched(world.pos.token, first.id, { asset: { tableStatus: 'FINALISED' } });
    await patched(world.pos.token, reserved.id, { asset: { tableStatus: 'SEATED' } });
    await patched(world.pos.token, reserved.id, { asset: { tableStatus: 'FINALISED' } });
  });
});

describe('GET /connect/bookings/{id}/events — the history', () => {
  it('lists every change newest first with its type, source, request and resulting booking', async () => {
    const created = await createdBooking(world.app.token, reservation(world.locationId, { asset: { type: 'TABLE', tables: [{ number: '2' }] } }));
    await patched(world.app.token, created.id, { numberOfPeople: 4 });
    await patched(world.pos.token, created.id, { bookingStatus: 'ACCEPTED' });
    await patched(world.pos.token, created.id, { asset: { tableStatus: 'SEATED' } });
    await patched(world.pos.token, created.id, { asset: { tableStatus: 'FINALISED' } });
    // A no-op is no change and leaves no entry.
    await patched(world.pos.token, created.id, { bookingStatus: 'ACCEPTED' });

    const response = await getBookingEvents(world.pos.token, created.id);
    expect(response.status).toBe(200);
    const { events } = await response.json();
    expect(events.map((event: { type: string; sourceOfChange: string }) => [event.type, event.sourceOfChange])).toEqual([
      ['BOOKING_FINALISED', 'POS'],
      ['BOOKING_SEATED', 'POS'],
      ['BOOKING_UPDATED', 'POS'],
      ['BOOKING_UPDATED', 'APP'],
      ['BOOKING_CREATED', 'APP'],
    ]);
    const [finalised, , accepted, edited, creation] = events;
    expect(finalised).toEqual({
      id: expect.any(String),
      locationId: world.locationId,
      type: 'BOOKING_FINALISED',
      sourceOfChange: 'POS',
      eventData: { asset: { tableStatus: 'FINALISED' } },
      outcome: expect.objectContaining({
        id: created.id,
        bookingStatus: 'ACCEPTED',
        numberOfPeople: 4,
        asset: { type: 'TABLE', tableStatus: 'FINALISED', tables: [{ number: '2' }] },
      }),
      createdAt: expect.any(String),
    });
    expect(accepted.eventData).toEqual({ bookingStatus: 'ACCEPTED' });
    expect(edited.eventData).toEqual({ numberOfPeople: 4 });
    expect(edited.outcome).toMatchObject({ bookingStatus: 'CREATED', numberOfPeople: 4 });
    expect(creation.eventData).toMatchObject({ origin: created.origin && { bookingReference: created.origin.bookingReference } });
    expect(creation.outcome).toEqual(created);
    expect(Date.parse(finalised.createdAt)).toBeGreaterThanOrEqual(Date.parse(creation.createdAt));
  });
});
