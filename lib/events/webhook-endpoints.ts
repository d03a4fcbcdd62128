import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { webhookEndpoints } from '@/db/schema';
import { notFound, validationFailed } from '@/lib/errors';
import { newPrefixedId } from '@/lib/ids';
import { seal } from '@/lib/security/sealed-secrets';
import { webhookSecretContext } from '@/lib/security/stored-secrets';
import { requirePartner } from '@/lib/tenancy/partners';
import { eventTypes } from './event-types';
import { assertAllowedWebhookUrl, ForbiddenTargetError } from './webhook-target';

export const createWebhookEndpointSchema = z
  .object({
    url: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).max(2000),
    eventTypes: z.array(z.enum(eventTypes)).min(1).optional(),
  })
  .meta({ id: 'CreateWebhookEndpoint' });

export const webhookEndpointSecretSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    eventTypes: z.array(z.enum(eventTypes)).nullable(),
    secret: z.string().meta({ description: 'The `whsec_` signing secret; shown once.' }),
    previousSecretExpiresAt: z.string().nullable().optional(),
  })
  .meta({ id: 'WebhookEndpointSecret', description: 'A webhook endpoint with its signing secret (shown once).' });

/** Standard Webhooks secrets: `whsec_` + base64 of 32 random bytes, shown once at creation. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

// Secret rotation: receivers get a day to switch to the new secret while both signatures are sent.
const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

export async function createWebhookEndpoint(db: Executor, partnerId: string, input: z.output<typeof createWebhookEndpointSchema>) {
  await requirePartner(db, partnerId);
  await assertUrlAllowed(input.url);
  const secret = newWebhookSecret();
  const id = newPrefixedId('whe');
  // docs/contract.md#secrets-at-rest: stored sealed; the plain secret is only in this one answer.
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({ id, partnerId, url: input.url, eventTypes: input.eventTypes ?? null, secret: seal(secret, webhookSecretContext(id)) })
    .returning();
  return webhookEndpointSecretSchema.parse({ id: endpoint!.id, url: endpoint!.url, eventTypes: endpoint!.eventTypes ?? null, secret });
}

/** Rolls an endpoint's secret; the old one keeps signing alongside for 24 hours. The new secret is shown once. */
export async function rotateWebhookSecret(db: Executor, endpointId: string, now = new Date()) {
  const secret = newWebhookSecret();
  const previousSecretExpiresAt = new Date(now.getTime() + ROTATION_OVERLAP_MS);
  const [current] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)).limit(1);
  if (!current) throw notFound('Webhook endpoint');
  await db
    .update(webhookEndpoints)
    // The previous secret moves over still sealed: both columns share the endpoint's sealing context.
    .set({ secret: seal(secret, webhookSecretContext(current.id)), previousSecret: current.secret, previousSecretExpiresAt })
    .where(eq(webhookEndpoints.id, endpointId));
  return webhookEndpointSecretSchema.parse({
    id: current.id,
    url: current.url,
    eventTypes: current.eventTypes ?? null,
    secret,
    previousSecretExpiresAt: previousSecretExpiresAt.toISOString(),
  });
}

/** SSRF guard at registration: a URL resolving to an internal address is a 400 naming the field. */
async function assertUrlAllowed(url: string): Promise<void> {
  try {
    await assertAllowedWebhookUrl(url);
  } catch (error) {
    if (!(error instanceof ForbiddenTargetError)) throw error;
    throw validationFailed([{ segment: 'body', path: 'url', message: `webhook target refused: ${error.message}` }]);
  }
}
