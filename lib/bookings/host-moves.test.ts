import { describe, expect, it } from 'vitest';
import { nextHostMoves } from './host-moves';

// The host is offered only what the POS rules allow next (lib/bookings/transitions.ts): the table never goes back.
describe('the moves the host view offers', () => {
  it.each([
    [{ bookingStatus: 'CREATED' }, ['ARRIVED', 'SEATED', 'NO_SHOW']],
    [{ bookingStatus: 'ACCEPTED', arrivalStatus: 'RUNNING_LATE' }, ['ARRIVED', 'SEATED', 'NO_SHOW']],
    [{ bookingStatus: 'ACCEPTED', arrivalStatus: 'ON_TIME' }, ['SEATED', 'NO_SHOW']],
    [{ bookingStatus: 'ACCEPTED', arrivalStatus: 'NO_SHOW' }, ['SEATED']],
    [{ bookingStatus: 'ACCEPTED', tableStatus: 'SEATED' }, ['DINING', 'FINALISED']],
    [{ bookingStatus: 'ACCEPTED', tableStatus: 'DINING' }, ['CLOSING', 'FINALISED']],
    [{ bookingStatus: 'ACCEPTED', tableStatus: 'CLOSING' }, ['FINALISED']],
    [{ bookingStatus: 'ACCEPTED', tableStatus: 'FINALISED' }, []],
    [{ bookingStatus: 'CANCELLED_BY_CUSTOMER' }, []],
    [{ bookingStatus: 'REJECTED' }, []],
  ] as const)('%j: %j', (booking, expected) => {
    expect(nextHostMoves(booking)).toEqual(expected);
  });
});
