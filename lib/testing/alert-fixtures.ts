import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from '@/db/client';
import { locations, orders, users } from '@/db/schema';
import { newId } from '@/lib/ids';
import { createMailSender } from '@/lib/mail/mail-sender';
import { sampleOrderRequest } from '@/lib/orders/sample-order';
import { createOrder } from '@/lib/orders/create-order';
import type { TestPartner } from './fixtures';

/** A dashboard user of a merchant (no usable password: alerts only need the address). */
export async function teamMember(db: Executor, merchantId: string, email: string, name: string | null = null) {
  const [user] = await db.insert(users).values({ id: newId(), email, name, passwordHash: 'unusable', role: 'OWNER', merchantId }).returning();
  return user!;
}

/** An order from `app` at `locationId`, left CREATED (waiting for the POS). */
export async function waitingOrder(db: Executor, app: TestPartner, locationId: string) {
  const { order } = await createOrder(
    db,
    { partnerId: app.partnerId, partnerName: app.name, scope: { kind: 'PARTNER_CONNECTIONS', partnerId: app.partnerId } },
    sampleOrderRequest(locationId),
  );
  return order;
}

/** Makes every CREATED order at the location overdue for auto-reject. */
export async function makeOverdue(db: Executor, locationId: string) {
  await db
    .update(orders)
    .set({ autoRejectAt: sql`now() - interval '1 second'` })
    .where(sql`${orders.locationId} = ${locationId} and ${orders.status} = 'CREATED'`);
}

/** The location's POS left `minutes` ago (its socket closed then). */
export async function posLeft(db: Executor, locationId: string, minutes: number) {
  await db
    .update(locations)
    .set({ lastOnlineAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(locations.id, locationId));
}

/** Sends every queued mail through the configured SMTP_URL; resolves with how many went. */
export async function deliverQueuedMail(handle: DatabaseHandle): Promise<number> {
  const sender = createMailSender(handle, { batchSize: 50 });
  let total = 0;
  for (let count = await sender.sendBatch(); count > 0; count = await sender.sendBatch()) total += count;
  return total;
}
