import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { bookingChanges, locations, partners, sections, tables, users } from '@/db/schema';
import { listSalesForBooking } from '@/lib/sales/list-sales';
import type { SaleResponse } from '@/lib/sales/schema';
import { findVisibleBooking } from './partner-access';
import { type BookingDetails, type BookingRow, toBooking } from './booking-record';
import { listBookingRows } from './list-bookings';
import type { BookingResponse } from './schema';
import { updateBooking } from './update-booking';
import type { MerchantActor } from './merchant-moves';
import { type DayCovers, coversOfDay } from './covers';
import { inScope, merchantCaller, type MerchantReach } from '@/lib/tenancy/scope';

export type { MerchantActor } from './merchant-moves';

/** One booking as the day view shows it. */
export interface DashboardBooking {
  id: string;
  startTime: string;
  endTime: string | null;
  numberOfPeople: number;
  customerName: string | null;
  bookingStatus: BookingRow['bookingStatus'];
  tableStatus: BookingRow['tableStatus'];
  arrivalStatus: BookingRow['arrivalStatus'];
  assetType: BookingRow['assetType'];
  tableNumbers: string[];
  rooms: string[];
  source: 'APP' | 'POS' | 'MERCHANT';
  originName: string | null;
  bookingReference: string | null;
}

export interface DashboardTable {
  number: string;
  sectionName: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day (YYYY-MM-DD) it is now in `timezone`. */
export function todayIn(timezone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

// An id taken from the address: visible ASCII, as every id is. Anything else (a NUL the database refuses) names nothing.
const ADDRESS_ID = /^[\x21-\x7e]{1,100}$/;

/** The day view's address (`/dashboard/bookings?location=…&date=…&booking=…`): what does not parse is left out. */
export const bookingDayQuerySchema = z.object({
  location: z.string().regex(ADDRESS_ID).optional().catch(undefined),
  date: z.string().regex(DAY).optional().catch(undefined),
  to: z.string().regex(DAY).optional().catch(undefined),
  booking: z.string().regex(ADDRESS_ID).optional().catch(undefined),
});

function toDashboardBooking(row: BookingRow): DashboardBooking {
  const details = row.details as BookingDetails;
  return {
    id: row.id,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime?.toISOString() ?? null,
    numberOfPeople: row.numberOfPeople,
    customerName: details.customer?.name ?? null,
    bookingStatus: row.bookingStatus,
    tableStatus: row.tableStatus,
    arrivalStatus: row.arrivalStatus,
    assetType: row.assetType,
    tableNumbers: row.tableNumbers,
    rooms: (details.rooms ?? []).map((room) => room.number),
    source: row.source,
    originName: row.originName,
    bookingReference: row.bookingReference,
  };
}

// The day view shows a location's whole day or range at once; more than this is not a day's bookings.
const DASHBOARD_LIMIT = 1000;

/**
 * The bookings page of a merchant: the locations it reaches (lib/tenancy/scope.ts decides), the chosen one's tables by
 * section (the timeline's rows), its bookings from `date` to `to` (days at the location, `to` defaulting to `date`,
 * `date` to today there) and the covers of `date`. The location is the one asked for, else `preferredLocation` (the
 * one the user last chose), else the first; one the merchant does not reach is never chosen.
 */
export async function merchantBookingDay(db: Executor, merchant: MerchantReach, query: z.output<typeof bookingDayQuerySchema>, preferredLocation?: string) {
  const merchantLocations = await db
    .select({ id: locations.id, name: locations.name, timezone: locations.timezone })
    .from(locations)
    .where(inScope(db, merchantCaller(merchant), locations.id))
    .orderBy(asc(locations.name));
  const location =
    merchantLocations.find((candidate) => candidate.id === query.location) ??
    merchantLocations.find((candidate) => candidate.id === preferredLocation) ??
    merchantLocations[0];
  if (!location) return { locations: merchantLocations, location: undefined };
  const date = query.date ?? todayIn(location.timezone);
  const to = query.to && query.to >= date ? query.to : date;
  const [tableRows, { rows }] = await Promise.all([
    db
      .select({ number: tables.number, sectionName: sections.name, position: sections.position })
      .from(tables)
      .leftJoin(sections, and(eq(sections.locationId, tables.locationId), eq(sections.id, tables.sectionId)))
      .where(eq(tables.locationId, location.id)),
    listBookingRows(db, { locationId: location.id, fromDate: date, toDate: to, dateType: 'START', limit: DASHBOARD_LIMIT, page: 1 }),
  ]);
  const byNumber = new Intl.Collator('en', { numeric: true });
  const tablesInOrder: DashboardTable[] = tableRows
    .sort((a, b) => (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER) || byNumber.compare(a.number, b.number))
    .map(({ number, sectionName }) => ({ number, sectionName }));
  const dayBookings = rows.map(toDashboardBooking);
  const covers: DayCovers = coversOfDay(dayBookings, location.timezone, date);
  return { locations: merchantLocations, location, date, to, tables: tablesInOrder, bookings: dayBookings, covers };
}

export interface BookingHistoryEntry {
  id: string;
  type: string;
  sourceOfChange: 'POS' | 'APP' | 'MERCHANT';
  who: string;
  eventData: unknown;
  createdAt: string;
}

/** A booking of the merchant with its change history (who, what, when, newest first) and its linked sales. */
export async function merchantBookingDetail(
  db: Executor,
  merchant: MerchantReach,
  bookingId: string,
): Promise<{ booking: BookingResponse; history: BookingHistoryEntry[]; sales: SaleResponse[] }> {
  const row = await findVisibleBooking(db, { kind: 'MERCHANT', ...merchantCaller(merchant), userId: '' }, bookingId);
  const changes = await db
    .select({
      id: bookingChanges.id,
      type: bookingChanges.type,
      sourceOfChange: bookingChanges.sourceOfChange,
      eventData: bookingChanges.eventData,
      createdAt: bookingChanges.createdAt,
      partnerName: partners.name,
      userName: users.name,
      userEmail: users.email,
    })
    .from(bookingChanges)
    .leftJoin(partners, eq(partners.id, bookingChanges.actorPartnerId))
    .leftJoin(users, eq(users.id, bookingChanges.actorUserId))
    .where(eq(bookingChanges.bookingId, row.id))
    .orderBy(asc(bookingChanges.version));
  return {
    booking: toBooking(row),
    history: changes.reverse().map((change) => ({
      id: change.id,
      type: change.type,
      sourceOfChange: change.sourceOfChange,
      who: change.partnerName ?? change.userName ?? change.userEmail ?? change.sourceOfChange,
      eventData: change.eventData,
      createdAt: change.createdAt.toISOString(),
    })),
    sales: await listSalesForBooking(db, row.id),
  };
}

export const MERCHANT_DECISIONS = ['ACCEPTED', 'REJECTED', 'CANCELLED_BY_MERCHANT'] as const;

export const merchantDecisionSchema = z
  .object({
    bookingId: z.string().min(1),
    bookingStatus: z.enum(MERCHANT_DECISIONS),
    reason: z.string().trim().max(50, 'At most 50 characters.').optional(),
  })
  .refine((input) => input.bookingStatus === 'ACCEPTED' || Boolean(input.reason), { path: ['reason'], message: 'Say why (at most 50 characters).' });

/**
 * The merchant accepts, rejects or cancels a booking in the dashboard: the same rules as the POS's PATCH, recorded
 * with sourceOfChange MERCHANT, and the booking app (and POS) are notified.
 */
export async function decideBookingAsMerchant(db: Executor, actor: MerchantActor, input: z.output<typeof merchantDecisionSchema>) {
  const update = input.bookingStatus === 'ACCEPTED' ? { bookingStatus: input.bookingStatus } : { bookingStatus: input.bookingStatus, reason: input.reason };
  return updateBooking(db, { kind: 'MERCHANT', ...actor }, input.bookingId, update);
}
