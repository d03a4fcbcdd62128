import { sql, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { tables } from '@/db/schema';
import type { PartnerType } from '@/lib/auth/access-tokens';
import { emitEvent } from '@/lib/events/outbox';
import type { EventType } from '@/lib/events/event-types';

/** docs/contract.md#events: table and sale events go to every POS and app connected to the location. */
export const LOCATION_PARTNER_TYPES: readonly PartnerType[] = ['POS', 'ORDERING_APP', 'BOOKING_APP', 'LOYALTY'];

/** Who made a change: a partner through the API, or null for the dashboard and the system (then nobody is left out). */
export interface ChangeActor {
  partnerId: string | null;
}

export type TableEventType = Extract<EventType, 'NEW_TABLE' | 'TABLE_UPDATED' | 'TABLE_OPENED' | 'TABLE_CLOSED' | 'TABLE_DELETED'>;

/** Emits a table event inside the change's transaction (STYLE.md habit 5). */
export function emitTableEvent(tx: Executor, type: TableEventType, table: { id: string; locationId: string; version: number }, actor: ChangeActor) {
  return emitEvent(tx, {
    type,
    locationId: table.locationId,
    resource: 'table',
    resourceId: table.id,
    version: table.version,
    actorPartnerId: actor.partnerId,
    audience: { connectedPartnerTypes: LOCATION_PARTNER_TYPES },
  });
}

/** Counts a change of the table (docs/contract.md#events `data.version`) and returns its new version. */
export async function bumpTableVersion(tx: Executor, tableId: string): Promise<number> {
  const [row] = await tx
    .update(tables)
    .set({ version: sql`${tables.version} + 1`, updatedAt: new Date() })
    .where(eq(tables.id, tableId))
    .returning({ version: tables.version });
  return row!.version;
}
