import { jsonContent } from '@/lib/api/operation-doc';
import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';
import { createSale } from '@/lib/sales/create-sale';
import { listLocationSales } from '@/lib/sales/list-sales';
import { saleContent, saleListSchema } from '@/lib/sales/openapi';
import { saleResource } from '@/lib/sales/sale-record';
import { createSaleRequestSchema, listSalesQuerySchema } from '@/lib/sales/schema';

// docs/contract.md#sales: the POS records sales; a re-sent identical sale answers the first one, also with 201.
export const POST = partnerRoute(
  {
    api: 'sales',
    partnerTypes: ['POS'],
    body: createSaleRequestSchema,
    doc: {
      tags: ['Sales'],
      summary: 'Record a sale',
      description: [
        'POS only, for a location it is connected to. A sale is `OPEN`, `CLOSED` (the default) or `REOPENED`. An open sale (`OPEN` or',
        '`REOPENED`) with `table.number` joins the `openSales` of the location’s table with that number (TABLE_OPENED when it is the',
        'first), also when that table is created later. A closed sale stays closed: to reopen it, record a new sale with `status:',
        'REOPENED` and `parentSaleId` naming it. The parent must be a `CLOSED` sale of the same location (unknown or another location’s:',
        '422 `PARENT_SALE_NOT_FOUND`; still open: 409 `SALE_STATUS_CONFLICT`) not reopened before (409 `SALE_ALREADY_REOPENED`: reopen',
        'the latest sale of the chain); `parentSaleId` and `REOPENED` go together (400 otherwise). The reopened sale closes like any sale.',
        'The same `origin.saleId` with the same content returns the first sale; with different content it is 409 `SALE_ID_CONFLICT`.',
        'Emits NEW_SALE (a reopening: SALE_REOPENED instead) to the location’s other partners.',
      ].join(' '),
      responses: { 201: { description: 'The sale (also for an identical re-send)', content: saleContent } },
      errors: [400, 401, 403, 406, 409, 413, 415, 422, 429],
    },
  },
  async ({ db, principal, body }) => {
    const { sale } = await createSale(db, principal, body);
    return json(saleResource(sale), 201);
  },
);

// Every POS and app connected to the location lists its sales (a booking app its bookings' sales by `bookingId`).
export const GET = partnerRoute(
  {
    api: 'sales',
    query: listSalesQuerySchema,
    doc: {
      tags: ['Sales'],
      summary: 'List the sales of a location',
      description:
        'Any POS or app connected to the location (403 otherwise). Values within one filter are OR-ed, filters AND-ed; `fromDate` and `toDate` are days of the location’s calendar. `bookingId` lists one booking’s sales.',
      responses: { 200: { description: 'A page of sales', content: jsonContent(saleListSchema) } },
      errors: [400, 401, 403, 406, 429],
    },
  },
  async ({ db, principal, query }) => {
    return json(await listLocationSales(db, principal, query));
  },
);
