import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { events, partners, webhookEndpoints } from '@/db/schema';
import { endpointHealth } from './endpoint-health';
import { containing } from './tenants-view';
import { decodeCursor, pageOf } from './paging';

// The console's lists of events and of webhook endpoints, a page at a time.

export interface EventFilters {
  type?: string;
  locationId?: string;
  resourceId?: string;
  requestId?: string;
}

/** A page of events, newest first (by their sequence, through its index), filtered by type, location and resource. */
export async function pageEvents(db: Executor, filters: EventFilters, page: { after?: string; limit: number }) {
  const conditions: SQL[] = [];
  if (filters.type) conditions.push(eq(events.type, filters.type));
  if (filters.locationId) conditions.push(eq(events.locationId, filters.locationId));
  if (filters.resourceId) conditions.push(eq(events.resourceId, filters.resourceId));
  if (filters.requestId) conditions.push(eq(events.requestId, filters.requestId));
  const after = decodeCursor(page.after, ['number'] as const);
  if (after) conditions.push(lt(events.seq, after[0]));
  const found = await db
    .select({
      id: events.id,
      seq: events.seq,
      type: events.type,
      locationId: events.locationId,
      resource: events.resource,
      resourceId: events.resourceId,
      requestId: events.requestId,
      createdAt: events.createdAt,
    })
    .from(events)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(events.seq))
    .limit(page.limit + 1);
  return pageOf(found, page.limit, (row) => [row.seq]);
}

/**
 * A page of webhook endpoints by partner name (filtered by partner, a part of the URL, and enabled or disabled), each
 * with its health figures (endpointHealth), read for the page's endpoints only.
 */
export async function pageEndpoints(db: Executor, filters: { partnerId?: string; url?: string; state?: string }, page: { after?: string; limit: number }) {
  const conditions: SQL[] = [];
  if (filters.partnerId) conditions.push(eq(webhookEndpoints.partnerId, filters.partnerId));
  if (filters.url) conditions.push(sql`${webhookEndpoints.url} ilike ${containing(filters.url)}`);
  if (filters.state === 'enabled') conditions.push(sql`${webhookEndpoints.disabledAt} is null`);
  if (filters.state === 'disabled') conditions.push(sql`${webhookEndpoints.disabledAt} is not null`);
  const after = decodeCursor(page.after, ['string', 'string'] as const);
  if (after) conditions.push(sql`(${partners.name}, ${webhookEndpoints.id}) > (${after[0]}, ${after[1]})`);
  const found = await db
    .select({ id: webhookEndpoints.id, partnerName: partners.name })
    .from(webhookEndpoints)
    .innerJoin(partners, eq(partners.id, webhookEndpoints.partnerId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(partners.name, webhookEndpoints.id)
    .limit(page.limit + 1);
  const { rows, next } = pageOf(found, page.limit, (row) => [row.partnerName, row.id]);
  const health = await endpointHealth(db, { endpointIds: rows.map((row) => row.id) });
  return { rows: rows.map((row) => health.find((endpoint) => endpoint.id === row.id)!).filter(Boolean), next };
}
