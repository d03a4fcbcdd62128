import { describe, expect, it } from 'vitest';
import { api } from '@/app/connect/openapi.json/operations';
import { openApiDocument } from '@/lib/api-reference/openapi';

describe('the Booking operations', () => {
  it('are every booking operation with named Booking components', () => {
    const document = openApiDocument({ operations: api.operations.filter((operation) => operation.tags?.includes('Booking')), webhooks: [] });
    expect(Object.keys(document.paths ?? {}).sort()).toEqual(['/bookings', '/bookings/{bookingId}', '/bookings/{bookingId}/events']);
    expect(Object.keys(document.paths!['/bookings']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths!['/bookings/{bookingId}']!).sort()).toEqual(['get', 'patch']);
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(
      expect.arrayContaining([
        'Booking',
        'BookingList',
        'BookingEvent',
        'BookingEvents',
        'CreateBookingRequest',
        'CreateWalkInBookingRequest',
        'UpdateBookingRequest',
      ]),
    );
    const patch = document.paths!['/bookings/{bookingId}']!.patch!;
    expect(Object.keys((patch.requestBody as { content: object }).content)).toEqual(['application/merge-patch+json', 'application/json']);
  });
});
