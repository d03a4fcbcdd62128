import { jsonContent } from '@/lib/api/operation-doc';
import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';
import { tableContent, tableListSchema } from '@/lib/tables/openapi';
import { createTable } from '@/lib/tables/table-changes';
import { listLocationTables } from '@/lib/tables/partner-access';
import { createTableRequestSchema, listTablesQuerySchema } from '@/lib/tables/schema';
import { tableResource } from '@/lib/tables/table-record';

// Reference tables spec: both the POS and apps create tables; docs/contract.md#scope: only at a location their token reaches.
export const POST = partnerRoute(
  {
    api: 'tables',
    body: createTableRequestSchema,
    doc: {
      tags: ['Tables'],
      summary: 'Create a table',
      description: [
        'For a location the partner is connected to. `number` is unique within the location (409 `TABLE_NUMBER_CONFLICT`).',
        'A `section` with an `id` names that section of the location (created, named `name` or else its id; or renamed to a given',
        '`name`); with a `name` only, the first section of that name (or a new one); `{}` is no section (`section: null`). Open',
        'sales already recorded for the number are the new table’s `openSales`.',
        'Emits NEW_TABLE (then TABLE_OPENED when it has open sales) to the location’s other partners. A location that is unknown or that the partner is not connected to is 404 (alike); one the partner is connected to but this device token’s grant leaves out is 403.',
      ].join(' '),
      responses: { 201: { description: 'The new table', content: tableContent } },
      errors: [400, 401, 403, 404, 406, 409, 413, 415, 429],
    },
  },
  async ({ db, principal, body }) => {
    const table = await createTable(db, principal, body);
    return json(tableResource(table), 201);
  },
);

export const GET = partnerRoute(
  {
    api: 'tables',
    query: listTablesQuerySchema,
    doc: {
      tags: ['Tables'],
      summary: 'List the tables of a location',
      description:
        'For a location the partner is connected to; `openSales=true` keeps tables with an open sale, `false` those without. A location that is unknown or that the partner is not connected to is 404 (alike); one the partner is connected to but this device token’s grant leaves out is 403.',
      responses: { 200: { description: 'The tables', content: jsonContent(tableListSchema) } },
      errors: [400, 401, 403, 404, 406, 429],
    },
  },
  async ({ db, principal, query }) => {
    const tables = await listLocationTables(db, principal, query);
    return json({ results: tables.map(tableResource) });
  },
);
