import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { webhookEndpoints } from '@/db/schema';
import { config } from '@/lib/config';
import { postWebhook, type AttemptOutcome } from '@/lib/events/webhook-sender';
import { webhookHeaders } from '@/lib/events/webhook-signature';
import { notFound } from '@/lib/errors';
import { newPrefixedId } from '@/lib/ids';

export interface TestEventOutcome extends AttemptOutcome {
  eventId: string;
}

/**
 * Sends a signed test event to an endpoint at once (outside the delivery queue, with the same SSRF guard, signature
 * and timeout as real deliveries) and answers what the receiver said.
 */
export async function sendTestEvent(db: Executor, endpointId: string): Promise<TestEventOutcome> {
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)).limit(1);
  if (!endpoint) throw notFound('Webhook endpoint');
  const eventId = newPrefixedId('evt_test');
  const now = new Date();
  const body = JSON.stringify({
    id: eventId,
    type: 'WEBHOOK_TEST',
    createdAt: now.toISOString(),
    locationId: null,
    data: { id: endpoint.id, uri: `${config().PUBLIC_URL}/dashboard/admin/partners`, resource: 'webhook-endpoint', version: 1 },
  });
  const headers = webhookHeaders(
    eventId,
    body,
    { endpointId: endpoint.id, secret: endpoint.secret, previousSecret: endpoint.previousSecret, previousSecretExpiresAt: endpoint.previousSecretExpiresAt },
    now,
  );
  const outcome = await postWebhook(endpoint.url, headers, body, config().WEBHOOK_TIMEOUT_MS);
  return { ...outcome, eventId };
}
