import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { aliased, columnNames, rowsOf } from '@/db/rows';
import { webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { notFound } from '@/lib/errors';
import { countFinished } from './deliveries-claim';
import { EVENTS_CHANNEL } from './outbox';

export const replaySinceSchema = z
  .object({ since: z.iso.datetime({ offset: true }).meta({ description: 'Replay FAILED deliveries created at or after this time.' }) })
  .meta({ id: 'ReplaySince' });

export const replayResultSchema = z
  .object({ endpointId: z.string(), replayed: z.number().int(), deliveryIds: z.array(z.string()) })
  .meta({ id: 'ReplayResult', description: 'The deliveries queued to be sent again.' });

/**
 * Sends the chosen deliveries again with a fresh retry schedule (their earlier attempts stay in webhook_attempts), in
 * one statement that also takes the finished ones back out of the console's counts: each is counted again when it
 * finishes again.
 */
async function requeue(db: Executor, chosen: SQL) {
  const d = aliased(webhookDeliveries, 'd');
  const result = await db.execute(sql`
    with chosen as (
      select ${webhookDeliveries.id}, ${webhookDeliveries.status}::text as status from ${webhookDeliveries} where ${chosen} for update
    ), requeued as (
      update ${d.from}
      set ${columnNames(webhookDeliveries.status)} = 'PENDING', ${columnNames(webhookDeliveries.attemptCount)} = 0,
        ${columnNames(webhookDeliveries.nextAttemptAt)} = now(), ${columnNames(webhookDeliveries.completedAt)} = null,
        ${columnNames(webhookDeliveries.lockedUntil)} = null
      from chosen where ${d.ref.id} = chosen.id
      returning ${d.ref.id}, ${d.ref.eventId} as "eventId", ${d.ref.partnerId} as partner_id, ${d.ref.createdAt} as created_at,
        chosen.status as previous_status
    ), uncounted as (
      ${countFinished(sql`select partner_id, created_at, previous_status as status, -1 as n from requeued where previous_status <> 'PENDING'`)}
    )
    select id, "eventId" from requeued`);
  return rowsOf<{ id: string; eventId: string }>(result);
}

/** Sends one delivery again (docs/contract.md#webhooks: failed deliveries are kept for replay); any status may be replayed. */
export async function replayDelivery(db: Executor, deliveryId: string) {
  const [row] = await requeue(db, eq(webhookDeliveries.id, deliveryId));
  if (!row) throw notFound('Delivery');
  await notifyDispatcher(db);
  return { id: row.id, status: 'PENDING' as const, eventId: row.eventId };
}

/** Sends again every FAILED delivery of an endpoint created since `since`. */
export async function replayFailedDeliveries(db: Executor, endpointId: string, since: Date) {
  const [endpoint] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)).limit(1);
  if (!endpoint) throw notFound('Webhook endpoint');
  const rows = await requeue(
    db,
    and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'FAILED'), gte(webhookDeliveries.createdAt, since))!,
  );
  if (rows.length) await notifyDispatcher(db);
  return { endpointId, replayed: rows.length, deliveryIds: rows.map((row) => row.id) };
}

// Wakes the dispatchers (they LISTEN on the events channel) so a replay goes out at once rather than on the next poll.
async function notifyDispatcher(db: Executor) {
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, '{"replay":true}')`);
}
