/**
 * The status lists the database's enums are made of, and the domain's one source of them (lib/orders/transitions.ts and
 * lib/bookings/transitions.ts re-export them with their rules). Plain constants, with no import, so that the schema, the
 * domain and the browser's bundles all read the same list.
 */

/** The nine order statuses of docs/domain.md#order, in the order an order usually moves through them. */
export const ORDER_STATUSES = [
  'CREATED',
  'ACCEPTED',
  'REJECTED',
  'BEING_PREPARED',
  'READY',
  'OUT_FOR_DELIVERY',
  'CANCELLED_BY_MERCHANT',
  'CANCELLED_BY_CUSTOMER',
  'FULFILLED',
] as const;

/** docs/contract.md#bookings: the values of `bookingStatus`. */
export const BOOKING_STATUSES = ['CREATED', 'ACCEPTED', 'REJECTED', 'CANCELLED_BY_CUSTOMER', 'CANCELLED_BY_MERCHANT'] as const;

/** docs/domain.md#booking-table-status, in its order of progression. */
export const TABLE_STATUSES = ['SEATED', 'DINING', 'CLOSING', 'FINALISED'] as const;
