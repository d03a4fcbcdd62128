import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';
import { createTable } from '@/lib/tables/table-changes';
import { listLocationTables } from '@/lib/tables/partner-access';
import { createTableRequestSchema, listTablesQuerySchema } from '@/lib/tables/schema';
import { tableResource } from '@/lib/tables/table-record';

// Reference tables spec: both the POS and apps create tables; CONTRACT §3: only at a location their token reaches.
export const POST = partnerRoute({ api: 'tables', body: createTableRequestSchema }, async ({ db, principal, body }) => {
  const table = await createTable(db, principal, body);
  return json(tableResource(table), 201);
});

export const GET = partnerRoute({ api: 'tables', query: listTablesQuerySchema }, async ({ db, principal, query }) => {
  const tables = await listLocationTables(db, principal, query);
  return json({ results: tables.map(tableResource) });
});
