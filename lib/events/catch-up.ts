import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { eventRecipients, events } from '@/db/schema';
import { ApiError } from '@/lib/errors';
import { eventInScope, type ScopedCaller } from '@/lib/tenancy/scope';

type PartnerCaller = ScopedCaller & { partnerId: string };
import { publicEvent } from './event-json';
import { eventTypes } from './event-types';

/** docs/contract.md#catch-up: the catch-up feed keeps events 30 days. */
export const EVENT_RETENTION_DAYS = 30;

export const catchUpQuerySchema = z.object({
  after: z.string().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(50),
});

export const eventSchema = z
  .object({
    id: z.string(),
    type: z.enum(eventTypes),
    createdAt: z.string(),
    locationId: z.string().nullable(),
    data: z.object({ id: z.string(), uri: z.string(), resource: z.string(), version: z.number().int() }),
  })
  .meta({ id: 'Event', description: 'The event JSON sent identically over webhooks, the POS WebSocket and the catch-up feed.' });

export const catchUpPageSchema = z
  .object({
    results: z.array(eventSchema),
    lastEventId: z.string().nullable().meta({ description: 'Pass as `after` to read the next page.' }),
    hasMore: z.boolean(),
  })
  .meta({ id: 'EventPage', description: "A page of the caller's events, oldest first." });

/**
 * The caller's events after `after`, oldest first. Pages follow (transaction id, seq) and stop at the oldest
 * transaction still running: an event whose transaction took a lower seq but commits later can then never be
 * skipped by a consumer that has already paged past it. Each event's own transaction always comes first, so a
 * just-committed event appears as soon as no older transaction is still open.
 */
export async function eventsAfter(db: Executor, caller: PartnerCaller, input: z.output<typeof catchUpQuerySchema>) {
  const { partnerId } = caller;
  // A POS vendor is one partner at many merchants: a device token reads only its own locations' events (docs/contract.md#device-flow).
  const reachable = eventInScope(db, caller, events.locationId);
  let cursor: { txid: string; seq: number } | undefined;
  if (input.after) {
    const [row] = await db
      .select({ txid: eventRecipients.txid, seq: eventRecipients.eventSeq })
      .from(eventRecipients)
      .innerJoin(events, eq(events.id, eventRecipients.eventId))
      .where(and(eq(eventRecipients.partnerId, partnerId), eq(eventRecipients.eventId, input.after), reachable))
      .limit(1);
    if (!row) {
      throw new ApiError('UNKNOWN_EVENT', `Event ${input.after} is not one of your events of the last ${EVENT_RETENTION_DAYS} days.`, {
        status: 422,
        errors: [{ segment: 'query', path: 'after', message: 'unknown event id' }],
      });
    }
    cursor = row;
  }
  const rows = await db
    .select({ payload: events.payload })
    .from(eventRecipients)
    .innerJoin(events, eq(events.id, eventRecipients.eventId))
    .where(
      and(
        eq(eventRecipients.partnerId, partnerId),
        reachable,
        sql`${eventRecipients.txid} < pg_snapshot_xmin(pg_current_snapshot())`,
        cursor ? sql`(${eventRecipients.txid}, ${eventRecipients.eventSeq}) > (${cursor.txid}::xid8, ${cursor.seq})` : undefined,
      ),
    )
    .orderBy(asc(eventRecipients.txid), asc(eventRecipients.eventSeq))
    .limit(input.limit + 1);
  const results = rows.slice(0, input.limit).map((row) => publicEvent(row.payload));
  return catchUpPageSchema.parse({
    results,
    lastEventId: results.at(-1)?.id ?? input.after ?? null,
    hasMore: rows.length > input.limit,
  });
}

/** Deletes events past retention, a bounded batch at a time (recipients, deliveries and attempts cascade). */
export async function sweepExpiredEvents(db: Executor, batchSize = 1000, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - EVENT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const expired = db.select({ id: events.id }).from(events).where(lt(events.createdAt, cutoff)).limit(batchSize);
  const deleted = await db
    .delete(events)
    .where(sql`${events.id} in (${expired})`)
    .returning({ id: events.id });
  return deleted.length;
}
