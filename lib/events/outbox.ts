import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { connections, eventRecipients, events, partners, webhookDeliveries, webhookEndpoints } from '@/db/schema';
import type { PartnerType } from '@/lib/auth/access-tokens';
import { connectBaseUrl } from '@/lib/config';
import { currentRequestId } from '@/lib/request-context';
import { newPrefixedId } from '@/lib/ids';
import { deliveryResourceKey, enqueueDeliveries, type SubscribedEndpoint } from './deliveries';
import type { PublicEvent } from './event-json';
import { resourcePaths, type EventType, type ResourceKind } from './event-types';

/** Who an event is for (docs/contract.md#events): partners of some types connected to the location, and/or named partners. */
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

export type { PublicEvent } from './event-json';

/**
 * Channel that carries `{eventId, locationId, deliveries}` after commit to every instance (NOTIFY is transactional);
 * `deliveries` counts the webhook deliveries the event queued, so dispatchers wake only when there is work.
 */
export const EVENTS_CHANNEL = 'counterpart_events';

/** What a NOTIFY on EVENTS_CHANNEL says. An event names itself; a replay names no event and may make any delivery due. */
export interface EventNotice {
  eventId?: string;
  /** The event's location; null for an event without one (and for a replay). */
  locationId: string | null;
  /** Deliveries the event queued; unknown (a replay, or a payload we cannot read) counts as possibly some. */
  mayHaveDeliveries: boolean;
}

export function parseEventNotice(payload: string): EventNotice {
  try {
    const parsed = JSON.parse(payload) as { eventId?: unknown; locationId?: unknown; deliveries?: unknown };
    return {
      eventId: typeof parsed.eventId === 'string' ? parsed.eventId : undefined,
      locationId: typeof parsed.locationId === 'string' ? parsed.locationId : null,
      mayHaveDeliveries: parsed.deliveries === undefined || Number(parsed.deliveries) > 0,
    };
  } catch {
    return { locationId: null, mayHaveDeliveries: true };
  }
}

// Delivery ids are made in code (time-ordered, like every id). Most events reach one or two endpoints, so this many
// ids travel with the event's statement; only the endpoints beyond them need a second INSERT.
const DELIVERY_IDS_INLINE = 4;

/**
 * Writes an event to the outbox inside the caller's transaction (STYLE.md habit 5): a change and its event commit
 * together, and nothing is emitted for a change that rolls back.
 *
 * Every state change of the partner API emits, so this is one statement: the event, its recipients (the audience
 * less the acting partner), the NOTIFY, and a delivery for each of the recipients' subscribed webhook endpoints
 * (an event with more endpoints than DELIVERY_IDS_INLINE gets the rest in a second statement).
 *
 * `alongside` is a drizzle data-modifying query (an insert, say, type-checked like any other) that belongs with the
 * change; it runs in the same statement, saving the caller a round trip.
 */
export async function emitEvent(tx: Executor, input: EmitEventInput, options: { alongside?: SQLWrapper } = {}): Promise<PublicEvent> {
  const id = newPrefixedId('evt');
  const event: PublicEvent = {
    id,
    type: input.type,
    createdAt: new Date().toISOString(),
    locationId: input.locationId,
    data: {
      id: input.resourceId,
      uri: `${connectBaseUrl()}/${resourcePaths[input.resource]}/${encodeURIComponent(input.resourceId)}`,
      resource: input.resource,
      version: input.version,
    },
  };
  const namedPartnerIds = (input.audience.partnerIds ?? []).filter((partnerId): partnerId is string => Boolean(partnerId));
  const deliveryIds = Array.from({ length: DELIVERY_IDS_INLINE }, () => newPrefixedId('dlv'));
  const result = await tx.execute(sql`
    with ${options.alongside ? sql`alongside as (${options.alongside.getSQL()}), ` : sql``}event as (
      insert into ${events} (id, type, location_id, resource, resource_id, resource_version, actor_partner_id, request_id, payload, created_at)
      values (${id}, ${input.type}, ${input.locationId}, ${input.resource}, ${input.resourceId}, ${input.version}::int,
        ${input.actorPartnerId}, ${currentRequestId() ?? null}, ${JSON.stringify(event)}::jsonb, ${event.createdAt}::timestamptz)
      returning seq
    ), recipients as (
      select partner_id from (
        select jsonb_array_elements_text(${JSON.stringify(namedPartnerIds)}::jsonb) as partner_id
        union
        select c.partner_id from ${connections} c join ${partners} p on p.id = c.partner_id
        where c.location_id = ${input.locationId}
          and p.type::text in (select jsonb_array_elements_text(${JSON.stringify(input.audience.connectedPartnerTypes ?? [])}::jsonb))
      ) audience
      where partner_id is distinct from ${input.actorPartnerId}
    ), recorded as (
      insert into ${eventRecipients} (partner_id, event_seq, event_id)
      select recipients.partner_id, event.seq, ${id}::text from recipients, event
    ), endpoints as (
      select e.id, e.partner_id, row_number() over (order by e.id) as n from ${webhookEndpoints} e
      where e.partner_id in (select partner_id from recipients) and e.disabled_at is null
        and (e.event_types is null or ${input.type} = any(e.event_types))
    ), deliveries as (
      insert into ${webhookDeliveries} (id, event_id, event_seq, event_type, endpoint_id, partner_id, resource_key)
      select ${JSON.stringify(deliveryIds)}::jsonb ->> (endpoints.n - 1)::int, ${id}, event.seq, ${input.type}, endpoints.id,
        endpoints.partner_id, ${deliveryResourceKey(event)}
      from endpoints, event where endpoints.n <= ${deliveryIds.length}
    )
    select event.seq,
      (select coalesce(json_agg(json_build_object('id', id, 'partnerId', partner_id) order by id), '[]') from endpoints
        where n > ${deliveryIds.length}) as endpoints,
      pg_notify(${EVENTS_CHANNEL}, json_build_object('eventId', ${id}::text, 'locationId', ${input.locationId}::text,
        'deliveries', (select count(*) from endpoints))::text)
    from event`);
  const [row] = rowsOf<{ seq: number | string; endpoints: SubscribedEndpoint[] | string }>(result);
  const moreEndpoints = typeof row!.endpoints === 'string' ? (JSON.parse(row!.endpoints) as SubscribedEndpoint[]) : row!.endpoints;
  await enqueueDeliveries(tx, event, Number(row!.seq), moreEndpoints);
  return event;
}
