import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from '@/db/client';
import { orders } from '@/db/schema';
import type { Loop } from '@/lib/background/runner';
import { noteAutoRejected } from '@/lib/alerts/merchant-alerts';
import { AUTO_REJECTED_BY_TIMEOUT, type OrderRow } from './order-record';
import { recordStatusChange } from './status-history';

export interface AutoRejectScope {
  orderId?: string;
  locationIds?: readonly string[];
  /** Most orders rejected by one call. */
  limit?: number;
  /** The background sweep skips orders another transaction holds; a reader waits for them instead. */
  skipLocked?: boolean;
}

const SWEEP_BATCH = 100;

/** The database clock decides the deadline, so every instance (and every reader) agrees on it. */
export const isOverdue = sql<boolean>`(${orders.status} = 'CREATED' and ${orders.autoRejectAt} <= now())`;

/**
 * docs/domain.md#order-status: an order left CREATED past its deadline becomes REJECTED with statusInfo
 * AUTO_REJECTED_BY_TIMEOUT. One conditional UPDATE decides it, so however many sweeps and readers race, each order
 * is rejected (and ORDER_REJECTED emitted, to the POS and the app alike) exactly once, in the same transaction.
 */
export async function autoRejectOverdueOrders(db: Executor, scope: AutoRejectScope = {}): Promise<OrderRow[]> {
  const conditions: SQL[] = [eq(orders.status, 'CREATED'), lte(orders.autoRejectAt, sql`now()`)];
  if (scope.orderId) conditions.push(eq(orders.id, scope.orderId));
  if (scope.locationIds) conditions.push(inArray(orders.locationId, [...scope.locationIds]));
  return db.transaction(async (tx) => {
    // Locking in id order keeps two concurrent readers of one location from deadlocking each other.
    const overdue = tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(...conditions))
      .orderBy(orders.id)
      .limit(scope.limit ?? SWEEP_BATCH)
      .for('update', scope.skipLocked ? { skipLocked: true } : {});
    const rejected = await tx
      .update(orders)
      .set({ status: 'REJECTED', statusInfo: AUTO_REJECTED_BY_TIMEOUT, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
      .where(and(inArray(orders.id, overdue), eq(orders.status, 'CREATED')))
      .returning();
    for (const order of rejected) {
      await recordStatusChange(tx, { order, fromStatus: 'CREATED', actor: { type: 'SYSTEM' } });
    }
    // docs/domain.md#email-alerts: the team's mail (at most one per location an hour) commits with the rejections.
    if (rejected.length)
      await noteAutoRejected(
        tx,
        rejected.map((order) => order.locationId),
      );
    return rejected;
  });
}

/** The background sweep (lib/background-loops.ts); readers and PATCH apply the same rule inline. */
export function autoRejectLoop(handle: DatabaseHandle): Loop {
  return {
    name: 'orders-auto-reject',
    idleMs: 1000,
    async run() {
      const rejected = await autoRejectOverdueOrders(handle.db, { limit: SWEEP_BATCH, skipLocked: true });
      return rejected.length === SWEEP_BATCH;
    },
  };
}
