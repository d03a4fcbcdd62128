import { beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '@/lib/config';
import { useTestDatabase } from '@/lib/testing/database';
import {
  type BookingWorld,
  bookingEventsSent,
  bookingWorld,
  createdBooking,
  getBooking,
  getBookingEvents,
  listBookings,
  patchBooking,
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

describe('CRUD', () => {
  it('creates a reservation for a booking app: 201 with id = tcBookingId, origin named after the app, CREATED', async () => {
    const body = reservation(world.locationId, {
      endTime: '2026-03-01T20:00:00Z',
      notes: 'Window seat please',
      customer: { name: 'Jennifer Wicks', email: 'jen@example.com' },
      payments: [{ amount: 4321, description: 'Deposit' }],
    });
    const response = await postBooking(world.app.token, body);
    expect(response.status).toBe(201);
    expect(response.headers.get('api-version')).toBe('1.0');
    const booking = await response.json();
    expect(booking).toEqual({
      id: expect.any(String),
      tcBookingId: booking.id,
      locationId: world.locationId,
      origin: { name: world.app.name, bookingReference: body.origin.bookingReference },
      asset: { type: 'TABLE', tables: [{ number: '1' }] },
      bookingStatus: 'CREATED',
      numberOfPeople: 2,
      payments: [{ amount: 4321, currency: 'AUD', description: 'Deposit' }],
      startTime: '2026-03-01T18:00:00.000Z',
      endTime: '2026-03-01T20:00:00.000Z',
      customer: { name: 'Jennifer Wicks', email: 'jen@example.com' },
      notes: 'Window seat please',
      createdAt: expect.any(String),
      updatedAt: booking.createdAt,
    });
    expect(await (await getBooking(world.pos.token, booking.id)).json()).toEqual(booking);
    expect(await (await getBooking(world.app.token, booking.id)).json()).toEqual(booking);
    // docs/contract.md#recipients: the POS hears of a new reservation; the app that made it does not.
    expect(await bookingEventsSent(database.db(), booking.id)).toEqual([{ type: 'BOOKING_CREATED', version: 1, recipients: [world.pos.partnerId] }]);
  });

  it('creates a booking already ACCEPTED (a confirmed reservation, a walk-in the POS accepts), told once as BOOKING_CREATED', async () => {
    const confirmed = await createdBooking(world.app.token, reservation(world.locationId, { bookingStatus: 'ACCEPTED' }));
    expect(confirmed.bookingStatus).toBe('ACCEPTED');
    expect(await bookingEventsSent(database.db(), confirmed.id)).toEqual([{ type: 'BOOKING_CREATED', version: 1, recipients: [world.pos.partnerId] }]);
    const seated = await createdBooking(world.pos.token, walkIn(world.locationId, { bookingStatus: 'ACCEPTED' }));
    expect(seated).toMatchObject({ bookingStatus: 'ACCEPTED', asset: { tableStatus: 'SEATED' } });
    await patched(seated.id, { asset: { tableStatus: 'FINALISED' } });
  });

  it('refuses to create a booking REJECTED or cancelled: those change a booking that exists (400)', async () => {
    for (const bookingStatus of ['REJECTED', 'CANCELLED_BY_CUSTOMER', 'CANCELLED_BY_MERCHANT']) {
      const response = await postBooking(world.app.token, reservation(world.locationId, { bookingStatus }));
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toEqual([
        {
          segment: 'body',
          path: 'bookingStatus',
          message: 'A new booking has bookingStatus CREATED or ACCEPTED; reject or cancel it with a PATCH once it exists.',
        },
      ]);
    }
  });

  it('creates a room booking', async () => {
    const booking = await createdBooking(world.app.token, reservation(world.locationId, { asset: { type: 'ROOM', rooms: [{ number: 'MAIN-33' }] } }));
    expect(booking.asset).toEqual({ type: 'ROOM', rooms: [{ number: 'MAIN-33' }] });
  });

  it('creates a walk-in for a POS: SEATED, started now, and every booking app of the location hears of it', async () => {
    const before = Date.now();
    const response = await postBooking(world.pos.token, walkIn(world.locationId));
    expect(response.status).toBe(201);
    const booking = await response.json();
    expect(booking).toMatchObject({ bookingStatus: 'CREATED', asset: { type: 'TABLE', tableStatus: 'SEATED', tables: [{ number: '2' }] }, numberOfPeople: 3 });
    expect(booking.origin).toBeUndefined();
    expect(Date.parse(booking.startTime)).toBeGreaterThanOrEqual(before - 1000);
    expect(await bookingEventsSent(database.db(), booking.id)).toEqual([
      { type: 'BOOKING_CREATED', version: 1, recipients: [world.app.partnerId, world.otherApp.partnerId].sort() },
    ]);
    // A walk-in is no app's, but each booking app of the location told about it can read it.
    expect((await getBooking(world.app.token, booking.id)).status).toBe(200);
    await patched(booking.id, { asset: { tableStatus: 'FINALISED' } });
  });

  it('updates details for the booking app with a merge patch (204) and the change shows on GET', async () => {
    const booking = await createdBooking(
      world.app.token,
      reservation(world.locationId, { notes: 'Old note', customer: { name: 'Ann', email: 'a@example.com' } }),
    );
    const response = await patchBooking(world.app.token, booking.id, { numberOfPeople: 3, notes: null, customer: { email: null, phoneNumber: '0400' } });
    expect(response.status).toBe(204);
    const after = await (await getBooking(world.pos.token, booking.id)).json();
    expect(after).toMatchObject({ numberOfPeople: 3, customer: { name: 'Ann', phoneNumber: '0400' } });
    expect(after.notes).toBeUndefined();
    expect(after.customer.email).toBeUndefined();
  });

  it("lets the POS change a reservation's details, and the booking app holding it hears BOOKING_UPDATED", async () => {
    const booking = await createdBooking(world.app.token, reservation(world.locationId));
    await patched(booking.id, { numberOfPeople: 5, asset: { tables: [{ number: '3' }, { number: '4' }] }, notes: 'Birthday' });
    expect(await (await getBooking(world.app.token, booking.id)).json()).toMatchObject({
      numberOfPeople: 5,
      asset: { type: 'TABLE', tables: [{ number: '3' }, { number: '4' }] },
      notes: 'Birthday',
    });
    expect(await bookingEventsSent(database.db(), booking.id)).toEqual([
      { type: 'BOOKING_CREATED', version: 1, recipients: [world.pos.partnerId] },
      { type: 'BOOKING_UPDATED', version: 2, recipients: [world.app.partnerId] },
    ]);
  });

  it('lets the POS move a seated walk-in to another free table, and not onto an occupied one', async () => {
    const walkInAt = (number: string) => walkIn(world.locationId, { asset: { type: 'TABLE', tableStatus: 'SEATED', tables: [{ number }] } });
    const moving = await createdBooking(world.pos.token, walkInAt('3'));
    const staying = await createdBooking(world.pos.token, walkInAt('4'));
    const occupied = await patchBooking(world.pos.token, moving.id, { asset: { tables: [{ number: '4' }] } });
    expect(occupied.status).toBe(409);
    expect((await occupied.json()).code).toBe('TABLE_OCCUPIED');
    await patched(moving.id, { numberOfPeople: 4, asset: { tables: [{ number: '1' }] } });
    expect(await (await getBooking(world.pos.token, moving.id)).json()).toMatchObject({ numberOfPeople: 4, asset: { tables: [{ number: '1' }] } });
    const [, update] = await bookingEventsSent(database.db(), moving.id);
    expect(update).toEqual({ type: 'BOOKING_UPDATED', version: 2, recipients: [world.app.partnerId, world.otherApp.partnerId].sort() });
    await patched(moving.id, { asset: { tableStatus: 'FINALISED' } });
    await patched(staying.id, { asset: { tableStatus: 'FINALISED' } });
  });

  it('accepts application/json for PATCH as well', async () => {
    const booking = await createdBooking(world.app.token, reservation(world.locationId));
    const response = await patchBooking(world.pos.token, booking.id, { bookingStatus: 'ACCEPTED' }, { headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(204);
  });
});

async function patched(bookingId: string, body: unknown) {
  expect((await patchBooking(world.pos.token, bookingId, body)).status).toBe(204);
}

describe('Auth', () => {
  it('answers 401 without a token', async () => {
    const response = await postBooking('', reservation(world.locationId));
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
  });

  it('refuses partners that are not a POS or booking app (403)', async () => {
    expect((await postBooking(world.orderingApp.token, reservation(world.locationId))).status).toBe(403);
    const booking = await createdBooking(world.app.token, reservation(world.locationId));
    expect((await getBooking(world.orderingApp.token, booking.id)).status).toBe(403);
  });

  it('keeps the list and the events to the POS (403 for apps)', async () => {
    const booking = await createdBooking(world.app.token, reservation(world.locationId));
    expect((await listBookings(world.app.token, `locationId=${world.locationId}`)).status).toBe(403);
    expect((await getBookingEvents(world.app.token, booking.id)).status).toBe(403);
  });

  it('refuses a booking at a location the partner is not connected to (403)', async () => {
    expect((await postBooking(world.app.token, reservation(world.otherLocationId))).status).toBe(403);
    expect((await postBooking(world.pos.token, walkIn(world.otherLocationId))).status).toBe(403);
    expect((await listBookings(world.pos.token, `locationId=${world.otherLocationId}`)).status).toBe(403);
  });

  it('lets the POS alone accept and reject, and the app alone cancel by customer (403)', async () => {
    const booking = await createdBooking(world.app.token, reservation(world.locationId));
    expect((await patchBooking(world.app.token, booking.id, { bookingStatus: 'ACCEPTED' })).status).toBe(403);
    expect((await patchBooking(world.pos.token, booking.id, { bookingStatus: 'CANCELLED_BY_CUSTOMER', reason: 'x' })).status).toBe(403);
  });

  it('lets a booking app only read a walk-in, which no app holds (403 on PATCH)', async () => {
    const booking = await createdBooking(
      world.pos.token,
      walkIn(world.locationId, { asset: { type: 'TABLE', tableStatus: 'SEATED', tables: [{ number: '3' }] } }),
    );
    expect((await patchBooking(world.app.token, booking.id, { asset: { arrivalStatus: 'ON_TIME' } })).status).toBe(403);
    await patched(booking.id, { asset: { tableStatus: 'FINALISED' } });
  });
});

describe('Isolation', () => {
  it("answers 404 for another location's POS and for another booking app", async () => {
    const booking = await createdBooking(world.app.token, reservation(world.locationId));
    for (const token of [world.otherPos.token, world.otherApp.token]) {
      expect((await getBooking(token, booking.id)).status).toBe(404);
      expect((await patchBooking(token, booking.id, { bookingStatus: 'CANCELLED_BY_CUSTOMER', reason: 'x' })).status).toBe(404);
    }
    expect((await getBookingEvents(world.otherPos.token, booking.id)).status).toBe(404);
    const missing = await getBooking(world.pos.token, 'no-such-booking');
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toBe('Booking not found.');
  });

  it("lists only the asked location's bookings", async () => {
    const other = await createdBooking(world.otherApp.token, reservation(world.otherLocationId));
    const page = await (await listBookings(world.pos.token, `locationId=${world.locationId}&limit=50`)).json();
    expect(page.results.map((booking: { id: string }) => booking.id)).not.toContain(other.id);
    expect(page.results.every((booking: { locationId: string }) => booking.locationId === world.locationId)).toBe(true);
  });

  it('keeps bookingReference unique per location and app, not across apps (409 BOOKING_REFERENCE_CONFLICT)', async () => {
    const body = reservation(world.locationId);
    await createdBooking(world.app.token, body);
    const again = await postBooking(world.app.token, { ...body, numberOfPeople: 9 });
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('BOOKING_REFERENCE_CONFLICT');
    expect((await postBooking(world.otherApp.token, body)).status).toBe(201);
  });
});

describe('Validation', () => {
  it('reports every violation of a reservation at once (400)', async () => {
    const response = await postBooking(world.app.token, {
      locationId: world.locationId,
      origin: {},
      numberOfPeople: 0,
      startTime: 'tomorrow',
      notes: 'n'.repeat(501),
      asset: { type: 'TABLE', tableStatus: 'DINING' },
    });
    expect(response.status).toBe(400);
    const problem = await response.json();
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors.map((error: { path: string }) => error.path).sort()).toEqual(
      ['asset.tableStatus', 'notes', 'numberOfPeople', 'origin.bookingReference', 'startTime'].sort(),
    );
    expect(problem.errors.every((error: { segment: string }) => error.segment === 'body')).toBe(true);
  });

  it('holds a POS to the walk-in rules: TABLE and SEATED only (400)', async () => {
    const response = await postBooking(world.pos.token, walkIn(world.locationId, { asset: { type: 'ROOM', rooms: [{ number: 'R1' }] } }));
    expect(response.status).toBe(400);
    const dining = await postBooking(world.pos.token, walkIn(world.locationId, { asset: { type: 'TABLE', tableStatus: 'DINING' } }));
    expect((await dining.json()).errors).toEqual([{ segment: 'body', path: 'asset.tableStatus', message: 'A walk-in is created SEATED.' }]);
  });

  it('answers 422 for tables that do not exist at the location, naming each', async () => {
    const response = await postBooking(
      world.app.token,
      reservation(world.locationId, { asset: { type: 'TABLE', tables: [{ number: '1' }, { number: '99' }] } }),
    );
    expect(response.status).toBe(422);
    const problem = await response.json();
    expect(problem.code).toBe('BOOKING_TABLE_NOT_FOUND');
    expect(problem.errors).toEqual([{ segment: 'body', path: 'asset.tables.1.number', message: expect.stringContaining('Table 99') }]);
    const booking = await createdBooking(world.app.token, reservation(world.locationId));
    expect((await patchBooking(world.app.token, booking.id, { asset: { tables: [{ number: '42' }] } })).status).toBe(422);
  });

  it('takes a reason only with REJECTED and the cancellations, at most 50 characters (400)', async () => {
    const booking = await createdBooking(world.app.token, reservation(world.locationId));
    for (const body of [{ bookingStatus: 'ACCEPTED', reason: 'Sure' }, { reason: 'Why not' }, { bookingStatus: 'REJECTED', reason: 'r'.repeat(51) }]) {
      expect((await patchBooking(world.pos.token, booking.id, body)).status).toBe(400);
    }
  });

  it('rejects and cancels without a reason: the reference provides one only when given (204)', async () => {
    const rejected = await createdBooking(world.app.token, reservation(world.locationId));
    await patched(rejected.id, { bookingStatus: 'REJECTED' });
    const cancelled = await createdBooking(world.app.token, reservation(world.locationId));
    expect((await patchBooking(world.app.token, cancelled.id, { bookingStatus: 'CANCELLED_BY_CUSTOMER' })).status).toBe(204);
    const [afterReject, afterCancel] = await Promise.all([rejected, cancelled].map(async (b) => (await getBooking(world.pos.token, b.id)).json()));
    expect(afterReject).toMatchObject({ bookingStatus: 'REJECTED' });
    expect(afterReject.reason).toBeUndefined();
    expect(afterCancel).toMatchObject({ bookingStatus: 'CANCELLED_BY_CUSTOMER' });
  });

  it('checks endTime against the stored startTime (400)', async () => {
    const booking = await createdBooking(world.app.token, reservation(world.locationId));
    const response = await patchBooking(world.app.token, booking.id, { endTime: '2026-03-01T17:00:00Z' });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([{ segment: 'body', path: 'endTime', message: 'endTime must be after startTime.' }]);
  });

  it('answers 415 for another content type, 400 for broken JSON and 406 for an unknown version', async () => {
    const booking = await createdBooking(world.app.token, reservation(world.locationId));
    expect((await patchBooking(world.app.token, booking.id, { numberOfPeople: 3 }, { headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    expect((await postBooking(world.app.token, '{"locationId":')).status).toBe(400);
    expect((await getBooking(world.app.token, booking.id, { headers: { accept: 'application/json; version=2.0' } })).status).toBe(406);
  });

  it('reports list query violations together (400)', async () => {
    const response = await listBookings(world.pos.token, 'bookingStatus=NOPE&limit=100&fromDate=2026-05-02&toDate=2026-05-01');
    expect(response.status).toBe(400);
    expect((await response.json()).errors.map((error: { path: string }) => error.path)).toEqual(['locationId', 'bookingStatus.0', 'limit', 'toDate']);
  });
});

// The booking reference (tyro-connect-booking.yml) sends its bodies as `application/vnd.tyro.connect+json;version=1.0`
// and asks for `…;version=0.1` by default: a reference client works unchanged.
describe('Reference media types and versions', () => {
  const reference = {
    'content-type': 'application/vnd.tyro.connect+json;version=1.0',
    accept: 'application/vnd.tyro.connect+json;version=0.1',
  };

  it('creates, reads and updates a booking in the reference’s own media types, answering in them', async () => {
    const created = await postBooking(world.app.token, reservation(world.locationId), { headers: reference });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toBe('application/vnd.tyro.connect+json;version=1.0');
    // 0.1 is answered as 1.0, the shape it shares: Api-Version names the shape of the answer.
    expect(created.headers.get('api-version')).toBe('1.0');
    const booking = await created.json();
    expect(booking).toMatchObject({ bookingStatus: 'CREATED', numberOfPeople: 2 });

    const read = await getBooking(world.app.token, booking.id, { headers: { accept: reference.accept } });
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('application/vnd.tyro.connect+json;version=1.0');
    expect(await read.json()).toEqual(booking);

    const patched = await patchBooking(
      world.app.token,
      booking.id,
      { numberOfPeople: 3 },
      {
        headers: { 'content-type': 'application/merge-patch+json', accept: reference.accept },
      },
    );
    expect(patched.status).toBe(204);
    const plain = await getBooking(world.app.token, booking.id);
    expect(plain.headers.get('content-type')).toBe('application/json');
    expect((await plain.json()).numberOfPeople).toBe(3);
  });

  it('keeps 406 for a version the booking API does not know, named by Accept or by Content-Type, as a problem', async () => {
    for (const headers of [
      { ...reference, accept: 'application/vnd.tyro.connect+json;version=9.9' },
      { 'content-type': 'application/vnd.tyro.connect+json;version=9.9', accept: 'application/vnd.tyro.connect+json' },
    ]) {
      const response = await postBooking(world.app.token, reservation(world.locationId), { headers });
      expect(response.status).toBe(406);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect((await response.json()).detail).toBe(
        'Version 9.9 of the booking API is not supported. Supported versions: 1.0 (default 1.0); 0.1 is answered as 1.0.',
      );
    }
  });
});
