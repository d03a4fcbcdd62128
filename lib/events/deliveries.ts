import { and, arrayContains, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { newPrefixedId } from '@/lib/ids';
import type { PublicEvent } from './outbox';

/** Queues one delivery per subscribed endpoint of each recipient, in the event's own transaction. */
export async function enqueueDeliveries(tx: Executor, event: PublicEvent, eventSeq: number, recipientPartnerIds: string[]): Promise<void> {
  if (!recipientPartnerIds.length) return;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, partnerId: webhookEndpoints.partnerId })
    .from(webhookEndpoints)
    .where(
      and(
        inArray(webhookEndpoints.partnerId, recipientPartnerIds),
        isNull(webhookEndpoints.disabledAt),
        or(isNull(webhookEndpoints.eventTypes), arrayContains(webhookEndpoints.eventTypes, [event.type])),
      ),
    );
  if (!endpoints.length) return;
  await tx.insert(webhookDeliveries).values(
    endpoints.map((endpoint) => ({
      id: newPrefixedId('dlv'),
      eventId: event.id,
      eventSeq,
      eventType: event.type,
      endpointId: endpoint.id,
      partnerId: endpoint.partnerId,
      resourceKey: `${event.data.resource}:${event.data.id}`,
    })),
  );
}
