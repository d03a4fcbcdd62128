import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { clients, connections, loyaltyPrograms, partners, webhookEndpoints } from '@/db/schema';
import { decodeCursor, pageOf } from './paging';
import { realPartner } from './real-tenants';

// What the console reads about partners (lib, framework-free): choices for filters, the paged list, one partner's
// clients, connections and loyalty programs.

/** Partners as filter options (id and name): what the log pages' partner filter shows, without clients or connections. */
export async function partnerOptions(db: Executor) {
  return db.select({ id: partners.id, name: partners.name }).from(partners).where(realPartner()).orderBy(partners.name);
}

/**
 * Webhook endpoints as choices (bulk replay, the delivery log's filter): id, URL and partner name only. The health
 * figures (endpointHealth) count each endpoint's deliveries and attempts, which a page that only offers the choice
 * has no use for.
 */
export async function endpointOptions(db: Executor) {
  return db
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, partnerName: partners.name })
    .from(webhookEndpoints)
    .innerJoin(partners, eq(partners.id, webhookEndpoints.partnerId))
    .orderBy(partners.name, desc(webhookEndpoints.createdAt));
}

/** How many of a partner's connected locations the partners page lists before "Show all". */
export const CONNECTIONS_SHOWN = 10;
/** A page of one partner's connections, shown all. */
export const CONNECTIONS_PAGE = 50;

/**
 * Partners with their clients, loyalty programs and connections. A partner can be connected to thousands of locations,
 * so each comes with its count and the first CONNECTIONS_SHOWN (by location id), or for `expand.partnerId` the page
 * `expand.page` of CONNECTIONS_PAGE.
 */
export async function partnersOverview(db: Executor, options: { expand?: { partnerId: string; page: number }; partnerId?: string } = {}) {
  const { expand, partnerId } = options;
  const only = partnerId ? sql`where p.id = ${partnerId}` : sql``;
  const [partnerRows, clientRows, countRows, shownRows, expandedRows, programRows] = await Promise.all([
    db
      .select()
      .from(partners)
      .where(partnerId ? eq(partners.id, partnerId) : realPartner())
      .orderBy(partners.name),
    db
      .select({
        partnerId: clients.partnerId,
        clientId: clients.clientId,
        createdAt: clients.createdAt,
        confidential: sql<boolean>`${clients.secretHash} is not null`,
        previousSecretExpiresAt: clients.previousSecretExpiresAt,
        revokedAt: clients.revokedAt,
      })
      .from(clients)
      .where(partnerId ? eq(clients.partnerId, partnerId) : undefined)
      .orderBy(clients.createdAt),
    db
      .select({ partnerId: connections.partnerId, n: count() })
      .from(connections)
      .where(partnerId ? eq(connections.partnerId, partnerId) : undefined)
      .groupBy(connections.partnerId),
    // The first few of each partner, each list read through (partner_id, location_id) and cut off there.
    db.execute<{ partnerId: string; locationId: string }>(sql`
      select p.id as "partnerId", c.location_id as "locationId" from ${partners} p
      cross join lateral (select location_id from ${connections} where partner_id = p.id order by location_id limit ${CONNECTIONS_SHOWN}) c
      ${only}`),
    expand
      ? db
          .select({ locationId: connections.locationId })
          .from(connections)
          .where(eq(connections.partnerId, expand.partnerId))
          .orderBy(connections.locationId)
          .limit(CONNECTIONS_PAGE)
          .offset(Math.max(0, expand.page) * CONNECTIONS_PAGE)
      : [],
    db
      .select({ partnerId: loyaltyPrograms.partnerId, loyaltyProgramId: loyaltyPrograms.loyaltyProgramId, name: loyaltyPrograms.name })
      .from(loyaltyPrograms)
      .where(partnerId ? eq(loyaltyPrograms.partnerId, partnerId) : undefined),
  ]);
  const shown = rowsOf<{ partnerId: string; locationId: string }>(shownRows);
  return partnerRows.map((partner) => ({
    ...partner,
    clients: clientRows.filter((row) => row.partnerId === partner.id),
    connectionCount: Number(countRows.find((row) => row.partnerId === partner.id)?.n ?? 0),
    locationIds:
      expand?.partnerId === partner.id
        ? expandedRows.map((row) => row.locationId)
        : shown.filter((row) => row.partnerId === partner.id).map((row) => row.locationId),
    programs: programRows.filter((row) => row.partnerId === partner.id),
  }));
}

/**
 * A page of partners by name (the partners list): each with how many clients, connections and webhook endpoints it has,
 * after a cursor (name, id); filtered by a part of the name and by type.
 */
export async function pagePartners(db: Executor, filters: { name?: string; type?: string }, page: { after?: string; limit: number }) {
  const conditions: SQL[] = [realPartner()];
  if (filters.name) conditions.push(sql`${partners.name} ilike ${`%${filters.name.replace(/[%_\\]/g, '\\$&')}%`}`);
  if (filters.type) conditions.push(sql`${partners.type}::text = ${filters.type}`);
  const after = decodeCursor(page.after, ['string', 'string'] as const);
  if (after) conditions.push(sql`(${partners.name}, ${partners.id}) > (${after[0]}, ${after[1]})`);
  const found = await db
    .select({ id: partners.id, name: partners.name, type: partners.type, disabledAt: partners.disabledAt })
    .from(partners)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(partners.name, partners.id)
    .limit(page.limit + 1);
  const { rows, next } = pageOf(found, page.limit, (row) => [row.name, row.id]);
  // The counts of the page's partners only, each through the table's partner index.
  const ids = rows.map((row) => row.id);
  const [clientCounts, connectionCounts, endpointCounts] = ids.length
    ? await Promise.all([
        db
          .select({ partnerId: clients.partnerId, n: count() })
          .from(clients)
          .where(and(inArray(clients.partnerId, ids), isNull(clients.revokedAt)))
          .groupBy(clients.partnerId),
        db.select({ partnerId: connections.partnerId, n: count() }).from(connections).where(inArray(connections.partnerId, ids)).groupBy(connections.partnerId),
        db
          .select({ partnerId: webhookEndpoints.partnerId, n: count() })
          .from(webhookEndpoints)
          .where(inArray(webhookEndpoints.partnerId, ids))
          .groupBy(webhookEndpoints.partnerId),
      ])
    : [[], [], []];
  const countOf = (counts: { partnerId: string; n: number }[], id: string) => Number(counts.find((row) => row.partnerId === id)?.n ?? 0);
  return {
    rows: rows.map((row) => ({
      ...row,
      clients: countOf(clientCounts, row.id),
      connections: countOf(connectionCounts, row.id),
      endpoints: countOf(endpointCounts, row.id),
    })),
    next,
  };
}
