import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { describe, expect, it } from 'vitest';
import { registerBookingPaths } from './openapi';

describe('registerBookingPaths', () => {
  it('documents every booking operation with named Booking components', () => {
    const registry = new OpenAPIRegistry();
    registerBookingPaths(registry);
    const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({ openapi: '3.1.0', info: { title: 't', version: '1' } });
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
