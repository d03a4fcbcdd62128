import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { connections, locations, merchants, partners, users } from '@/db/schema';
import { realMerchant } from '@/lib/tenancy/scope';
import { decodeCursor, pageOf } from './paging';

// What the console reads about merchants, their locations and users (lib, framework-free): each list a page at a time
// by name, so a hub of thousands of merchants and tens of thousands of locations costs what a small one does.

/** `%part%` for ILIKE, with the pattern characters of `part` taken literally. */
export const containing = (part: string) => `%${part.replace(/[%_\\]/g, '\\$&')}%`;

/** A page of merchants by name (filtered by a part of it), each with how many locations and users it has. */
export async function pageMerchants(db: Executor, filters: { name?: string }, page: { after?: string; limit: number }) {
  const conditions: SQL[] = [realMerchant(merchants.sandboxPartnerId)];
  if (filters.name) conditions.push(sql`${merchants.name} ilike ${containing(filters.name)}`);
  const after = decodeCursor(page.after, ['string', 'string'] as const);
  if (after) conditions.push(sql`(${merchants.name}, ${merchants.id}) > (${after[0]}, ${after[1]})`);
  const found = await db
    .select({ id: merchants.id, name: merchants.name })
    .from(merchants)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(merchants.name, merchants.id)
    .limit(page.limit + 1);
  const { rows, next } = pageOf(found, page.limit, (row) => [row.name, row.id]);
  const ids = rows.map((row) => row.id);
  const [locationCounts, userCounts] = ids.length
    ? await Promise.all([
        db.select({ merchantId: locations.merchantId, n: count() }).from(locations).where(inArray(locations.merchantId, ids)).groupBy(locations.merchantId),
        db.select({ merchantId: users.merchantId, n: count() }).from(users).where(inArray(users.merchantId, ids)).groupBy(users.merchantId),
      ])
    : [[], []];
  const countOf = (counts: { merchantId: string | null; n: number }[], id: string) => Number(counts.find((row) => row.merchantId === id)?.n ?? 0);
  return { rows: rows.map((row) => ({ ...row, locations: countOf(locationCounts, row.id), users: countOf(userCounts, row.id) })), next };
}

/** A page of one merchant's locations by name (filtered by a part of the name or id). */
export async function pageLocations(db: Executor, merchantId: string, filters: { name?: string }, page: { after?: string; limit: number }) {
  const conditions: SQL[] = [eq(locations.merchantId, merchantId)];
  if (filters.name) conditions.push(sql`(${locations.name} ilike ${containing(filters.name)} or ${locations.id} ilike ${containing(filters.name)})`);
  const after = decodeCursor(page.after, ['string', 'string'] as const);
  if (after) conditions.push(sql`(${locations.name}, ${locations.id}) > (${after[0]}, ${after[1]})`);
  const found = await db
    .select({ id: locations.id, name: locations.name, timezone: locations.timezone })
    .from(locations)
    .where(and(...conditions))
    .orderBy(locations.name, locations.id)
    .limit(page.limit + 1);
  return pageOf(found, page.limit, (row) => [row.name, row.id]);
}

/** How many of a merchant's users and connected partners its page lists. */
export const MERCHANT_SHOWN = 100;

/**
 * One merchant: its name and counts, its users, and the partners connected to any of its locations (each with how
 * many of them); undefined for an unknown merchant.
 */
export async function merchantView(db: Executor, merchantId: string) {
  const [merchant] = await db.select({ id: merchants.id, name: merchants.name }).from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  if (!merchant) return undefined;
  const [[locationCount], merchantUsers, connected] = await Promise.all([
    db.select({ n: count() }).from(locations).where(eq(locations.merchantId, merchantId)),
    db
      .select({ id: users.id, email: users.email, name: users.name, role: users.role, disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.merchantId, merchantId))
      .orderBy(users.email)
      .limit(MERCHANT_SHOWN),
    db
      .select({ id: partners.id, name: partners.name, type: partners.type, locations: sql<number>`count(*)::int` })
      .from(connections)
      .innerJoin(locations, eq(locations.id, connections.locationId))
      .innerJoin(partners, eq(partners.id, connections.partnerId))
      .where(eq(locations.merchantId, merchantId))
      .groupBy(partners.id, partners.name, partners.type)
      .orderBy(partners.name)
      .limit(MERCHANT_SHOWN),
  ]);
  return { ...merchant, locationCount: Number(locationCount?.n ?? 0), users: merchantUsers, partners: connected };
}

/** A page of dashboard users by email, filtered by a part of the email and by role, with the tenant each acts for. */
export async function pageUsers(db: Executor, filters: { email?: string; role?: string }, page: { after?: string; limit: number }) {
  const conditions: SQL[] = [];
  if (filters.email) conditions.push(sql`${users.email} ilike ${containing(filters.email)}`);
  if (filters.role) conditions.push(sql`${users.role}::text = ${filters.role}`);
  const after = decodeCursor(page.after, ['string', 'string'] as const);
  if (after) conditions.push(sql`(${users.email}, ${users.id}) > (${after[0]}, ${after[1]})`);
  const found = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      merchantId: users.merchantId,
      merchantName: merchants.name,
      partnerId: users.partnerId,
      partnerName: partners.name,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .leftJoin(merchants, eq(merchants.id, users.merchantId))
    .leftJoin(partners, eq(partners.id, users.partnerId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(users.email, users.id)
    .limit(page.limit + 1);
  return pageOf(found, page.limit, (row) => [row.email, row.id]);
}

/** The most locations a location search answers. */
export const LOCATION_MATCHES = 20;

/**
 * Locations whose id starts with `query` or whose name or merchant's name contains it, at most LOCATION_MATCHES: what
 * the console's location combobox offers (never every location of the hub).
 */
export async function searchLocations(db: Executor, query: string, limit = LOCATION_MATCHES) {
  const q = query.trim().slice(0, 100);
  if (!q) return [];
  // strpos on lower() rather than ILIKE (about a quarter of the cost per row), and the merchants' names matched once
  // each rather than once per location: 20,000 locations are searched in about 20 ms.
  const rows = await db
    .select({ id: locations.id, name: locations.name, merchantName: merchants.name })
    .from(locations)
    .innerJoin(merchants, eq(merchants.id, locations.merchantId))
    .where(
      and(
        realMerchant(merchants.sandboxPartnerId),
        sql`(${locations.id} = ${q} or starts_with(${locations.id}, ${q}) or strpos(lower(${locations.name}), lower(${q})) > 0
          or ${locations.merchantId} in (select id from ${merchants} where strpos(lower(name), lower(${q})) > 0))`,
      ),
    )
    .orderBy(sql`${locations.id} = ${q} desc`, merchants.name, locations.name)
    .limit(Math.min(limit, LOCATION_MATCHES));
  return rows;
}
