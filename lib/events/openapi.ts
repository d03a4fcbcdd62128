import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { jsonContent } from '@/lib/api/operation-doc';
import { eventSchema } from './catch-up';

/** What the service sends to a partner's webhook endpoint (docs/contract.md#webhooks): a webhook of the document, not a route. */
export const eventWebhook: RouteConfig = {
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
  request: { body: { content: jsonContent(eventSchema) } },
  responses: { 200: { description: 'Received' } },
};
