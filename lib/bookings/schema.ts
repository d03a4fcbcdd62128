import { z } from 'zod';
import { pageQuery, repeatableFilter } from '@/lib/api/query-params';
import { CURRENCIES } from '@/lib/money';
import { locationIdSchema, tableNumberSchema } from '@/lib/tables/schema';
import { BOOKING_STATUSES, NEW_BOOKING_STATUSES, STATUSES_WITH_REASON, TABLE_STATUSES } from './transitions';

// Cross-field rules run even when a field already failed (`when`), so a partner sees every
// violation of a request at once (conventions: validation reports everything). They read the
// half-parsed value defensively for that reason.
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const whenObject = { when: (payload: { value: unknown }) => isRecord(payload.value) };

const time = () => z.iso.datetime({ offset: true }).describe('RFC 3339 date-time, e.g. 2018-05-02T17:30:00.000Z.');
// JSON merge patch (RFC 7396): `null` removes a field that may be absent.
const removable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();
function removableFields<S extends Record<string, z.ZodType>>(shape: S) {
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, removable(schema)])) as {
    [K in keyof S]: z.ZodOptional<z.ZodNullable<S[K]>>;
  };
}

export const ARRIVAL_STATUSES = ['ON_TIME', 'EARLY', 'RUNNING_LATE', 'NO_SHOW'] as const;
export const ASSET_TYPES = ['TABLE', 'ROOM'] as const;
export const BOOKING_EVENT_TYPES = ['BOOKING_CREATED', 'BOOKING_UPDATED', 'BOOKING_SEATED', 'BOOKING_DINING', 'BOOKING_CLOSING', 'BOOKING_FINALISED'] as const;
export const SOURCES_OF_CHANGE = ['POS', 'APP', 'MERCHANT'] as const;
const LIST_DATE_TYPES = ['START', 'CREATED', 'UPDATED'] as const;

const numberOfPeopleSchema = z.int().min(1).describe('The number of expected guests.');
const notesSchema = z.string().min(1).max(500).describe("Notes on the booking, e.g. 'Window seat please'.");
const bookingReferenceSchema = z.string().min(1).describe("The booking app's reference, unique per location and booking app.");
const reasonSchema = z
  .string()
  .min(1, 'reason must not be empty.')
  .max(50)
  .describe('Why the booking was rejected or cancelled: optional, and only with REJECTED, CANCELLED_BY_CUSTOMER, CANCELLED_BY_MERCHANT.');

// ---------- Customer and payments ----------

const addressShape = {
  line1: z.string().min(1),
  line2: z.string().min(1),
  suburb: z.string().min(1),
  state: z.string().min(1),
  postcode: z.string().min(1),
  country: z.string().min(1),
};

const customerShape = {
  id: z.string().min(1),
  name: z.string().min(1),
  notes: z.string().min(1).max(500).describe("Notes on the customer, e.g. 'Loves red wine'."),
  email: z.string().min(1),
  phoneNumber: z.string().min(1),
  birthday: z.string().min(1),
};

export const bookingCustomerSchema = z
  .object(customerShape)
  .partial()
  .extend({ address: z.object(addressShape).partial().optional() })
  .meta({ id: 'BookingCustomer', description: 'The customer making the booking.' });

const customerUpdateSchema = z.object({
  ...removableFields(customerShape),
  address: removable(z.object(removableFields(addressShape))),
});

export const bookingPaymentSchema = z
  .object({
    amount: z.int().min(0).describe('Amount in cents, e.g. 12520 is $125.20.'),
    currency: z.enum(CURRENCIES).default('AUD'),
    description: z.string().optional().describe('What the payment is, e.g. Deposit for booking.'),
  })
  .meta({ id: 'BookingPayment', description: 'A payment applied to a booking, e.g. a deposit.' });

// ---------- Asset ----------

const bookingTableSchema = z.object({ number: tableNumberSchema });
const roomSchema = z.object({ number: z.string().min(1).max(50).describe('The room number or id, e.g. MAIN-33.') });
const bookingSectionSchema = z.object({ id: z.string().min(1).optional(), name: z.string().min(1).optional() });
const tablesSchema = z
  .array(bookingTableSchema)
  .min(1)
  .superRefine(
    (tables, ctx) => {
      const seen = new Set<string>();
      tables.forEach((table, index) => {
        if (!isRecord(table) || typeof table.number !== 'string') return;
        if (seen.has(table.number)) {
          ctx.addIssue({ code: 'custom', path: [index, 'number'], message: `Table ${table.number} is listed twice.` });
        }
        seen.add(table.number);
      });
    },
    { when: (payload) => Array.isArray(payload.value) },
  )
  .describe('The tables used for the booking.');
const roomsSchema = z.array(roomSchema).min(1).describe('The rooms used for the booking.');
const assetNotesSchema = z.array(z.string().min(1)).min(1);

const tableAssetShape = {
  type: z.literal('TABLE'),
  arrivalStatus: z.enum(ARRIVAL_STATUSES).optional(),
  tables: tablesSchema.optional(),
  section: bookingSectionSchema.optional(),
  discounts: assetNotesSchema.optional().describe('Discounts that apply, e.g. Summer Sale 10% off.'),
  preOrders: assetNotesSchema.optional().describe('Items ordered ahead, e.g. 4x flat whites.'),
};

const roomAssetSchema = z.object({ type: z.literal('ROOM'), rooms: roomsSchema }).meta({ id: 'BookingRoomAsset' });

// The reference's only create-time table status is SEATED ('"asset.tableStatus" must be [SEATED]').
const seatedOnly = z.literal('SEATED', { message: 'A booking is created SEATED or without a table status.' });

const reservationAssetSchema = z.discriminatedUnion('type', [z.object({ ...tableAssetShape, tableStatus: seatedOnly.optional() }), roomAssetSchema]);

const walkInAssetSchema = z.object({
  ...tableAssetShape,
  type: z.literal('TABLE', { message: 'A walk-in books a TABLE.' }),
  tableStatus: z.literal('SEATED', { message: 'A walk-in is created SEATED.' }).default('SEATED'),
});

const assetUpdateSchema = z
  .object({
    tableStatus: z.enum(TABLE_STATUSES).optional().describe('Moves forward only: SEATED, DINING, CLOSING, FINALISED.'),
    arrivalStatus: removable(z.enum(ARRIVAL_STATUSES)),
    tables: tablesSchema.optional(),
    section: removable(bookingSectionSchema),
    rooms: roomsSchema.optional(),
    discounts: removable(assetNotesSchema),
    preOrders: removable(assetNotesSchema),
  })
  .superRefine((asset, ctx) => {
    if (asset.tables !== undefined && asset.rooms !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['rooms'], message: 'A booking has tables or rooms, not both.' });
    }
  }, whenObject);

// ---------- Create (POST /bookings) ----------

/** endTime, when given, is after startTime (both RFC 3339, compared as instants). */
function reportEndBeforeStart(booking: Record<string, unknown>, ctx: z.RefinementCtx<unknown>) {
  const start = typeof booking.startTime === 'string' ? Date.parse(booking.startTime) : NaN;
  const end = typeof booking.endTime === 'string' ? Date.parse(booking.endTime) : NaN;
  if (end <= start) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'endTime must be after startTime.' });
}

const newBookingShape = {
  locationId: locationIdSchema.describe('The location the booking is for.'),
  // Of the reference's five statuses a new booking may carry the two an existing one starts from: CREATED (the POS
  // or the merchant decides it later, see ./transitions) or ACCEPTED (a booking system that confirmed the table
  // itself, or a POS seating a walk-in). Rejecting and cancelling change a booking that exists: a PATCH.
  bookingStatus: z
    .enum(NEW_BOOKING_STATUSES, { message: 'A new booking has bookingStatus CREATED or ACCEPTED; reject or cancel it with a PATCH once it exists.' })
    .default('CREATED')
    .describe('CREATED (the default: the POS or the merchant accepts or rejects it) or ACCEPTED (already confirmed).'),
  numberOfPeople: numberOfPeopleSchema,
  endTime: time().optional(),
  customer: bookingCustomerSchema.optional(),
  notes: notesSchema.optional(),
  payments: z.array(bookingPaymentSchema).optional(),
};

/** A reservation made by a BOOKING_APP. `origin.name` is the app's name, set by the service. */
export const createBookingRequestSchema = z
  .object({
    ...newBookingShape,
    origin: z.object({ bookingReference: bookingReferenceSchema }),
    startTime: time(),
    asset: reservationAssetSchema,
  })
  .superRefine((booking, ctx) => reportEndBeforeStart(booking, ctx), whenObject)
  .meta({ id: 'CreateBookingRequest', description: 'A reservation sent by a booking app.' });

export type CreateBookingRequest = z.output<typeof createBookingRequestSchema>;

/** A walk-in created by a POS: a TABLE booking whose guests are already SEATED. */
export const createWalkInRequestSchema = z
  .object({
    ...newBookingShape,
    origin: z.object({ bookingReference: bookingReferenceSchema }).optional(),
    startTime: time().optional().describe('When the guests were seated; the time of the request when absent.'),
    asset: walkInAssetSchema,
  })
  .superRefine((booking, ctx) => reportEndBeforeStart(booking, ctx), whenObject)
  .meta({ id: 'CreateWalkInBookingRequest', description: 'A walk-in booking sent by a POS.' });

export type CreateWalkInRequest = z.output<typeof createWalkInRequestSchema>;

// ---------- Update (PATCH /bookings/{bookingId}, merge patch) ----------

const STATUS_WITH_REASON: ReadonlySet<unknown> = new Set(STATUSES_WITH_REASON);

export const updateBookingRequestSchema = z
  .object({
    asset: assetUpdateSchema.optional(),
    bookingStatus: z.enum(BOOKING_STATUSES).optional(),
    reason: reasonSchema.optional(),
    numberOfPeople: numberOfPeopleSchema.optional(),
    payments: removable(z.array(bookingPaymentSchema)),
    customer: removable(customerUpdateSchema),
    notes: removable(notesSchema),
    startTime: time().optional(),
    endTime: removable(time()),
    origin: z.object({ bookingReference: bookingReferenceSchema }).optional(),
  })
  .superRefine((update, ctx) => {
    if (Object.values(update).every((value) => value === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: 'Provide at least one field to change.' });
    }
    // Reference booking spec: a reason is "provided only when" bookingStatus is REJECTED or a cancellation, so it may
    // come with those (or be left out) and with nothing else.
    if (update.reason !== undefined && !STATUS_WITH_REASON.has(update.bookingStatus)) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: `reason is only given with bookingStatus ${STATUSES_WITH_REASON.join(', ')}.`,
      });
    }
    reportEndBeforeStart(update, ctx);
  }, whenObject)
  .meta({ id: 'UpdateBookingRequest', description: 'Changes to a booking (JSON merge patch).' });

export type UpdateBookingRequest = z.output<typeof updateBookingRequestSchema>;

// ---------- The Booking resource as returned ----------

const bookingAssetSchema = z.discriminatedUnion('type', [
  z.object({ ...tableAssetShape, tableStatus: z.enum(TABLE_STATUSES).optional() }).meta({ id: 'BookingTableAsset' }),
  roomAssetSchema,
]);

export const bookingResponseSchema = z
  .object({
    id: z.string().describe('The id of the booking, generated by the service.'),
    tcBookingId: z.string().describe('The same value as id: the identifier a POS is notified with.'),
    locationId: z.string(),
    origin: z
      .object({ name: z.string().optional().describe('Name of the booking app.'), bookingReference: z.string() })
      .optional()
      .describe('The booking app that holds the booking; absent on walk-ins created without one.'),
    asset: bookingAssetSchema,
    bookingStatus: z.enum(BOOKING_STATUSES),
    numberOfPeople: z.int(),
    payments: z.array(bookingPaymentSchema).optional(),
    startTime: z.string().optional(),
    endTime: z.string().optional(),
    customer: bookingCustomerSchema.optional(),
    notes: z.string().optional(),
    reason: z.string().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .superRefine((booking, ctx) => {
    if (booking.tcBookingId !== booking.id) {
      ctx.addIssue({ code: 'custom', path: ['tcBookingId'], message: 'tcBookingId is the booking id.' });
    }
  })
  .meta({ id: 'Booking', description: 'A booking of a table or room at a location.' });

export type BookingResponse = z.output<typeof bookingResponseSchema>;
/** What toBookingResponse needs; tcBookingId is derived from id, extra (internal) fields are dropped. */
export type BookingResponseInput = Omit<z.input<typeof bookingResponseSchema>, 'tcBookingId'>;

/** Parses an internal booking through the public schema, so no column leaks (docs/contract.md#bookings: id = tcBookingId). */
export function toBookingResponse(booking: BookingResponseInput): BookingResponse {
  return bookingResponseSchema.parse({ ...booking, tcBookingId: booking.id });
}

// ---------- Events (GET /bookings/{bookingId}/events) ----------

export const bookingEventSchema = z
  .object({
    id: z.string(),
    locationId: z.string(),
    type: z.enum(BOOKING_EVENT_TYPES),
    sourceOfChange: z.enum(SOURCES_OF_CHANGE).describe('Who made the change: the POS, the booking app, or the merchant.'),
    eventData: z.record(z.string(), z.unknown()).describe('The change as it was requested.'),
    outcome: z.record(z.string(), z.unknown()).describe('The booking as it was after the change.'),
    createdAt: z.string(),
  })
  .meta({ id: 'BookingEvent', description: 'A change made to a booking.' });

export type BookingEvent = z.output<typeof bookingEventSchema>;

/** docs/contract.md#bookings: a booking's events, newest first. */
export const bookingEventsResponseSchema = z
  .object({ events: z.array(bookingEventSchema) })
  .meta({ id: 'BookingEvents', description: 'The changes made to a booking, newest first.' });

// ---------- List (GET /bookings, POS) ----------

export const listBookingsQuerySchema = z
  .object({
    locationId: locationIdSchema.describe('The location whose bookings are listed. Required.'),
    assetType: repeatableFilter(z.enum(ASSET_TYPES))
      .optional()
      .describe(`Any of ${ASSET_TYPES.join(', ')}; repeat or comma-separate.`),
    tableNumber: repeatableFilter(tableNumberSchema).optional().describe('Bookings at any of these tables; repeat or comma-separate.'),
    bookingStatus: repeatableFilter(z.enum(BOOKING_STATUSES))
      .optional()
      .describe(`Any of ${BOOKING_STATUSES.join(', ')}; repeat or comma-separate.`),
    fromDate: z.iso.date().optional().describe('YYYY-MM-DD: only bookings whose dateType date is on or after it.'),
    toDate: z.iso.date().optional().describe('YYYY-MM-DD: only bookings whose dateType date is on or before it.'),
    dateType: z.enum(LIST_DATE_TYPES).default('START').describe('Which date fromDate and toDate apply to: START (startTime), CREATED or UPDATED.'),
    ...pageQuery,
  })
  .superRefine((query, ctx) => {
    if (typeof query.fromDate === 'string' && typeof query.toDate === 'string' && query.fromDate > query.toDate) {
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'toDate is before fromDate.' });
    }
  }, whenObject);

export type ListBookingsQuery = z.output<typeof listBookingsQuerySchema>;

// ---------- Path (/bookings/{bookingId} and below) ----------

export const bookingIdParams = z.object({ bookingId: z.string().min(1).max(100).describe('The booking id (the same as tcBookingId).') });
