import { sql } from 'drizzle-orm';
import { index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn, versionColumn } from './columns';
import { locations, partners } from './tenancy';

export const saleStatus = pgEnum('sale_status', ['OPEN', 'CLOSED', 'REOPENED']);
export const saleType = pgEnum('sale_type', ['SALE', 'REFUND', 'VOID', 'COMBINATION']);

/**
 * A sale recorded by a POS. Its wire content (items, payments, money …) is kept as validated in `content`; the
 * columns are what the service filters, links and locks on. An open sale with a `tableNumber` is one of the open
 * sales of the location's table with that number (docs/domain.md#table-and-open-sales).
 */
export const sales = pgTable(
  'sales',
  {
    id: text('id').primaryKey(),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    posPartnerId: text('pos_partner_id')
      .notNull()
      .references(() => partners.id),
    originSaleId: text('origin_sale_id').notNull(),
    status: saleStatus('status').notNull(),
    type: saleType('type').notNull(),
    tableNumber: text('table_number'),
    /** The booking (tcBookingId) the sale belongs to; bookings refer to sales by it, so no foreign key. */
    bookingId: text('booking_id'),
    /** The closed sale this one reopens (docs/contract.md#reopened-sales); the same location's, checked when recorded. */
    parentSaleId: text('parent_sale_id'),
    /** The acquirer transaction references of the sale's EFTPOS payments: how a loyalty activity's payment finds its sale. */
    paymentReferences: text('payment_references')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    content: jsonb('content').notNull(),
    /** Fingerprint of the create request: a re-sent `origin.saleId` is answered from the first sale or 409. */
    requestDigest: text('request_digest').notNull(),
    version: versionColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('sales_pos_origin_idx').on(t.posPartnerId, t.locationId, t.originSaleId),
    index('sales_location_created_idx').on(t.locationId, t.createdAt, t.id),
    // The open sales of a table are read by (location, table number) on every table read and sale change.
    index('sales_open_table_idx')
      .on(t.locationId, t.tableNumber)
      .where(sql`${t.status} <> 'CLOSED'`),
    index('sales_booking_idx').on(t.bookingId),
    // A closed sale is reopened at most once; the reopening is found by its parent.
    index('sales_parent_idx')
      .on(t.parentSaleId)
      .where(sql`${t.parentSaleId} is not null`),
    index('sales_payment_references_idx').using('gin', t.paymentReferences),
  ],
);
