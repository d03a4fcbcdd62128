/**
 * The `/docs` changelog: one list, grouped by interface in the order the reference documents them, each interface's
 * versions first (its default, then the versions added, then the reference's pinned versions it answers as one of
 * them), then its changes. A change edits its interface's entry rather than adding one that contradicts it.
 */
export interface ChangelogEntry {
  api: ChangelogInterface;
  version: string;
  change: string;
}

export const changelogInterfaces = ['All', 'Authorisation server', 'Ordering', 'Tables', 'Sales', 'Booking', 'Loyalty', 'Locations'] as const;
export type ChangelogInterface = (typeof changelogInterfaces)[number];

export const changelog: ChangelogEntry[] = [
  {
    api: 'All',
    version: '—',
    change:
      'Bodies in any `+json` type are read as JSON, the reference’s `application/vnd.tyro.connect+json;version=1.0` included, and a `version` in `Content-Type` counts when `Accept` names none (Accept wins when both do). Answers come as `application/vnd.tyro.connect+json;version=…` when `Accept` prefers it; problems stay `application/problem+json`.',
  },
  {
    api: 'Authorisation server',
    version: '—',
    change:
      'The discovery document lists `response_types_supported: ["token"]`: every flow (device code, refresh, client credentials) answers with an access token alone.',
  },
  { api: 'Ordering', version: '1.0', change: 'The default: orders as Tyro Connect Ordering 1.0.' },
  {
    api: 'Ordering',
    version: '1.1',
    change: 'Fetched orders carry `paymentStatus`; 1.0 answers omit it. Opt in with `Accept: application/json; version=1.1`.',
  },
  { api: 'Ordering', version: '1.0', change: '`customers[].firstName` and `table.id` are optional on a new order, as in the reference.' },
  {
    api: 'Ordering',
    version: '1.0',
    change:
      'Order `discounts` and `surcharges` amounts are zero or more (400 otherwise), as in the reference. `OUT_FOR_DELIVERY` is 409 on a `PICK_UP` or `DINE_IN` order, and `FULFILLED` is 409 on a `DELIVERY` order and on one out for delivery (the status table: “where applicable”, “not applicable if dispatched for delivery”), for the POS, the app and the dashboard board alike.',
  },
  {
    api: 'Ordering',
    version: '1.0',
    change:
      'Every new order emits `ORDER_CREATED` (`data.version` 1) to the POS, also one created `ACCEPTED` (which emitted only `ORDER_ACCEPTED`). Creating is one change, so no `ORDER_ACCEPTED` follows it; the POS reads the status from the order.',
  },
  {
    api: 'Ordering',
    version: '1.0',
    change:
      'An order rejected automatically (`statusInfo: AUTO_REJECTED_BY_TIMEOUT`) answers every `PATCH` with 409 `ORDER_STATUS_CONFLICT` naming the auto-rejection, a late `REJECTED` included (it was a silent 204), so a POS learns its rejection came too late.',
  },
  { api: 'Tables', version: '1.0', change: 'The default: tables with their open sales.' },
  {
    api: 'Tables',
    version: '1.0',
    change:
      '`section.name` is optional: a section given by `id` alone is joined as it is (or created, named after its id); `section: {}` means no section (`section: null`).',
  },
  {
    api: 'Tables',
    version: '1.0',
    change:
      '`GET`/`POST /tables` naming a location that is unknown or not connected answer 404, as in the reference (403 only when a device grant leaves a connected location out).',
  },
  { api: 'Sales', version: '1.0', change: 'The default: sales with optimistic `version` checks (412 when stale).' },
  {
    api: 'Sales',
    version: '1.1',
    change:
      'The sales reference’s version, answered as 1.0, whose sale, list filters (a range ending before it starts matches nothing) and update it shares. `Api-Version` says 1.0.',
  },
  {
    api: 'Sales',
    version: '1.0',
    change:
      'Reopened sales: `POST /sales` with `status: REOPENED` and `parentSaleId` (a `CLOSED` sale of the location, reopened once) records the reopening, which joins its table like an open sale and emits `SALE_REOPENED` (subscribable on webhooks).',
  },
  { api: 'Booking', version: '1.0', change: 'The default: bookings, walk-ins and the table-status journey SEATED → DINING → CLOSING → FINALISED.' },
  {
    api: 'Booking',
    version: '0.1',
    change:
      'The booking reference’s default (`Accept: application/vnd.tyro.connect+json;version=0.1`), answered as 1.0: the reference documents both with one schema. `Api-Version` says 1.0.',
  },
  {
    api: 'Booking',
    version: '1.0',
    change:
      '`reason` is optional with REJECTED and the cancellations (it is still refused with any other status). `POST /bookings` takes `bookingStatus` CREATED or ACCEPTED (an already confirmed booking, told as one `BOOKING_CREATED`); REJECTED and the cancellations stay 400, being changes to a booking that exists.',
  },
  {
    api: 'Booking',
    version: '1.0',
    change:
      'A POS changes the details of any booking at its locations (`numberOfPeople`, times, `asset.tables` …), walk-ins and reservations alike; the booking app hears `BOOKING_UPDATED`. Before, only the booking app could (403).',
  },
  { api: 'Loyalty', version: '0.9', change: 'The default: members, registered cards, activities, merchant onboarding and test payments.' },
  {
    api: 'Loyalty',
    version: '1.0',
    change:
      'The loyalty reference’s version, answered as 0.9, whose members, cards, activities, onboarding and test payments it shares. `Api-Version` says 0.9.',
  },
  { api: 'Loyalty', version: '0.9', change: 'A merchant-onboarding REJECT may come without `reason`, as in the reference.' },
  {
    api: 'Loyalty',
    version: '0.9',
    change:
      'A loyalty activity’s `sale` is filled: the latest `CLOSED` sale at its location with an `EFTPOS` payment whose `acquirer.transactionReference` is the activity’s `paymentId`, for the same goods and services amount, when that sale says all the loyalty reference’s sale requires (`staff`, `tax`, `origin.locationId`, `acquirer.terminalId`; type `SALE`, `REFUND` or `VOID`; payments by `EFTPOS`, `CASH`, `GIFT_CARD` or `POINTS`), which the Sales API leaves optional. Null otherwise.',
  },
  {
    api: 'Locations',
    version: '1.0',
    change: 'Location status gains `status.reason` while RED, and names `pos.apis[].api` by the reference’s enum (other names the POS sends are left out).',
  },
];
