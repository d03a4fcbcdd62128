import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { locations, merchants, users } from '@/db/schema';

// What the console reads about merchants, their locations and users (lib, framework-free).

export async function merchantsWithLocations(db: Executor) {
  const rows = await db
    .select({ merchantId: merchants.id, merchantName: merchants.name, locationId: locations.id, locationName: locations.name, timezone: locations.timezone })
    .from(merchants)
    .leftJoin(locations, eq(locations.merchantId, merchants.id))
    .orderBy(merchants.name, locations.name);
  const byMerchant = new Map<string, { id: string; name: string; locations: { id: string; name: string; timezone: string }[] }>();
  for (const row of rows) {
    const entry = byMerchant.get(row.merchantId) ?? { id: row.merchantId, name: row.merchantName, locations: [] };
    if (row.locationId) entry.locations.push({ id: row.locationId, name: row.locationName!, timezone: row.timezone! });
    byMerchant.set(row.merchantId, entry);
  }
  return [...byMerchant.values()];
}

/** Up to this many locations in all, a form offers each as a choice; beyond, it takes a location id. */
export const LOCATION_CHOICES = 200;

/**
 * Every location as a choice (its id, merchant and name) while there are at most `max`, or undefined beyond: one
 * query, cut off after `max` + 1 rows.
 */
export async function locationChoices(db: Executor, max = LOCATION_CHOICES) {
  const rows = await db
    .select({ id: locations.id, name: locations.name, merchantName: merchants.name })
    .from(locations)
    .innerJoin(merchants, eq(merchants.id, locations.merchantId))
    .orderBy(merchants.name, locations.name)
    .limit(max + 1);
  if (rows.length > max) return undefined;
  return rows.map((row) => ({ value: row.id, label: `${row.id} — ${row.merchantName}, ${row.name}` }));
}

export async function listUsers(db: Executor) {
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      merchantId: users.merchantId,
      partnerId: users.partnerId,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .orderBy(users.email);
}
