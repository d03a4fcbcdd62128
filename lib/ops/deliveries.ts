import { and, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { webhookDeliveries } from '@/db/schema';
import { loadDeliveries, type DeliveryFilters, type WebhookDeliveryView } from '@/lib/events/delivery-log';
import { cursorTime, decodeCursor, keysetBefore, pageOf } from './paging';

// The console's delivery log, a page at a time: newest first, after a cursor (creation time to the microsecond, id).

export interface DeliveryPageFilters extends DeliveryFilters {
  deliveryId?: string;
  from?: Date;
  to?: Date;
}

export function deliveryConditions(filters: DeliveryPageFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.partnerId) conditions.push(eq(webhookDeliveries.partnerId, filters.partnerId));
  if (filters.eventType) conditions.push(eq(webhookDeliveries.eventType, filters.eventType));
  if (filters.status) conditions.push(eq(webhookDeliveries.status, filters.status));
  if (filters.endpointId) conditions.push(eq(webhookDeliveries.endpointId, filters.endpointId));
  if (filters.eventId) conditions.push(eq(webhookDeliveries.eventId, filters.eventId));
  if (filters.deliveryId) conditions.push(eq(webhookDeliveries.id, filters.deliveryId));
  if (filters.from) conditions.push(gte(webhookDeliveries.createdAt, filters.from));
  if (filters.to) conditions.push(lte(webhookDeliveries.createdAt, filters.to));
  return conditions;
}

/** One page of deliveries (with their attempts) and the cursor of the next, null on the last page. */
export async function pageDeliveries(
  db: Executor,
  filters: DeliveryPageFilters,
  page: { after?: string; limit: number },
): Promise<{ rows: WebhookDeliveryView[]; next: string | null }> {
  const conditions = deliveryConditions(filters);
  const after = decodeCursor(page.after, ['string', 'string'] as const);
  if (after) {
    conditions.push(keysetBefore(webhookDeliveries.createdAt, webhookDeliveries.id, after));
  }
  const keys = await db
    .select({ id: webhookDeliveries.id, at: cursorTime(webhookDeliveries.createdAt) })
    .from(webhookDeliveries)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(page.limit + 1);
  const { rows: shown, next } = pageOf(keys, page.limit, (key) => [key.at, key.id]);
  if (!shown.length) return { rows: [], next };
  const views = await loadDeliveries(
    db,
    [
      inArray(
        webhookDeliveries.id,
        shown.map((key) => key.id),
      ),
    ],
    shown.length,
  );
  const byId = new Map(views.map((view) => [view.id, view]));
  return { rows: shown.flatMap((key) => byId.get(key.id) ?? []), next };
}
