import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { connections, eventRecipients, events, partners } from '@/db/schema';
import type { PartnerType } from '@/lib/auth/access-tokens';
import { connectBaseUrl } from '@/lib/config';
import { newPrefixedId } from '@/lib/ids';
import { enqueueDeliveries } from './deliveries';
import { resourcePaths, type EventType, type ResourceKind } from './event-types';

/** Who an event is for (CONTRACT §7): partners of some types connected to the location, and/or named partners. */
export interface EventAudience {
  connectedPartnerTypes?: readonly PartnerType[];
  partnerIds?: readonly (string | null | undefined)[];
}

export interface EmitEventInput {
  type: EventType;
  locationId: string | null;
  resource: ResourceKind;
  resourceId: string;
  /** The resource's change counter after this change (`data.version`). */
  version: number;
  /** The partner whose request caused the change; it is left out of the recipients. Null for system and dashboard changes. */
  actorPartnerId: string | null;
  audience: EventAudience;
}

export interface PublicEvent {
  id: string;
  type: EventType;
  createdAt: string;
  locationId: string | null;
  data: { id: string; uri: string; resource: ResourceKind; version: number };
}

/** Channel that carries `{eventId, locationId}` after commit to every instance (NOTIFY is transactional). */
export const EVENTS_CHANNEL = 'counterpart_events';

/**
 * Writes an event to the outbox inside the caller's transaction (STYLE.md habit 5): a change and its event commit
 * together, and nothing is emitted for a change that rolls back.
 */
export async function emitEvent(tx: Executor, input: EmitEventInput): Promise<PublicEvent> {
  const id = newPrefixedId('evt');
  const createdAt = new Date();
  const event: PublicEvent = {
    id,
    type: input.type,
    createdAt: createdAt.toISOString(),
    locationId: input.locationId,
    data: {
      id: input.resourceId,
      uri: `${connectBaseUrl()}/${resourcePaths[input.resource]}/${encodeURIComponent(input.resourceId)}`,
      resource: input.resource,
      version: input.version,
    },
  };
  const [row] = await tx
    .insert(events)
    .values({
      id,
      type: input.type,
      locationId: input.locationId,
      resource: input.resource,
      resourceId: input.resourceId,
      resourceVersion: input.version,
      actorPartnerId: input.actorPartnerId,
      payload: event,
      createdAt,
    })
    .returning({ seq: events.seq });
  const recipients = (await resolveRecipients(tx, input)).filter((partnerId) => partnerId !== input.actorPartnerId);
  if (recipients.length) {
    await tx.insert(eventRecipients).values(recipients.map((partnerId) => ({ partnerId, eventSeq: row!.seq, eventId: id })));
  }
  await enqueueDeliveries(tx, event, row!.seq, recipients);
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ eventId: id, locationId: input.locationId })})`);
  return event;
}

async function resolveRecipients(tx: Executor, input: EmitEventInput): Promise<string[]> {
  const recipients = new Set<string>();
  for (const partnerId of input.audience.partnerIds ?? []) if (partnerId) recipients.add(partnerId);
  const types = input.audience.connectedPartnerTypes;
  if (types?.length && input.locationId) {
    const rows = await tx
      .select({ partnerId: connections.partnerId })
      .from(connections)
      .innerJoin(partners, eq(partners.id, connections.partnerId))
      .where(and(eq(connections.locationId, input.locationId), inArray(partners.type, [...types])));
    for (const { partnerId } of rows) recipients.add(partnerId);
  }
  return [...recipients].sort();
}
