import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { clients, events, partners, webhookAttempts, webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { notFound } from '@/lib/errors';

export const deliveryStatusSchema = z.enum(['PENDING', 'SUCCEEDED', 'FAILED']);

export const webhookAttemptSchema = z
  .object({
    attemptedAt: z.string(),
    statusCode: z.number().int().nullable(),
    latencyMs: z.number().int(),
    error: z.string().nullable(),
    responseSnippet: z.string().nullable(),
  })
  .meta({ id: 'WebhookAttempt', description: 'One attempt to deliver a webhook.' });

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    endpointId: z.string(),
    url: z.string(),
    partnerId: z.string(),
    partnerName: z.string(),
    resourceKey: z.string(),
    requestId: z.string().nullable().meta({ description: 'X-Request-Id of the API request that caused the event; null for background work.' }),
    status: deliveryStatusSchema,
    attemptCount: z.number().int(),
    nextAttemptAt: z.string().nullable(),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
    attempts: z.array(webhookAttemptSchema),
  })
  .meta({ id: 'WebhookDelivery', description: 'One event sent to one webhook endpoint, with every attempt.' });

export type WebhookDeliveryView = z.output<typeof webhookDeliverySchema>;

export interface DeliveryFilters {
  partnerId?: string;
  eventType?: string;
  status?: z.output<typeof deliveryStatusSchema>;
  endpointId?: string;
  eventId?: string;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The newest deliveries (for the admin log and /manage), each with its attempts, oldest attempt first. */
export async function listDeliveries(db: Executor, filters: DeliveryFilters = {}, limit = 200): Promise<WebhookDeliveryView[]> {
  const conditions: SQL[] = [];
  if (filters.partnerId) conditions.push(eq(webhookDeliveries.partnerId, filters.partnerId));
  if (filters.eventType) conditions.push(eq(webhookDeliveries.eventType, filters.eventType));
  if (filters.status) conditions.push(eq(webhookDeliveries.status, filters.status));
  if (filters.endpointId) conditions.push(eq(webhookDeliveries.endpointId, filters.endpointId));
  if (filters.eventId) conditions.push(eq(webhookDeliveries.eventId, filters.eventId));
  return loadDeliveries(db, conditions, limit);
}

export async function getDelivery(db: Executor, deliveryId: string): Promise<WebhookDeliveryView> {
  const [delivery] = await loadDeliveries(db, [eq(webhookDeliveries.id, deliveryId)], 1);
  if (!delivery) throw notFound('Delivery');
  return delivery;
}

/** Deliveries matching `conditions`, newest first, each with its attempts (the console pages them: lib/ops/deliveries.ts). */
export async function loadDeliveries(db: Executor, conditions: SQL[], limit: number): Promise<WebhookDeliveryView[]> {
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      eventType: webhookDeliveries.eventType,
      endpointId: webhookDeliveries.endpointId,
      url: webhookEndpoints.url,
      partnerId: webhookDeliveries.partnerId,
      partnerName: partners.name,
      resourceKey: webhookDeliveries.resourceKey,
      requestId: events.requestId,
      status: webhookDeliveries.status,
      attemptCount: webhookDeliveries.attemptCount,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      createdAt: webhookDeliveries.createdAt,
      completedAt: webhookDeliveries.completedAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(partners, eq(partners.id, webhookDeliveries.partnerId))
    .leftJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.eventSeq))
    .limit(limit);
  const attempts = rows.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(webhookAttempts.attemptedAt)
    : [];
  return rows.map((row) =>
    webhookDeliverySchema.parse({
      ...row,
      nextAttemptAt: row.status === 'PENDING' ? iso(row.nextAttemptAt) : null,
      createdAt: iso(row.createdAt),
      completedAt: iso(row.completedAt),
      attempts: attempts
        .filter((attempt) => attempt.deliveryId === row.id)
        .map((attempt) => ({
          attemptedAt: iso(attempt.attemptedAt),
          statusCode: attempt.statusCode,
          latencyMs: attempt.latencyMs,
          error: attempt.error,
          responseSnippet: attempt.responseSnippet,
        })),
    }),
  );
}

/** Recent activity for the admin dashboard: the newest events across every tenant. */
export async function recentEvents(db: Executor, limit = 50) {
  const rows = await db
    .select({
      id: events.id,
      type: events.type,
      locationId: events.locationId,
      resource: events.resource,
      resourceId: events.resourceId,
      version: events.resourceVersion,
      createdAt: events.createdAt,
    })
    .from(events)
    .orderBy(desc(events.seq))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Partners with their client ids (docs/contract.md#demo-tenant: the admin dashboard shows the client ids). */
export async function partnersWithClients(db: Executor) {
  const rows = await db
    .select({ id: partners.id, name: partners.name, type: partners.type, clientId: clients.clientId })
    .from(partners)
    .leftJoin(clients, eq(clients.partnerId, partners.id))
    .orderBy(partners.name, clients.clientId);
  const byPartner = new Map<string, { id: string; name: string; type: string; clientIds: string[] }>();
  for (const row of rows) {
    const entry = byPartner.get(row.id) ?? { id: row.id, name: row.name, type: row.type, clientIds: [] };
    if (row.clientId) entry.clientIds.push(row.clientId);
    byPartner.set(row.id, entry);
  }
  return [...byPartner.values()];
}
