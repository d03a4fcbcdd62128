import { z } from 'zod';
import { partnerRoute } from '@/lib/http/partner-route';
import { json, noContent } from '@/lib/http/responses';
import { changeOrderStatus } from '@/lib/orders/change-status';
import { orderResource } from '@/lib/orders/order-record';
import { findVisibleOrder } from '@/lib/orders/partner-access';
import { patchOrderRequestSchema, toOrderResponse, type OrderingApiVersion } from '@/lib/orders/schema';

const params = z.object({ orderId: z.string().min(1) });

// SPEC.md "Food ordering": the POS of the location and the app that created the order fetch it; others get 404.
export const GET = partnerRoute({ api: 'ordering', partnerTypes: ['POS', 'ORDERING_APP'], params }, async ({ db, principal, params, version }) => {
  const order = await findVisibleOrder(db, principal, params.orderId);
  return json(toOrderResponse(orderResource(order), version as OrderingApiVersion));
});

// SPEC.md PATCH rules; CONTRACT §6 accepts merge-patch and plain JSON bodies.
export const PATCH = partnerRoute(
  {
    api: 'ordering',
    partnerTypes: ['POS', 'ORDERING_APP'],
    params,
    body: patchOrderRequestSchema,
    contentTypes: ['application/merge-patch+json', 'application/json'],
  },
  async ({ db, principal, params, body }) => {
    await changeOrderStatus(db, principal, params.orderId, body);
    return noContent();
  },
);
