import { eventTypes } from '@/lib/events/event-types';

type EventType = (typeof eventTypes)[number];

/** docs/contract.md#recipients: who receives each family of events (the partner whose own request caused it is left out). */
const families: { prefix: RegExp; resource: string; path: string; receivers: string }[] = [
  { prefix: /^ORDER_/, resource: 'order', path: 'orders', receivers: "The location's POS and the ordering app that created the order." },
  { prefix: /TABLE/, resource: 'table', path: 'tables', receivers: 'Every POS and app connected to the location.' },
  { prefix: /SALE/, resource: 'sale', path: 'sales', receivers: 'Every POS and app connected to the location.' },
  {
    prefix: /^BOOKING_/,
    resource: 'booking',
    path: 'bookings',
    receivers: "The location's POS and the booking app that holds the booking (a walk-in: every booking app connected to the location).",
  },
  { prefix: /LOYALTY_ACTIVITY/, resource: 'loyaltyActivity', path: 'loyalty/activities', receivers: 'The loyalty partner concerned.' },
  { prefix: /REGISTERED_CARD/, resource: 'registeredCard', path: 'loyalty/registered-cards', receivers: 'The loyalty partner concerned.' },
  {
    prefix: /ONBOARDING/,
    resource: 'onboardingRequest',
    path: 'locations/merchant-onboarding/loyalty',
    receivers: 'The loyalty partner the merchant asked to join.',
  },
  { prefix: /^LOCATION_AVAILABILITY/, resource: 'location', path: 'locations', receivers: 'Every partner connected to the location.' },
];

const meanings: Partial<Record<EventType, string>> = {
  ORDER_CREATED: 'An ordering app placed an order, as `CREATED` or already `ACCEPTED` (read its `status`); always `data.version` 1.',
  ORDER_REJECTED: 'The POS or merchant rejected the order, or nobody accepted it in time (`statusInfo: AUTO_REJECTED_BY_TIMEOUT`).',
  TABLE_OPENED: 'The first open sale joined the table.',
  TABLE_CLOSED: 'The last open sale left the table.',
  SALE_CLOSED: 'The sale was paid and closed.',
  SALE_REOPENED: 'A closed sale was reopened: `data` is the new sale (status REOPENED) whose `parentSaleId` names the closed one.',
  BOOKING_SEATED: 'The party sat down (also how walk-ins start).',
  NEW_ONBOARDING_REQUEST: 'A merchant asked to activate loyalty at a location with this partner.',
  LOCATION_AVAILABILITY_UPDATED:
    'The location opened, closed, was paused or resumed, went into or out of busy mode, or its hours changed; also when this happens by the clock. Read `{uri}/availability`.',
};

export interface CatalogueEntry {
  type: EventType;
  meaning: string;
  receivers: string;
  example: { id: string; type: EventType; createdAt: string; locationId: string | null; data: { id: string; uri: string; resource: string; version: number } };
}

/** Every event type with who receives it and an example of the event JSON (the same over webhook, WebSocket and feed). */
export function eventsCatalogue(baseUrl: string): CatalogueEntry[] {
  return eventTypes.map((type, index) => {
    const family = families.find((candidate) => candidate.prefix.test(type))!;
    const id = `${family.resource.slice(0, 3)}_01JD8Y3S9B${String(index).padStart(2, '0')}`;
    const created = /CREATED|^NEW_|REOPENED/.test(type);
    return {
      type,
      meaning:
        meanings[type] ??
        `${type
          .replace(/_/g, ' ')
          .toLowerCase()
          .replace(/^./, (letter) => letter.toUpperCase())}.`,
      receivers: family.receivers,
      example: {
        id: `evt_01JD8Y3SA0${String(index).padStart(2, '0')}`,
        type,
        createdAt: '2026-11-22T09:30:00.000Z',
        locationId: family.resource === 'registeredCard' ? null : 'demo-bistro-cbd',
        data: { id, uri: `${baseUrl}/${family.path}/${id}`, resource: family.resource, version: created ? 1 : 2 },
      },
    };
  });
}

/** What each operation emits, by `"method path"` (docs/contract.md#resources and docs/contract.md#events). */
export const emittedEvents: Record<string, string> = {
  'post /orders': 'ORDER_CREATED (also for an order created ACCEPTED)',
  'patch /orders/{orderId}': 'ORDER_<new status>, e.g. ORDER_ACCEPTED',
  'post /tables': 'NEW_TABLE',
  'patch /tables/{tableId}': 'TABLE_UPDATED',
  'delete /tables/{tableId}': 'TABLE_DELETED',
  'post /sales': 'NEW_SALE (a reopening: SALE_REOPENED); TABLE_OPENED when it is the first open sale of its table',
  'patch /sales/{saleId}': 'SALE_UPDATED, or SALE_CLOSED; TABLE_OPENED / TABLE_CLOSED as the table gains its first or loses its last open sale',
  'post /bookings': 'BOOKING_CREATED (a walk-in: BOOKING_CREATED, then it is SEATED)',
  'patch /bookings/{bookingId}': 'BOOKING_UPDATED; BOOKING_SEATED, BOOKING_DINING, BOOKING_CLOSING, BOOKING_FINALISED as asset.tableStatus moves',
};
