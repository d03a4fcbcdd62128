import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  bookingEventSchema,
  bookingEventsResponseSchema,
  bookingResponseSchema,
  createBookingRequestSchema,
  createWalkInRequestSchema,
  listBookingsQuerySchema,
  toBookingResponse,
  updateBookingRequestSchema,
} from './schema';

/** The dotted path of every violation, in order. */
function violations(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

const reservation = {
  locationId: 'merchant:abc123',
  origin: { bookingReference: 'ref-1' },
  asset: { type: 'TABLE', tables: [{ number: '1' }] },
  numberOfPeople: 2,
  startTime: '2026-03-01T18:00:00Z',
};

const fullReservation = {
  ...reservation,
  bookingStatus: 'CREATED',
  endTime: '2026-03-01T20:00:00+00:00',
  notes: 'Window seat please',
  customer: {
    id: 'c-1',
    name: 'Jennifer Wicks',
    notes: 'Birthday breakfast',
    email: 'jen@example.com',
    phoneNumber: '+61 400 000 000',
    birthday: '1990-01-01',
    address: { line1: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '2000', country: 'AU' },
  },
  payments: [{ amount: 4321, currency: 'AUD', description: 'Deposit' }],
  asset: {
    type: 'TABLE',
    tableStatus: 'SEATED',
    arrivalStatus: 'ON_TIME',
    tables: [{ number: '1' }, { number: 'MAIN-33' }],
    section: { id: 's1', name: 'Front bar' },
    discounts: ['Summer Sale 10% off'],
    preOrders: ['4x flat whites'],
  },
};

const walkIn = {
  locationId: 'merchant:abc123',
  asset: { type: 'TABLE', tableStatus: 'SEATED', tables: [{ number: '1' }] },
  bookingStatus: 'CREATED',
  numberOfPeople: 2,
};

describe('createBookingRequestSchema (reservation by a booking app)', () => {
  it('starts a booking CREATED and fills the payment currency', () => {
    const booking = createBookingRequestSchema.parse({ ...reservation, payments: [{ amount: 100 }] });
    expect(booking.bookingStatus).toBe('CREATED');
    expect(booking.payments).toEqual([{ amount: 100, currency: 'AUD' }]);
  });

  it.each([
    ['a table booking', reservation],
    ['every field', fullReservation],
    ['a room booking', { ...reservation, asset: { type: 'ROOM', rooms: [{ number: 'R-1' }] } }],
    ['a table booking without tables yet', { ...reservation, asset: { type: 'TABLE' } }],
    ['a 500-character note', { ...reservation, notes: 'n'.repeat(500) }],
    ['an endTime in another zone but later', { ...reservation, endTime: '2026-03-02T05:30:00+10:00' }],
    ['a booking the app already confirmed (ACCEPTED)', { ...reservation, bookingStatus: 'ACCEPTED' }],
  ])('accepts %s', (_name, input) => {
    expect(violations(createBookingRequestSchema, input)).toEqual([]);
  });

  it.each([
    ['a missing locationId', { ...reservation, locationId: undefined }, ['locationId']],
    ['a missing origin', { ...reservation, origin: undefined }, ['origin']],
    ['a missing origin.bookingReference', { ...reservation, origin: {} }, ['origin.bookingReference']],
    ['a missing numberOfPeople', { ...reservation, numberOfPeople: undefined }, ['numberOfPeople']],
    ['numberOfPeople 0', { ...reservation, numberOfPeople: 0 }, ['numberOfPeople']],
    ['a fractional numberOfPeople', { ...reservation, numberOfPeople: 2.5 }, ['numberOfPeople']],
    ['a missing startTime', { ...reservation, startTime: undefined }, ['startTime']],
    ['a startTime without offset', { ...reservation, startTime: '2026-03-01T18:00:00' }, ['startTime']],
    ['an endTime equal to startTime', { ...reservation, endTime: reservation.startTime }, ['endTime']],
    ['an endTime before startTime', { ...reservation, endTime: '2026-03-01T17:00:00Z' }, ['endTime']],
    ['an empty note', { ...reservation, notes: '' }, ['notes']],
    ['a 501-character note', { ...reservation, notes: 'n'.repeat(501) }, ['notes']],
    ['a 501-character customer note', { ...reservation, customer: { notes: 'n'.repeat(501) } }, ['customer.notes']],
    ['an empty customer email', { ...reservation, customer: { email: '' } }, ['customer.email']],
    ['an empty address line', { ...reservation, customer: { address: { line1: '' } } }, ['customer.address.line1']],
    ['a negative payment', { ...reservation, payments: [{ amount: -1 }] }, ['payments.0.amount']],
    ['an unknown payment currency', { ...reservation, payments: [{ amount: 1, currency: 'JPY' }] }, ['payments.0.currency']],
    ['bookingStatus REJECTED', { ...reservation, bookingStatus: 'REJECTED' }, ['bookingStatus']],
    ['bookingStatus CANCELLED_BY_CUSTOMER', { ...reservation, bookingStatus: 'CANCELLED_BY_CUSTOMER' }, ['bookingStatus']],
    ['bookingStatus CANCELLED_BY_MERCHANT', { ...reservation, bookingStatus: 'CANCELLED_BY_MERCHANT' }, ['bookingStatus']],
    ['bookingStatus SEATED', { ...reservation, bookingStatus: 'SEATED' }, ['bookingStatus']],
    ['a missing asset', { ...reservation, asset: undefined }, ['asset']],
    ['an unknown asset type', { ...reservation, asset: { type: 'BOAT' } }, ['asset.type']],
    ['a room booking without rooms', { ...reservation, asset: { type: 'ROOM' } }, ['asset.rooms']],
    ['an empty rooms list', { ...reservation, asset: { type: 'ROOM', rooms: [] } }, ['asset.rooms']],
    ['an empty tables list', { ...reservation, asset: { type: 'TABLE', tables: [] } }, ['asset.tables']],
    ['a table listed twice', { ...reservation, asset: { type: 'TABLE', tables: [{ number: '1' }, { number: '1' }] } }, ['asset.tables.1.number']],
    ['an invalid table number', { ...reservation, asset: { type: 'TABLE', tables: [{ number: '1,2' }] } }, ['asset.tables.0.number']],
    ['tableStatus DINING on creation', { ...reservation, asset: { type: 'TABLE', tableStatus: 'DINING' } }, ['asset.tableStatus']],
    ['an unknown arrivalStatus', { ...reservation, asset: { type: 'TABLE', arrivalStatus: 'LOST' } }, ['asset.arrivalStatus']],
    ['an empty preOrders list', { ...reservation, asset: { type: 'TABLE', preOrders: [] } }, ['asset.preOrders']],
    [
      'every violation at once',
      {
        locationId: '',
        origin: {},
        numberOfPeople: 0,
        startTime: '2026-03-01T18:00:00Z',
        endTime: '2026-03-01T10:00:00Z',
        notes: '',
        asset: { type: 'TABLE', tableStatus: 'CLOSING', tables: [] },
      },
      ['locationId', 'numberOfPeople', 'notes', 'origin.bookingReference', 'asset.tables', 'asset.tableStatus', 'endTime'],
    ],
  ])('rejects %s', (_name, input, paths) => {
    expect(violations(createBookingRequestSchema, input)).toEqual(paths);
  });
});

describe('createWalkInRequestSchema (walk-in by a POS)', () => {
  it('seats a walk-in and starts it CREATED when neither is said', () => {
    const booking = createWalkInRequestSchema.parse({ locationId: 'l', numberOfPeople: 3, asset: { type: 'TABLE' } });
    expect(booking).toEqual({ locationId: 'l', bookingStatus: 'CREATED', numberOfPeople: 3, asset: { type: 'TABLE', tableStatus: 'SEATED' } });
  });

  it.each([
    ['the reference walk-in', walkIn],
    ['a walk-in with a start time and a reference', { ...walkIn, startTime: '2026-01-01T17:00:00Z', origin: { bookingReference: 'pos-1' } }],
    ['a walk-in the POS accepts as it seats it', { ...walkIn, bookingStatus: 'ACCEPTED' }],
  ])('accepts %s', (_name, input) => {
    expect(violations(createWalkInRequestSchema, input)).toEqual([]);
  });

  it.each([
    ['tableStatus DINING', { ...walkIn, asset: { ...walkIn.asset, tableStatus: 'DINING' } }, ['asset.tableStatus']],
    ['a room', { ...walkIn, asset: { type: 'ROOM', rooms: [{ number: '1' }] } }, ['asset.type']],
    ['bookingStatus REJECTED', { ...walkIn, bookingStatus: 'REJECTED' }, ['bookingStatus']],
    ['a missing numberOfPeople', { ...walkIn, numberOfPeople: undefined }, ['numberOfPeople']],
    ['an origin without reference', { ...walkIn, origin: {} }, ['origin.bookingReference']],
    ['an endTime before startTime', { ...walkIn, startTime: '2026-01-01T17:00:00Z', endTime: '2026-01-01T16:00:00Z' }, ['endTime']],
    [
      'every violation at once',
      { bookingStatus: 'REJECTED', numberOfPeople: -2, asset: { type: 'ROOM', tableStatus: 'FINALISED' } },
      ['locationId', 'bookingStatus', 'numberOfPeople', 'asset.type', 'asset.tableStatus'],
    ],
  ])('rejects %s', (_name, input, paths) => {
    expect(violations(createWalkInRequestSchema, input)).toEqual(paths);
  });

  it('says a walk-in is seated', () => {
    const result = createWalkInRequestSchema.safeParse({ ...walkIn, asset: { type: 'TABLE', tableStatus: 'DINING' } });
    expect(result.error?.issues[0]?.message).toBe('A walk-in is created SEATED.');
  });
});

describe('updateBookingRequestSchema (merge patch)', () => {
  it.each([
    ['accepting', { bookingStatus: 'ACCEPTED' }],
    ['rejecting with a reason', { bookingStatus: 'REJECTED', reason: 'Fully booked' }],
    ['a customer cancelling with a reason', { bookingStatus: 'CANCELLED_BY_CUSTOMER', reason: 'Illness' }],
    ['a merchant cancelling with a 50-character reason', { bookingStatus: 'CANCELLED_BY_MERCHANT', reason: 'r'.repeat(50) }],
    // The reference: a reason is "provided only when" the status is one of these, never required.
    ['rejecting without a reason', { bookingStatus: 'REJECTED' }],
    ['a customer cancelling without a reason', { bookingStatus: 'CANCELLED_BY_CUSTOMER' }],
    ['a merchant cancelling without a reason', { bookingStatus: 'CANCELLED_BY_MERCHANT' }],
    ['a table status', { asset: { tableStatus: 'DINING' } }],
    ['an arrival status', { asset: { arrivalStatus: 'RUNNING_LATE' } }],
    ['new details', { numberOfPeople: 3, startTime: '2026-03-01T19:00:00Z', endTime: '2026-03-01T21:00:00Z', notes: 'High chair' }],
    ['new tables', { asset: { tables: [{ number: '4' }], section: { name: 'Patio' } } }],
    ['removing optional fields with null', { notes: null, endTime: null, payments: null, asset: { section: null, arrivalStatus: null } }],
    ['removing customer fields with null', { customer: { email: null, address: { line2: null } } }],
    ['removing the customer', { customer: null }],
  ])('accepts %s', (_name, input) => {
    expect(updateBookingRequestSchema.parse(input)).toEqual(input);
  });

  it.each([
    ['an empty patch', {}, ['']],
    ['an empty reason', { bookingStatus: 'REJECTED', reason: '' }, ['reason']],
    ['a 51-character reason', { bookingStatus: 'REJECTED', reason: 'r'.repeat(51) }, ['reason']],
    ['a reason with ACCEPTED', { bookingStatus: 'ACCEPTED', reason: 'Sure' }, ['reason']],
    ['a reason without status', { reason: 'Why not' }, ['reason']],
    ['an unknown bookingStatus', { bookingStatus: 'SEATED' }, ['bookingStatus']],
    ['an unknown tableStatus', { asset: { tableStatus: 'EATING' } }, ['asset.tableStatus']],
    ['removing the table status', { asset: { tableStatus: null } }, ['asset.tableStatus']],
    ['an unknown arrivalStatus', { asset: { arrivalStatus: 'LOST' } }, ['asset.arrivalStatus']],
    ['tables and rooms together', { asset: { tables: [{ number: '1' }], rooms: [{ number: 'R' }] } }, ['asset.rooms']],
    ['removing numberOfPeople', { numberOfPeople: null }, ['numberOfPeople']],
    ['removing startTime', { startTime: null }, ['startTime']],
    ['an endTime before startTime', { startTime: '2026-03-01T19:00:00Z', endTime: '2026-03-01T18:00:00Z' }, ['endTime']],
    ['a 501-character note', { notes: 'n'.repeat(501) }, ['notes']],
    [
      'every violation at once',
      { bookingStatus: 'ACCEPTED', reason: 'Sure', numberOfPeople: 0, asset: { tableStatus: 'GONE', tables: [] } },
      ['asset.tableStatus', 'asset.tables', 'numberOfPeople', 'reason'],
    ],
  ])('rejects %s', (_name, input, paths) => {
    expect(violations(updateBookingRequestSchema, input)).toEqual(paths);
  });
});

describe('bookingResponseSchema', () => {
  const stored = {
    id: 'bk-1',
    locationId: 'merchant:abc123',
    origin: { name: 'Reserve-o-matic', bookingReference: 'ref-1' },
    asset: { type: 'TABLE' as const, tableStatus: 'DINING' as const, tables: [{ number: '1' }] },
    bookingStatus: 'ACCEPTED' as const,
    numberOfPeople: 2,
    startTime: '2026-03-01T18:00:00Z',
    createdAt: '2026-02-01T00:00:00.000Z',
    updatedAt: '2026-02-02T00:00:00.000Z',
  };

  it('returns the id also as tcBookingId and drops internal columns', () => {
    const booking = toBookingResponse({ ...stored, merchantId: 'm-1', partnerId: 'p-1' } as typeof stored);
    expect(booking).toEqual({ ...stored, tcBookingId: 'bk-1' });
  });

  it('shows a walk-in without origin', () => {
    expect(violations(bookingResponseSchema, { ...stored, origin: undefined, tcBookingId: 'bk-1' })).toEqual([]);
  });

  it.each([
    ['a tcBookingId that is not the id', { ...stored, tcBookingId: 'other' }, ['tcBookingId']],
    ['a missing asset', { ...stored, asset: undefined, tcBookingId: 'bk-1' }, ['asset']],
    ['a missing createdAt', { ...stored, createdAt: undefined, tcBookingId: 'bk-1' }, ['createdAt']],
  ])('rejects %s', (_name, input, paths) => {
    expect(violations(bookingResponseSchema, input)).toEqual(paths);
  });
});

describe('bookingEventSchema', () => {
  const event = {
    id: 'evt-1',
    locationId: 'test-cafe',
    type: 'BOOKING_FINALISED',
    sourceOfChange: 'POS',
    eventData: { asset: { tableStatus: 'FINALISED' } },
    outcome: { asset: { type: 'TABLE', tableStatus: 'FINALISED' }, numberOfPeople: 3 },
    createdAt: '2026-04-21T05:52:17.222Z',
  };

  it.each(['POS', 'APP', 'MERCHANT'])('accepts a change by %s', (sourceOfChange) => {
    expect(bookingEventSchema.parse({ ...event, sourceOfChange })).toEqual({ ...event, sourceOfChange });
  });

  it('lists events under `events`', () => {
    expect(bookingEventsResponseSchema.parse({ events: [event] })).toEqual({ events: [event] });
  });

  it.each([
    ['a source of BOOKING_APP (the wire says APP)', { ...event, sourceOfChange: 'BOOKING_APP' }, ['sourceOfChange']],
    ['an order event type', { ...event, type: 'ORDER_CREATED' }, ['type']],
    ['eventData that is not an object', { ...event, eventData: 'x' }, ['eventData']],
    ['a missing outcome', { ...event, outcome: undefined }, ['outcome']],
  ])('rejects %s', (_name, input, paths) => {
    expect(violations(bookingEventSchema, input)).toEqual(paths);
  });
});

describe('listBookingsQuerySchema', () => {
  const defaults = { locationId: 'loc', dateType: 'START', limit: 50, page: 1 };

  it('fills the defaults', () => {
    expect(listBookingsQuerySchema.parse({ locationId: 'loc' })).toEqual(defaults);
  });

  it.each([
    ['one status', { bookingStatus: 'CREATED' }, { bookingStatus: ['CREATED'] }],
    ['repeated statuses', { bookingStatus: ['CREATED', 'ACCEPTED'] }, { bookingStatus: ['CREATED', 'ACCEPTED'] }],
    ['a comma list of statuses', { bookingStatus: 'CREATED,ACCEPTED' }, { bookingStatus: ['CREATED', 'ACCEPTED'] }],
    ['repeated table numbers', { tableNumber: ['22', '10'] }, { tableNumber: ['22', '10'] }],
    ['a comma list of table numbers', { tableNumber: 'outside-table-3, 10' }, { tableNumber: ['outside-table-3', '10'] }],
    ['a table number given twice, once', { tableNumber: ['10', '10,11'] }, { tableNumber: ['10', '11'] }],
    ['an asset type', { assetType: 'ROOM' }, { assetType: ['ROOM'] }],
    ['an empty filter as no filter', { tableNumber: '' }, {}],
    [
      'a date range on creation',
      { fromDate: '2026-04-28', toDate: '2026-04-30', dateType: 'CREATED' },
      { fromDate: '2026-04-28', toDate: '2026-04-30', dateType: 'CREATED' },
    ],
    ['limit and page', { limit: '10', page: '2' }, { limit: 10, page: 2 }],
  ])('reads %s', (_name, query, expected) => {
    expect(listBookingsQuerySchema.parse({ locationId: 'loc', ...query })).toEqual({ ...defaults, ...expected });
  });

  it.each([
    ['a missing locationId', {}, ['locationId']],
    ['an unknown status among others', { locationId: 'l', bookingStatus: ['CREATED', 'SEATED'] }, ['bookingStatus.1']],
    ['an unknown asset type', { locationId: 'l', assetType: 'BOAT' }, ['assetType.0']],
    ['an invalid table number', { locationId: 'l', tableNumber: '10,-' }, ['tableNumber.1']],
    ['an unknown dateType', { locationId: 'l', dateType: 'END' }, ['dateType']],
    ['a fromDate in another format', { locationId: 'l', fromDate: '28/04/2026' }, ['fromDate']],
    ['toDate before fromDate', { locationId: 'l', fromDate: '2026-04-30', toDate: '2026-04-28' }, ['toDate']],
    ['limit 0', { locationId: 'l', limit: '0' }, ['limit']],
    ['limit 51', { locationId: 'l', limit: '51' }, ['limit']],
    ['page 0', { locationId: 'l', page: '0' }, ['page']],
    ['a page in words', { locationId: 'l', page: 'two' }, ['page']],
    [
      'every violation at once',
      { bookingStatus: 'NOPE', assetType: 'BOAT', limit: '100', fromDate: '2026-05-02', toDate: '2026-05-01' },
      ['locationId', 'assetType.0', 'bookingStatus.0', 'limit', 'toDate'],
    ],
  ])('rejects %s', (_name, query, paths) => {
    expect(violations(listBookingsQuerySchema, query)).toEqual(paths);
  });
});
