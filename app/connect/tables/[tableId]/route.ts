import { z } from 'zod';
import { partnerRoute } from '@/lib/http/partner-route';
import { json, noContent } from '@/lib/http/responses';
import { deleteTable, updateTable } from '@/lib/tables/table-changes';
import { findVisibleTable } from '@/lib/tables/partner-access';
import { updateTableRequestSchema } from '@/lib/tables/schema';
import { tableResource } from '@/lib/tables/table-record';

const params = z.object({ tableId: z.string().min(1).max(100) });

// CONTRACT §3: a table of a location outside the token's scope is answered 404, as if it did not exist.
export const GET = partnerRoute({ api: 'tables', params }, async ({ db, principal, params }) => {
  return json(tableResource(await findVisibleTable(db, principal, params.tableId)));
});

export const PATCH = partnerRoute({ api: 'tables', params, body: updateTableRequestSchema }, async ({ db, principal, params, body }) => {
  await updateTable(db, principal, params.tableId, body);
  return noContent();
});

export const DELETE = partnerRoute({ api: 'tables', params }, async ({ db, principal, params }) => {
  const deleted = await deleteTable(db, principal, params.tableId);
  return json(tableResource(deleted));
});
