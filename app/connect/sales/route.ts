import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';
import { createSale } from '@/lib/sales/create-sale';
import { listLocationSales } from '@/lib/sales/list-sales';
import { saleResource } from '@/lib/sales/sale-record';
import { createSaleRequestSchema, listSalesQuerySchema } from '@/lib/sales/schema';

// CONTRACT §6: the POS records sales; a re-sent identical sale answers the first one, also with 201.
export const POST = partnerRoute({ api: 'sales', partnerTypes: ['POS'], body: createSaleRequestSchema }, async ({ db, principal, body }) => {
  const { sale } = await createSale(db, principal, body);
  return json(saleResource(sale), 201);
});

// Every POS and app connected to the location lists its sales (a booking app its bookings' sales by `bookingId`).
export const GET = partnerRoute({ api: 'sales', query: listSalesQuerySchema }, async ({ db, principal, query }) => {
  return json(await listLocationSales(db, principal, query));
});
