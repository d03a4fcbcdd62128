import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { problemResponses } from '@/lib/http/problem-responses';
import { catchUpPageSchema, catchUpQuerySchema, eventSchema } from './catch-up';
import { webhookDeliverySchema } from './delivery-log';
import { locationStatusSchema } from './pos-presence';
import { replayResultSchema, replaySinceSchema } from './replay';
import { webhookEndpointSecretSchema } from './webhook-endpoints';

const manageNote = 'Requires `Authorization: Bearer $ADMIN_API_KEY`; absent when ADMIN_API_KEY is unset.';
const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

/** The events surface (CONTRACT §7): catch-up feed, POS online status, webhooks and their management. */
export function registerEventsPaths(registry: OpenAPIRegistry) {
  registry.registerPath({
    method: 'get',
    path: '/events',
    tags: ['Events'],
    summary: 'Catch up on missed events',
    description: [
      "The caller's events after `after` (an event id), oldest first, kept 30 days; pass `lastEventId` back as `after`",
      'for the next page. An event appears once every transaction that started before it has finished, so paging never',
      'skips an event that committed late.',
    ].join(' '),
    request: { query: catchUpQuerySchema },
    responses: { 200: { description: 'A page of events', content: json(catchUpPageSchema) }, ...problemResponses(400, 401, 406, 422, 429) },
  });

  registry.registerPath({
    method: 'get',
    path: '/locations/{locationId}',
    tags: ['Locations'],
    summary: 'POS online status of a location',
    description: 'GREEN while a POS holds the notification WebSocket open, RED otherwise; `lastOnlineAt` is when it was last seen online.',
    request: { params: z.object({ locationId: z.string() }) },
    responses: { 200: { description: 'The location and its POS status', content: json(locationStatusSchema) }, ...problemResponses(401, 404, 406, 429) },
  });

  registry.registerWebhook({
    method: 'post',
    path: 'event',
    tags: ['Events'],
    summary: 'Event delivered to a webhook endpoint',
    description: [
      'Standard Webhooks: `webhook-id` (the event id, the same on every attempt), `webhook-timestamp` and',
      '`webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` keyed with the endpoint secret; for 24 hours',
      'after a secret rotation a second `v1,…` entry signs with the previous secret. Any 2xx within WEBHOOK_TIMEOUT_MS is',
      'success; anything else is retried on WEBHOOK_RETRY_SCHEDULE. Events of one resource arrive in order.',
    ].join(' '),
    request: { body: { content: json(eventSchema) } },
    responses: { 200: { description: 'Received' } },
  });

  const endpointParams = z.object({ endpointId: z.string() });
  const deliveryParams = z.object({ deliveryId: z.string() });
  registry.registerPath({
    method: 'post',
    path: '/manage/webhooks/{endpointId}/rotate-secret',
    tags: ['Management'],
    summary: 'Roll a webhook endpoint secret (new secret shown once; the old one keeps signing for 24 hours)',
    description: manageNote,
    request: { params: endpointParams },
    responses: { 200: { description: 'The new secret', content: json(webhookEndpointSecretSchema) }, ...problemResponses(401, 404) },
  });
  registry.registerPath({
    method: 'post',
    path: '/manage/webhooks/{endpointId}/replay',
    tags: ['Management'],
    summary: 'Send again every failed delivery of an endpoint since a time',
    description: manageNote,
    request: { params: endpointParams, body: { content: json(replaySinceSchema) } },
    responses: { 202: { description: 'Queued', content: json(replayResultSchema) }, ...problemResponses(400, 401, 404) },
  });
  registry.registerPath({
    method: 'get',
    path: '/manage/deliveries/{deliveryId}',
    tags: ['Management'],
    summary: 'A webhook delivery with every attempt',
    description: manageNote,
    request: { params: deliveryParams },
    responses: { 200: { description: 'The delivery', content: json(webhookDeliverySchema) }, ...problemResponses(401, 404) },
  });
  registry.registerPath({
    method: 'post',
    path: '/manage/deliveries/{deliveryId}/replay',
    tags: ['Management'],
    summary: 'Send one delivery again',
    description: manageNote,
    request: { params: deliveryParams },
    responses: { 202: { description: 'Queued', content: json(webhookDeliverySchema) }, ...problemResponses(401, 404) },
  });
}
