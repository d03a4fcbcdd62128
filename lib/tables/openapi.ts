import { z } from 'zod';
import { jsonContent } from '@/lib/api/operation-doc';
import { tableResponseSchema } from './schema';

// What the Tables API's routes (docs/domain.md#tables-management, docs/contract.md#tables) share in their OpenAPI documentation.
// Components come from each schema's `.meta({ id })` (zod 4 metadata, read by zod-to-openapi 9).

export const tableAccess = 'Any POS or app connected to the table’s location; another location’s table is 404.';

export const tableContent = jsonContent(tableResponseSchema);

export const tableListSchema = z
  .object({ results: z.array(tableResponseSchema) })
  .meta({ id: 'TableList', description: 'The tables of a location, by number.' });
