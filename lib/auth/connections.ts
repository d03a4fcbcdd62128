import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { connections } from '@/db/schema';
import { forbidden } from '@/lib/http/errors';
import type { PartnerPrincipal } from './access-tokens';

export async function isConnected(db: Executor, partnerId: string, locationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.partnerId, partnerId), eq(connections.locationId, locationId)))
    .limit(1);
  return Boolean(row);
}

/** CONTRACT §3: a partner reaches a location only through a connection; otherwise 403. */
export async function assertConnected(db: Executor, principal: PartnerPrincipal, locationId: string): Promise<void> {
  if (!(await isConnected(db, principal.partnerId, locationId))) {
    throw forbidden(`This partner is not connected to location ${locationId}.`);
  }
}

export async function connectedLocationIds(db: Executor, partnerId: string): Promise<string[]> {
  const rows = await db.select({ locationId: connections.locationId }).from(connections).where(eq(connections.partnerId, partnerId));
  return rows.map((row) => row.locationId);
}
