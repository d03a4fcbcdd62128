import { z } from 'zod';
import { TYRO_CONNECT_JSON } from '@/lib/api/media-types';
import { jsonContent } from '@/lib/api/operation-doc';
import { bookingResponseSchema } from './schema';

// What the Booking API's routes (docs/domain.md#booking, docs/contract.md#bookings) share in their OpenAPI documentation.
// Components come from each schema's `.meta({ id })` (zod 4 metadata, read by zod-to-openapi 9).

// A booking comes as application/json, or in the booking reference's own media type when the client asks for it.
export const bookingContent = { ...jsonContent(bookingResponseSchema), [TYRO_CONNECT_JSON]: { schema: bookingResponseSchema } };

export const bookingListSchema = z
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
