import { z } from 'zod';
import { jsonContent } from '@/lib/api/operation-doc';
import { saleResponseSchema } from './schema';

// What the routes of the Sales API's part that drives tables (docs/contract.md#sales) share in their OpenAPI documentation.

export const saleContent = jsonContent(saleResponseSchema);

export const saleListSchema = z
  .object({
    results: z.array(saleResponseSchema),
    pagination: z.object({
      page: z.int().min(1),
      size: z.int().describe('Results on this page.'),
      limit: z.int(),
      total: z.int().describe('Results on all pages.'),
    }),
  })
  .meta({ id: 'SaleList', description: 'A page of a location’s sales, in the order they were recorded.' });
