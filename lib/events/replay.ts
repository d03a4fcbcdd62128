import { and, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { notFound } from '@/lib/http/errors';
import { EVENTS_CHANNEL } from './outbox';

export const replaySinceSchema = z
  .object({ since: z.iso.datetime({ offset: true }).meta({ description: 'Replay FAILED deliveries created at or after this time.' }) })
  .meta({ id: 'ReplaySince' });

export const replayResultSchema = z
  .object({ endpointId: z.string(), replayed: z.number().int(), deliveryIds: z.array(z.string()) })
  .meta({ id: 'ReplayResult', description: 'The deliveries queued to be sent again.' });

// A replayed delivery starts a fresh retry schedule; its earlier attempts stay in webhook_attempts.
const replayValues = () => ({ status: 'PENDING' as const, attemptCount: 0, nextAttemptAt: sql`now()`, completedAt: null, lockedUntil: null });

/** Sends one delivery again (CONTRACT §7: failed deliveries are kept for replay); any status may be replayed. */
export async function replayDelivery(db: Executor, deliveryId: string) {
  const [row] = await db
    .update(webhookDeliveries)
    .set(replayValues())
    .where(eq(webhookDeliveries.id, deliveryId))
    .returning({ id: webhookDeliveries.id, status: webhookDeliveries.status, eventId: webhookDeliveries.eventId });
  if (!row) throw notFound('Delivery');
  await notifyDispatcher(db);
  return row;
}

/** Sends again every FAILED delivery of an endpoint created since `since`. */
export async function replayFailedDeliveries(db: Executor, endpointId: string, since: Date) {
  const [endpoint] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)).limit(1);
  if (!endpoint) throw notFound('Webhook endpoint');
  const rows = await db
    .update(webhookDeliveries)
    .set(replayValues())
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'FAILED'), gte(webhookDeliveries.createdAt, since)))
    .returning({ id: webhookDeliveries.id });
  if (rows.length) await notifyDispatcher(db);
  return { endpointId, replayed: rows.length, deliveryIds: rows.map((row) => row.id) };
}

// Wakes the dispatchers (they LISTEN on the events channel) so a replay goes out at once rather than on the next poll.
async function notifyDispatcher(db: Executor) {
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, '{"replay":true}')`);
}
