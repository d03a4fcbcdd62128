import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { eventRecipients, events, sections, tables } from '@/db/schema';
import { newId } from '@/lib/ids';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { callRoute, type CallOptions } from '@/lib/testing/http';
import * as collection from '@/app/connect/bookings/route';
import * as item from '@/app/connect/bookings/[bookingId]/route';
import * as history from '@/app/connect/bookings/[bookingId]/events/route';

/** Tables `numbers` at a location, in one section. */
export async function addTables(db: Database, locationId: string, numbers: string[], sectionName = 'Main') {
  const sectionId = newId();
  await db.insert(sections).values({ locationId, id: sectionId, name: sectionName, position: 1 });
  await db.insert(tables).values(numbers.map((number) => ({ id: newId(), locationId, number, sectionId })));
}

/**
 * A location with tables 1–4 and its POS, two booking apps and an ordering app; a second location of another
 * merchant with its own POS and table 1. `otherApp` is connected to both locations.
 */
export async function bookingWorld(db: Database) {
  // Two merchants, so the second location is another tenant's.
  const locationId = (await createMerchantWithLocations(db, 1)).locationIds[0]!;
  const otherLocationId = (await createMerchantWithLocations(db, 1)).locationIds[0]!;
  await addTables(db, locationId, ['1', '2', '3', '4']);
  await addTables(db, otherLocationId, ['1']);
  return {
    locationId,
    otherLocationId,
    pos: await createConnectedPartner(db, 'POS', [locationId]),
    app: await createConnectedPartner(db, 'BOOKING_APP', [locationId]),
    otherApp: await createConnectedPartner(db, 'BOOKING_APP', [locationId, otherLocationId]),
    orderingApp: await createConnectedPartner(db, 'ORDERING_APP', [locationId]),
    otherPos: await createConnectedPartner(db, 'POS', [otherLocationId]),
  };
}

export type BookingWorld = Awaited<ReturnType<typeof bookingWorld>>;

let sequence = 0;

/** The reference's sample reservation, with a fresh bookingReference. */
export function reservation(locationId: string, change: Partial<Record<string, unknown>> = {}) {
  return {
    locationId,
    origin: { bookingReference: `ref-${process.pid}-${++sequence}` },
    asset: { type: 'TABLE', tables: [{ number: '1' }] },
    numberOfPeople: 2,
    startTime: '2026-03-01T18:00:00Z',
    ...change,
  };
}

export function walkIn(locationId: string, change: Partial<Record<string, unknown>> = {}) {
  return { locationId, bookingStatus: 'CREATED', asset: { type: 'TABLE', tableStatus: 'SEATED', tables: [{ number: '2' }] }, numberOfPeople: 3, ...change };
}

export const postBooking = (token: string, body: unknown, options: CallOptions = {}) =>
  callRoute(collection.POST, 'POST', '/connect/bookings', { ...options, token, body });

export const listBookings = (token: string, query: string, options: CallOptions = {}) =>
  callRoute(collection.GET, 'GET', `/connect/bookings?${query}`, { ...options, token });

export const getBooking = (token: string, bookingId: string, options: CallOptions = {}) =>
  callRoute(item.GET, 'GET', `/connect/bookings/${bookingId}`, { ...options, token, params: { bookingId } });

export const getBookingEvents = (token: string, bookingId: string, options: CallOptions = {}) =>
  callRoute(history.GET, 'GET', `/connect/bookings/${bookingId}/events`, { ...options, token, params: { bookingId } });

export const patchBooking = (token: string, bookingId: string, body: unknown, options: CallOptions = {}) =>
  callRoute(item.PATCH, 'PATCH', `/connect/bookings/${bookingId}`, {
    ...options,
    token,
    params: { bookingId },
    body,
    headers: { 'content-type': 'application/merge-patch+json', ...options.headers },
  });

/** Creates a booking through the API and returns it; throws unless 201. */
export async function createdBooking(token: string, body: unknown): Promise<Record<string, any>> {
  const response = await postBooking(token, body);
  if (response.status !== 201) throw new Error(`POST /connect/bookings → ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, any>;
}

/** PATCHes and throws unless 204 (for setting a booking up). */
export async function patched(token: string, bookingId: string, body: unknown): Promise<void> {
  const response = await patchBooking(token, bookingId, body);
  if (response.status !== 204) throw new Error(`PATCH ${JSON.stringify(body)} → ${response.status}: ${await response.text()}`);
}

/** The events about one booking, oldest first, each with its sorted recipients. */
export async function bookingEventsSent(db: Database, bookingId: string) {
  const rows = await db
    .select({ type: events.type, version: events.resourceVersion, seq: events.seq })
    .from(events)
    .where(and(eq(events.resource, 'booking'), eq(events.resourceId, bookingId)))
    .orderBy(asc(events.seq));
  const result = [];
  for (const row of rows) {
    const recipients = await db.select({ partnerId: eventRecipients.partnerId }).from(eventRecipients).where(eq(eventRecipients.eventSeq, row.seq));
    result.push({ type: row.type, version: row.version, recipients: recipients.map((r) => r.partnerId).sort() });
  }
  return result;
}
