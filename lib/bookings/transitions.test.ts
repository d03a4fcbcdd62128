import { describe, expect, it } from 'vitest';
import {
  type BookingActor,
  type BookingStatus,
  type TableStatus,
  bookingEventTypeForTableStatus,
  decideBookingStatusChange,
  decideTableStatusChange,
} from './transitions';

type Kind = 'noop' | 'change' | 'forbidden' | 'conflict';

// Written out by hand from the booking rules, not derived from the implementation's tables:
// rows are the current status, columns the status asked for, in this order.
const COLUMNS: BookingStatus[] = ['CREATED', 'ACCEPTED', 'REJECTED', 'CANCELLED_BY_CUSTOMER', 'CANCELLED_BY_MERCHANT'];

const POS_OR_MERCHANT: Record<BookingStatus, Kind[]> = {
  //                       CREATED     ACCEPTED    REJECTED    CXL_CUSTOMER  CXL_MERCHANT
  CREATED: ['noop', 'change', 'change', 'forbidden', 'change'],
  ACCEPTED: ['conflict', 'noop', 'conflict', 'forbidden', 'change'],
  REJECTED: ['conflict', 'conflict', 'noop', 'forbidden', 'conflict'],
  CANCELLED_BY_CUSTOMER: ['conflict', 'conflict', 'conflict', 'forbidden', 'conflict'],
  CANCELLED_BY_MERCHANT: ['conflict', 'conflict', 'conflict', 'forbidden', 'noop'],
};

const EXPECTED: Record<BookingActor, Record<BookingStatus, Kind[]>> = {
  POS: POS_OR_MERCHANT,
  MERCHANT: POS_OR_MERCHANT,
  BOOKING_APP: {
    //                       CREATED     ACCEPTED     REJECTED     CXL_CUSTOMER  CXL_MERCHANT
    CREATED: ['noop', 'forbidden', 'forbidden', 'change', 'forbidden'],
    ACCEPTED: ['conflict', 'forbidden', 'forbidden', 'change', 'forbidden'],
    REJECTED: ['conflict', 'forbidden', 'forbidden', 'conflict', 'forbidden'],
    CANCELLED_BY_CUSTOMER: ['conflict', 'forbidden', 'forbidden', 'noop', 'forbidden'],
    CANCELLED_BY_MERCHANT: ['conflict', 'forbidden', 'forbidden', 'conflict', 'forbidden'],
  },
};

const statusCases = (Object.keys(EXPECTED) as BookingActor[]).flatMap((actor) =>
  (Object.keys(EXPECTED[actor]) as BookingStatus[]).flatMap((current) =>
    COLUMNS.map((next, column) => ({ actor, current, next, kind: EXPECTED[actor][current][column]! })),
  ),
);

describe('decideBookingStatusChange', () => {
  it('covers every actor, current and next status', () => {
    expect(statusCases).toHaveLength(3 * 5 * 5);
  });

  it.each(statusCases)('$actor: $current → $next is $kind', ({ actor, current, next, kind }) => {
    expect(decideBookingStatusChange({ current, next, actor }).kind).toBe(kind);
  });

  it('says why a final booking cannot change', () => {
    expect(decideBookingStatusChange({ current: 'REJECTED', next: 'ACCEPTED', actor: 'POS' })).toEqual({
      kind: 'conflict',
      message: 'Booking status conflict. Booking status REJECTED cannot be updated to ACCEPTED. REJECTED is final.',
    });
  });

  it('says which statuses an actor may set', () => {
    expect(decideBookingStatusChange({ current: 'CREATED', next: 'ACCEPTED', actor: 'BOOKING_APP' })).toEqual({
      kind: 'forbidden',
      message: 'A BOOKING_APP may set bookingStatus only to CANCELLED_BY_CUSTOMER.',
    });
  });
});

// Rows: current table status (null: none yet); columns: the status asked for.
const TABLE_COLUMNS: TableStatus[] = ['SEATED', 'DINING', 'CLOSING', 'FINALISED'];
const TABLE_EXPECTED: [TableStatus | null, Kind[]][] = [
  //            SEATED      DINING      CLOSING     FINALISED
  [null, ['change', 'change', 'change', 'change']],
  ['SEATED', ['noop', 'change', 'change', 'change']],
  ['DINING', ['conflict', 'noop', 'change', 'change']],
  ['CLOSING', ['conflict', 'conflict', 'noop', 'change']],
  ['FINALISED', ['conflict', 'conflict', 'conflict', 'noop']],
];

const tableCases = TABLE_EXPECTED.flatMap(([current, kinds]) => TABLE_COLUMNS.map((next, column) => ({ current, next, kind: kinds[column]! })));

describe('decideTableStatusChange', () => {
  it('covers every current and next table status', () => {
    expect(tableCases).toHaveLength(5 * 4);
  });

  it.each(tableCases)('$current → $next is $kind', ({ current, next, kind }) => {
    expect(decideTableStatusChange(current, next).kind).toBe(kind);
  });

  it('says which way a backward move went', () => {
    expect(decideTableStatusChange('CLOSING', 'DINING')).toEqual({
      kind: 'conflict',
      message: 'Table status conflict. Booking table status CLOSING cannot go back to DINING.',
    });
  });
});

describe('bookingEventTypeForTableStatus', () => {
  it.each([
    ['SEATED', 'BOOKING_SEATED'],
    ['DINING', 'BOOKING_DINING'],
    ['CLOSING', 'BOOKING_CLOSING'],
    ['FINALISED', 'BOOKING_FINALISED'],
  ] as const)('%s → %s', (status, type) => {
    expect(bookingEventTypeForTableStatus(status)).toBe(type);
  });
});
