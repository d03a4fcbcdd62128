import type { EventType, ResourceKind } from './event-types';

/** An event as partners receive it (docs/contract.md#recipients). */
export interface PublicEvent {
  id: string;
  type: EventType;
  createdAt: string;
  locationId: string | null;
  data: { id: string; uri: string; resource: ResourceKind; version: number };
}

/**
 * The event JSON in the order docs/contract.md#pos-websocket shows it. The outbox keeps the payload as jsonb (which reorders keys),
 * so every channel — webhook, WebSocket, catch-up feed, dashboard stream — rebuilds it here and sends identical bytes.
 */
export function publicEvent(payload: unknown): PublicEvent {
  const event = payload as PublicEvent;
  return {
    id: event.id,
    type: event.type,
    createdAt: event.createdAt,
    locationId: event.locationId,
    data: { id: event.data.id, uri: event.data.uri, resource: event.data.resource, version: event.data.version },
  };
}

export const eventBody = (payload: unknown): string => JSON.stringify(publicEvent(payload));
