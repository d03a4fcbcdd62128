// docs/contract.md#event-types: the event types a partner may receive.
export const eventTypes = [
  'ORDER_CREATED',
  'ORDER_ACCEPTED',
  'ORDER_REJECTED',
  'ORDER_BEING_PREPARED',
  'ORDER_READY',
  'ORDER_OUT_FOR_DELIVERY',
  'ORDER_FULFILLED',
  'ORDER_CANCELLED_BY_MERCHANT',
  'ORDER_CANCELLED_BY_CUSTOMER',
  'NEW_TABLE',
  'TABLE_UPDATED',
  'TABLE_OPENED',
  'TABLE_CLOSED',
  'TABLE_DELETED',
  'NEW_SALE',
  'SALE_UPDATED',
  'SALE_CLOSED',
  'SALE_REOPENED',
  'BOOKING_CREATED',
  'BOOKING_UPDATED',
  'BOOKING_SEATED',
  'BOOKING_DINING',
  'BOOKING_CLOSING',
  'BOOKING_FINALISED',
  'NEW_LOYALTY_ACTIVITY',
  'NEW_REGISTERED_CARD',
  'NEW_ONBOARDING_REQUEST',
  'LOCATION_AVAILABILITY_UPDATED',
] as const;

export type EventType = (typeof eventTypes)[number];

/** The path below `{base_url}` where a partner fetches each kind of resource (`data.uri`). */
export const resourcePaths = {
  order: 'orders',
  table: 'tables',
  sale: 'sales',
  booking: 'bookings',
  'loyalty-activity': 'loyalty/activities',
  'registered-card': 'loyalty/registered-cards',
  'onboarding-request': 'locations/merchant-onboarding/loyalty',
  // docs/contract.md#availability: the event names the location; its availability is at `{uri}/availability`.
  location: 'locations',
} as const;

export type ResourceKind = keyof typeof resourcePaths;
