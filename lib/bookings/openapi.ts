import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { problemResponses } from '@/lib/http/problem-responses';
import {
  bookingEventsResponseSchema,
  bookingResponseSchema,
  createBookingRequestSchema,
  createWalkInRequestSchema,
  listBookingsQuerySchema,
  updateBookingRequestSchema,
} from './schema';

/** The Booking API (SPEC.md "Booking", CONTRACT §6), documented from the schemas that validate it. */
export function registerBookingPaths(registry: OpenAPIRegistry) {
  // Components come from each schema's `.meta({ id })` (zod 4 metadata, read by zod-to-openapi 9).
  const bookingJson = { 'application/json': { schema: bookingResponseSchema } };
  const bookingList = z
    .object({
      results: z.array(bookingResponseSchema),
      pagination: z.object({
        page: z.int(),
        size: z.int().describe('Bookings on this page.'),
        limit: z.int(),
        total: z.int().describe('Bookings matching the filters, on all pages.'),
      }),
    })
    .meta({ id: 'BookingList', description: "A page of a location's bookings." });
  const bookingIdParams = z.object({ bookingId: z.string().describe('The booking id (the same as tcBookingId).') });

  registry.registerPath({
    method: 'post',
    path: '/bookings',
    tags: ['Booking'],
    summary: 'Create a booking (reservation or walk-in)',
    description: [
      'A booking app sends a reservation (`CreateBookingRequest`): `origin.bookingReference` is unique per location and',
      'app (409 `BOOKING_REFERENCE_CONFLICT`), `origin.name` is the app’s name. A POS sends a walk-in',
      '(`CreateWalkInBookingRequest`): `asset.type` TABLE and `asset.tableStatus` SEATED only. Tables must exist at the',
      'location (422 `BOOKING_TABLE_NOT_FOUND`); a table is occupied from SEATED until FINALISED (409 `TABLE_OCCUPIED`).',
      'The returned `id` is also `tcBookingId`. BOOKING_CREATED goes to the location’s POS (reservation) or to every',
      'booking app of the location (walk-in).',
    ].join(' '),
    request: { body: { content: { 'application/json': { schema: z.union([createBookingRequestSchema, createWalkInRequestSchema]) } } } },
    responses: { 201: { description: 'The booking', content: bookingJson }, ...problemResponses(400, 401, 403, 406, 409, 413, 415, 422, 429) },
  });

  registry.registerPath({
    method: 'get',
    path: '/bookings',
    tags: ['Booking'],
    summary: 'List the bookings of a location',
    description: [
      'POS only. Filters of one kind are OR-ed (repeat them or comma-separate), different filters AND-ed. `fromDate`',
      'and `toDate` are days at the location, applied to the date `dateType` names. Ordered by that date, then id.',
    ].join(' '),
    request: { query: listBookingsQuerySchema },
    responses: {
      200: { description: 'A page of bookings', content: { 'application/json': { schema: bookingList } } },
      ...problemResponses(400, 401, 403, 404, 406, 429),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/bookings/{bookingId}',
    tags: ['Booking'],
    summary: 'Get a booking',
    description: 'For the POS of the booking’s location and the booking app holding it (a walk-in: every booking app of the location); anyone else gets 404.',
    request: { params: bookingIdParams },
    responses: { 200: { description: 'The booking', content: bookingJson }, ...problemResponses(401, 403, 404, 406, 429) },
  });

  registry.registerPath({
    method: 'patch',
    path: '/bookings/{bookingId}',
    tags: ['Booking'],
    summary: 'Update a booking',
    description: [
      'JSON merge patch (`null` removes a field). `bookingStatus`: CREATED → ACCEPTED, REJECTED or CANCELLED_*;',
      'ACCEPTED → CANCELLED_*; REJECTED and CANCELLED_* are final (409 `BOOKING_STATUS_CONFLICT` for any change after).',
      'The POS accepts, rejects and cancels by merchant; the booking app cancels by customer and edits the details',
      '(403 otherwise). `reason` (≤ 50) is required with REJECTED and the cancellations. `asset.tableStatus` moves',
      'forward only, SEATED → DINING → CLOSING → FINALISED, steps may be skipped (409 `TABLE_STATUS_CONFLICT` going back).',
      'Setting what the booking already has is a no-op.',
    ].join(' '),
    request: {
      params: bookingIdParams,
      body: { content: { 'application/merge-patch+json': { schema: updateBookingRequestSchema }, 'application/json': { schema: updateBookingRequestSchema } } },
    },
    responses: { 204: { description: 'Updated (or nothing to change)' }, ...problemResponses(400, 401, 403, 404, 406, 409, 413, 415, 422, 429) },
  });

  registry.registerPath({
    method: 'get',
    path: '/bookings/{bookingId}/events',
    tags: ['Booking'],
    summary: 'Get the changes of a booking',
    description:
      'POS only. Every change, newest first: its type, who made it (`sourceOfChange` POS, APP or MERCHANT), the change as requested (`eventData`) and the booking after it (`outcome`).',
    request: { params: bookingIdParams },
    responses: {
      200: { description: 'The booking’s changes', content: { 'application/json': { schema: bookingEventsResponseSchema } } },
      ...problemResponses(401, 403, 404, 406, 429),
    },
  });
}
