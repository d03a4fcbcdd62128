import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';
import { createOrder } from '@/lib/orders/create-order';
import { listLocationOrders } from '@/lib/orders/list-orders';
import { orderResource } from '@/lib/orders/order-record';
import { findVisibleOrder } from '@/lib/orders/partner-access';
import { createOrderRequestSchema, listOrdersQuerySchema, toOrderResponse, type OrderingApiVersion } from '@/lib/orders/schema';

// CONTRACT §6: an ordering app creates an order; a re-sent identical order answers the first one, also with 201.
export const POST = partnerRoute(
  { api: 'ordering', partnerTypes: ['ORDERING_APP'], body: createOrderRequestSchema },
  async ({ db, principal, body, version }) => {
    const { order, created } = await createOrder(db, principal, body);
    // A re-sent order is answered as it is now, never as a stale CREATED past its deadline.
    const current = created ? order : await findVisibleOrder(db, principal, order.id);
    return json(toOrderResponse(orderResource(current), version as OrderingApiVersion), 201);
  },
);

export const GET = partnerRoute({ api: 'ordering', partnerTypes: ['POS'], query: listOrdersQuerySchema }, async ({ db, principal, query, version }) => {
  const page = await listLocationOrders(db, principal, query);
  return json({
    results: page.orders.map((order) => toOrderResponse(orderResource(order), version as OrderingApiVersion)),
    pagination: { limit: query.limit, nextCursor: page.nextCursor },
  });
});
