import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { locations, orders } from '@/db/schema';

/**
 * What an audit entry about an order says of it: its reference (what the staff and the guest call it) and the name of
 * its location, read after a change the caller's scope already allowed.
 */
export async function orderAuditNote(db: Executor, orderId: string) {
  const [row] = await db
    .select({ reference: sql<string | null>`${orders.content}->'origin'->>'orderReference'`, locationId: orders.locationId, locationName: locations.name })
    .from(orders)
    .innerJoin(locations, eq(locations.id, orders.locationId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ? { reference: row.reference ?? orderId, locationId: row.locationId, locationName: row.locationName } : undefined;
}
