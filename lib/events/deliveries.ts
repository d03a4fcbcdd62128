import type { Executor } from '@/db/client';
import { webhookDeliveries } from '@/db/schema';
import { newPrefixedId } from '@/lib/ids';
import type { PublicEvent } from './event-json';

/** A recipient's enabled webhook endpoint that subscribes to the event's type. */
export interface SubscribedEndpoint {
  id: string;
  partnerId: string;
}

/** What per-resource delivery order is kept by (docs/contract.md#webhooks): one resource's events reach an endpoint in order. */
export const deliveryResourceKey = (event: PublicEvent) => `${event.data.resource}:${event.data.id}`;

/** Queues one delivery per subscribed endpoint, in the event's own transaction. */
export async function enqueueDeliveries(tx: Executor, event: PublicEvent, eventSeq: number, endpoints: SubscribedEndpoint[]): Promise<void> {
  if (!endpoints.length) return;
  await tx.insert(webhookDeliveries).values(
    endpoints.map((endpoint) => ({
      id: newPrefixedId('dlv'),
      eventId: event.id,
      eventSeq,
      eventType: event.type,
      endpointId: endpoint.id,
      partnerId: endpoint.partnerId,
      resourceKey: deliveryResourceKey(event),
    })),
  );
}
