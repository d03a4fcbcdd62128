import { z } from 'zod';
import { jsonContent } from '@/lib/api/operation-doc';
import { orderResponseSchemaV1_0, orderResponseSchemaV1_1 } from './schema';

// What the Ordering API's routes (docs/domain.md#food-ordering, docs/contract.md#resources) share in their OpenAPI documentation.
// Components come from each schema's `.meta({ id })` (zod 4 metadata, read by zod-to-openapi 9).

export const orderingVersionNote = 'Version 1.1 (`Accept: application/json; version=1.1`) adds `paymentStatus`; 1.0, the default, omits it.';

/** An order as either version answers it. */
export const orderContent = jsonContent(z.union([orderResponseSchemaV1_1, orderResponseSchemaV1_0]));

export const orderListSchema = z
  .object({
    results: z.array(orderResponseSchemaV1_1),
    pagination: z.object({
      limit: z.int(),
      nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page.'),
    }),
  })
  .meta({ id: 'OrderList', description: "A page of a location's orders." });
