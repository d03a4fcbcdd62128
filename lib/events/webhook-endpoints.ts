import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { webhookEndpoints } from '@/db/schema';
import { newPrefixedId } from '@/lib/ids';
import { requirePartner } from '@/lib/tenancy/partners';
import { eventTypes } from './event-types';

export const createWebhookEndpointSchema = z
  .object({
    url: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).max(2000),
    eventTypes: z.array(z.enum(eventTypes)).min(1).optional(),
  })
  .meta({ id: 'CreateWebhookEndpoint' });

/** Standard Webhooks secrets: `whsec_` + base64 of 32 random bytes, shown once at creation. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export async function createWebhookEndpoint(db: Executor, partnerId: string, input: z.output<typeof createWebhookEndpointSchema>) {
  await requirePartner(db, partnerId);
  const secret = newWebhookSecret();
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({ id: newPrefixedId('whe'), partnerId, url: input.url, eventTypes: input.eventTypes ?? null, secret })
    .returning();
  return { id: endpoint!.id, url: endpoint!.url, eventTypes: endpoint!.eventTypes ?? null, secret };
}
