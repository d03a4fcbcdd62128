import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { eventRecipients, events } from '@/db/schema';

/** The events about one order, oldest first, each with its sorted recipients. */
export async function orderEvents(db: Database, orderId: string) {
  const rows = await db
    .select({ type: events.type, version: events.resourceVersion, seq: events.seq, actor: events.actorPartnerId })
    .from(events)
    .where(and(eq(events.resource, 'order'), eq(events.resourceId, orderId)))
    .orderBy(asc(events.seq));
  const result = [];
  for (const row of rows) {
    const recipients = await db.select({ partnerId: eventRecipients.partnerId }).from(eventRecipients).where(eq(eventRecipients.eventSeq, row.seq));
    result.push({ type: row.type, version: row.version, recipients: recipients.map((recipient) => recipient.partnerId).sort() });
  }
  return result;
}
