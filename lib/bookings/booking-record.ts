import type { z } from 'zod';
import { bookings } from '@/db/schema';
import { type BookingResponse, bookingCustomerSchema, bookingPaymentSchema, toBookingResponse } from './schema';

export type BookingRow = typeof bookings.$inferSelect;
export type NewBookingRow = typeof bookings.$inferInsert;

/** The parts of a booking kept as validated JSON in `bookings.details` (see db/schema/bookings.ts). */
export interface BookingDetails {
  customer?: z.output<typeof bookingCustomerSchema>;
  notes?: string;
  payments?: z.output<typeof bookingPaymentSchema>[];
  section?: { id?: string; name?: string };
  discounts?: string[];
  preOrders?: string[];
  rooms?: { number: string }[];
}

const orUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** The booking as partners see it (docs/contract.md#bookings), parsed through the public schema so no column leaks. */
export function toBooking(row: BookingRow): BookingResponse {
  const details = row.details as BookingDetails;
  const asset =
    row.assetType === 'ROOM'
      ? { type: 'ROOM' as const, rooms: details.rooms ?? [] }
      : {
          type: 'TABLE' as const,
          tableStatus: orUndefined(row.tableStatus),
          arrivalStatus: orUndefined(row.arrivalStatus),
          tables: row.tableNumbers.length ? row.tableNumbers.map((number) => ({ number })) : undefined,
          section: details.section,
          discounts: details.discounts,
          preOrders: details.preOrders,
        };
  return toBookingResponse({
    id: row.id,
    locationId: row.locationId,
    origin: row.bookingReference ? { name: orUndefined(row.originName), bookingReference: row.bookingReference } : undefined,
    asset,
    bookingStatus: row.bookingStatus,
    numberOfPeople: row.numberOfPeople,
    payments: details.payments,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime?.toISOString(),
    customer: details.customer,
    notes: details.notes,
    reason: orUndefined(row.reason),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });
}

/** The wire form without the keys whose value is undefined, so stored JSON (history `outcome`) stays tidy. */
export function toStoredJson(value: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}
