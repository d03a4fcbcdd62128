import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn, versionColumn } from './columns';
import { BOOKING_STATUSES, TABLE_STATUSES } from '../statuses';
import { locations, partners, users } from './tenancy';

// db/statuses.ts is the one source of the statuses (the domain re-exports it); the pgEnums follow it.
export const bookingStatus = pgEnum('booking_status', BOOKING_STATUSES);
export const bookingTableStatus = pgEnum('booking_table_status', TABLE_STATUSES);
export const bookingArrivalStatus = pgEnum('booking_arrival_status', ['ON_TIME', 'EARLY', 'RUNNING_LATE', 'NO_SHOW']);
export const bookingAssetType = pgEnum('booking_asset_type', ['TABLE', 'ROOM']);
/** Who made a booking or a change to it; the wire calls a booking app APP (docs/contract.md#bookings booking events). */
export const bookingSource = pgEnum('booking_source', ['POS', 'APP', 'MERCHANT']);

/**
 * docs/contract.md#bookings. The columns are what lists filter on and what the status rules change; the rest of the
 * booking (customer, notes, payments, section, rooms, discounts, pre-orders) is kept in `details` as validated.
 * `tableNumbers` is an array with a GIN index rather than a join table: one row per booking keeps writes to a single
 * insert and the `tableNumber` filter to `&&` (bench/bookings.ts measures it).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: text('id').primaryKey(),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    /** The booking app that holds the booking; null for a walk-in, which every booking app of the location hears about. */
    appPartnerId: text('app_partner_id').references(() => partners.id),
    /** The partner whose request created it (the app, or the POS for a walk-in). */
    createdByPartnerId: text('created_by_partner_id')
      .notNull()
      .references(() => partners.id),
    source: bookingSource('source').notNull(),
    originName: text('origin_name'),
    bookingReference: text('booking_reference'),
    bookingStatus: bookingStatus('booking_status').notNull(),
    reason: text('reason'),
    assetType: bookingAssetType('asset_type').notNull(),
    tableStatus: bookingTableStatus('table_status'),
    arrivalStatus: bookingArrivalStatus('arrival_status'),
    tableNumbers: text('table_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    numberOfPeople: integer('number_of_people').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }),
    details: jsonb('details').notNull().default({}),
    version: versionColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    // The reference: bookingReference is unique per location and booking partner.
    uniqueIndex('bookings_reference_idx')
      .on(t.createdByPartnerId, t.locationId, t.bookingReference)
      .where(sql`${t.bookingReference} is not null`),
    // GET /bookings filters a location by one of three dates (dateType) and pages in that order.
    index('bookings_location_start_idx').on(t.locationId, t.startTime, t.id),
    index('bookings_location_created_idx').on(t.locationId, t.createdAt, t.id),
    index('bookings_location_updated_idx').on(t.locationId, t.updatedAt, t.id),
    index('bookings_table_numbers_idx').using('gin', t.tableNumbers),
  ],
);

/**
 * Every change of a booking (GET /bookings/{id}/events, newest first), written in the transaction of the change:
 * what was asked (`eventData`), the booking after it (`outcome`), and who asked.
 */
export const bookingChanges = pgTable(
  'booking_changes',
  {
    id: text('id').primaryKey(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    locationId: text('location_id').notNull(),
    type: text('type').notNull(),
    sourceOfChange: bookingSource('source_of_change').notNull(),
    actorPartnerId: text('actor_partner_id').references(() => partners.id),
    actorUserId: text('actor_user_id').references(() => users.id),
    eventData: jsonb('event_data').notNull(),
    outcome: jsonb('outcome').notNull(),
    /** The booking's version after this change (docs/contract.md#events `data.version`). */
    version: integer('version').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('booking_changes_booking_idx').on(t.bookingId, t.version)],
);
