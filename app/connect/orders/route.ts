import { jsonContent } from '@/lib/api/operation-doc';
import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';
import { createOrder } from '@/lib/orders/create-order';
import { listLocationOrders } from '@/lib/orders/list-orders';
import { orderContent, orderingVersionNote, orderListSchema } from '@/lib/orders/openapi';
import { orderResource } from '@/lib/orders/order-record';
import { findVisibleOrder } from '@/lib/orders/partner-access';
import { createOrderRequestSchema, listOrdersQuerySchema, toOrderResponse, type OrderingApiVersion } from '@/lib/orders/schema';

// docs/contract.md#orders: an ordering app creates an order; a re-sent identical order answers the first one, also with 201.
export const POST = partnerRoute(
  {
    api: 'ordering',
    partnerTypes: ['ORDERING_APP'],
    body: createOrderRequestSchema,
    doc: {
      tags: ['Ordering'],
      summary: 'Create an order',
      description: [
        'Ordering apps only, for a location they are connected to. The order starts as `CREATED` (the default) or `ACCEPTED`;',
        'a `CREATED` order nobody accepts within ORDER_AUTO_REJECT_SECONDS (two minutes) becomes `REJECTED` with',
        '`statusInfo: AUTO_REJECTED_BY_TIMEOUT`. `origin.name` is the partner’s name. Sending the same `origin.orderId` with',
        'the same content again returns the first order; with different content it is 409 `ORDER_ID_CONFLICT`. A new order',
        'emits ORDER_CREATED (`data.version` 1) to the location’s POS, also when created `ACCEPTED` (no ORDER_ACCEPTED follows).',
        'A location that is CLOSED or PAUSED (GET /locations/{locationId}/availability) refuses a new order with 409',
        '`LOCATION_UNAVAILABLE`, whose problem body adds `state`, `reason`, `until` and `nextOpenAt`; an order for later',
        '(`fulfilment.scheduledFor`, as Square’s scheduled pickup) is taken when that time falls within the opening hours and',
        'no pause without end, or an offline POS, stands in its way. In busy mode the order is taken with `busyMinutes` and',
        '`expectedReadyAt` (its scheduled time, or its arrival, plus the busy minutes).',
        orderingVersionNote,
      ].join(' '),
      responses: { 201: { description: 'The order (also for an identical re-send)', content: orderContent } },
      errors: [400, 401, 403, 406, 409, 413, 415, 429],
    },
  },
  async ({ db, principal, body, version }) => {
    const { order, created } = await createOrder(db, principal, body);
    // A re-sent order is answered as it is now, never as a stale CREATED past its deadline.
    const current = created ? order : await findVisibleOrder(db, principal, order.id);
    return json(toOrderResponse(orderResource(current), version as OrderingApiVersion), 201);
  },
);

export const GET = partnerRoute(
  {
    api: 'ordering',
    partnerTypes: ['POS'],
    query: listOrdersQuerySchema,
    doc: {
      tags: ['Ordering'],
      summary: 'List the orders of a location',
      description: `POS only. Oldest change first, paged with \`cursor\` (from \`pagination.nextCursor\`). ${orderingVersionNote}`,
      responses: { 200: { description: 'A page of orders', content: jsonContent(orderListSchema) } },
      errors: [400, 401, 403, 406, 429],
    },
  },
  async ({ db, principal, query, version }) => {
    const page = await listLocationOrders(db, principal, query);
    return json({
      results: page.orders.map((order) => toOrderResponse(orderResource(order), version as OrderingApiVersion)),
      pagination: { limit: query.limit, nextCursor: page.nextCursor },
    });
  },
);
