import { and, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from '@/db/client';
import { asDate, rowsOf } from '@/db/rows';
import { alertEpisodes, autoRejectAlerts, connections, locations, orders, partners, posPresence } from '@/db/schema';
import { config } from '@/lib/config';
import { freshPresence } from '@/lib/events/pos-presence';
import type { Loop } from '@/lib/loop';
import { enqueueMail } from '@/lib/mail/outbox';
import { autoRejectAlertMail, posOfflineAlertMail, posOfflinePauseAlertMail, type RenderedMail } from '@/lib/mail/templates';
import type { MerchantAlertKind } from './kinds';
import { alertRecipients, type AlertRecipient } from './recipients';

/** At most one auto-reject mail per location in this time (docs/domain.md#email-alerts). */
export const AUTO_REJECT_ALERT_INTERVAL = '1 hour';

const BATCH = 50;

/** Queues one alert to each of the location's recipients, in the caller's transaction; resolves with how many. */
async function mailTeam(db: Executor, kind: MerchantAlertKind, locationId: string, render: (recipient: AlertRecipient, locationName: string) => RenderedMail) {
  const [location] = await db.select({ merchantId: locations.merchantId, name: locations.name }).from(locations).where(eq(locations.id, locationId));
  if (!location) return 0;
  const recipients = await alertRecipients(db, location.merchantId, locationId, kind);
  for (const recipient of recipients) {
    await enqueueMail(db, { purpose: `alert-${kind.toLowerCase().replaceAll('_', '-')}`, to: recipient.email, ...render(recipient, location.name) });
  }
  return recipients.length;
}

/**
 * Claims the alert of one episode at one location (`since`: when its POS was last online): true for the one
 * transaction, across instances, that inserts the key; another inserting it at once waits for that one and finds it.
 */
async function claimEpisode(db: Executor, kind: MerchantAlertKind, locationId: string, since: Date): Promise<boolean> {
  const inserted = await db.insert(alertEpisodes).values({ kind, locationId, since }).onConflictDoNothing().returning({ kind: alertEpisodes.kind });
  return inserted.length > 0;
}

/**
 * (b) The POS-offline rule has just paused a location (the availability scheduler, in the transaction that publishes
 * the pause): one mail per offline episode, however often the scheduler looks.
 */
export async function alertPosOfflinePause(tx: Executor, locationId: string, offlineSince: Date): Promise<number> {
  if (!(await claimEpisode(tx, 'POS_OFFLINE_PAUSE', locationId, offlineSince))) return 0;
  return mailTeam(tx, 'POS_OFFLINE_PAUSE', locationId, (recipient, locationName) =>
    posOfflinePauseAlertMail({ name: recipient.name, locationName, locationId }),
  );
}

/**
 * (a) Locations whose connected POS has been offline for ALERT_POS_OFFLINE_MINUTES or more while orders wait (CREATED)
 * and whose team has not had this alert for this offline episode; each gets it once, by the database clock.
 */
export async function alertPosOfflineWithWaitingOrders(db: Executor, limit = BATCH): Promise<number> {
  const minutes = config().ALERT_POS_OFFLINE_MINUTES;
  return db.transaction(async (tx) => {
    // One statement finds the due locations and claims their episode (since = lastOnlineAt, to the microsecond), so
    // of two instances at once only one gets each location back; the other waits for it, then conflicts.
    const claimed = rowsOf<{ id: string; since: unknown; waiting: number | string }>(
      await tx.execute(sql`
        insert into ${alertEpisodes} (kind, location_id, since)
        select 'POS_OFFLINE', ${locations.id}, ${locations.lastOnlineAt}
        from ${locations}
        where ${locations.lastOnlineAt} <= now() - make_interval(mins => ${minutes})
          and not exists (select 1 from ${posPresence} where ${posPresence.locationId} = ${locations.id} and ${freshPresence()})
          and exists (select 1 from ${connections} join ${partners} on ${partners.id} = ${connections.partnerId}
            where ${connections.locationId} = ${locations.id} and ${partners.type} = 'POS')
          and exists (select 1 from ${orders} where ${orders.locationId} = ${locations.id} and ${orders.status} = 'CREATED')
          and not exists (select 1 from ${alertEpisodes} where ${alertEpisodes.kind} = 'POS_OFFLINE'
            and ${alertEpisodes.locationId} = ${locations.id} and ${alertEpisodes.since} = ${locations.lastOnlineAt})
        order by ${locations.id}
        limit ${limit}
        on conflict do nothing
        returning ${alertEpisodes.locationId} as id, ${alertEpisodes.since} as since,
          (select count(*) from ${orders} where ${orders.locationId} = ${alertEpisodes.locationId} and ${orders.status} = 'CREATED') as waiting`),
    );
    for (const row of claimed) {
      const since = asDate(row.since)!;
      await mailTeam(tx, 'POS_OFFLINE', row.id, (recipient, locationName) =>
        posOfflineAlertMail({ name: recipient.name, locationName, locationId: row.id, minutes, waiting: Number(row.waiting), offlineSince: since }),
      );
    }
    return claimed.length;
  });
}

/** The auto-reject mail for one location, and its row reset: nothing unmailed, mailed now. */
async function mailAutoRejectSummary(tx: Executor, locationId: string, count: number, since: Date) {
  await mailTeam(tx, 'ORDERS_AUTO_REJECTED', locationId, (recipient, locationName) =>
    autoRejectAlertMail({ name: recipient.name, locationName, locationId, count, since }),
  );
  await tx
    .update(autoRejectAlerts)
    .set({ unmailedCount: 0, firstUnmailedAt: null, lastMailedAt: sql`now()` })
    .where(eq(autoRejectAlerts.locationId, locationId));
}

/**
 * (c) Orders were just auto-rejected (in the transaction that rejected them): counted per location, and mailed at once
 * unless the location had this mail within the hour; then they wait for the summary (sendAutoRejectSummaries). The
 * upsert locks the location's row, so concurrent rejections at one location (any instance) queue one mail between them.
 */
export async function noteAutoRejected(tx: Executor, rejectedLocationIds: readonly string[]): Promise<void> {
  const counts = new Map<string, number>();
  for (const locationId of rejectedLocationIds) counts.set(locationId, (counts.get(locationId) ?? 0) + 1);
  // In one order everywhere, so two transactions locking several locations never wait for each other in a circle.
  for (const locationId of [...counts.keys()].sort()) {
    const [row] = await tx
      .insert(autoRejectAlerts)
      .values({ locationId, unmailedCount: counts.get(locationId)!, firstUnmailedAt: sql`now()` })
      .onConflictDoUpdate({
        target: autoRejectAlerts.locationId,
        set: {
          unmailedCount: sql`${autoRejectAlerts.unmailedCount} + excluded.unmailed_count`,
          firstUnmailedAt: sql`coalesce(${autoRejectAlerts.firstUnmailedAt}, excluded.first_unmailed_at)`,
        },
      })
      .returning({
        count: autoRejectAlerts.unmailedCount,
        since: autoRejectAlerts.firstUnmailedAt,
        due: sql<boolean>`(${autoRejectAlerts.lastMailedAt} is null or ${autoRejectAlerts.lastMailedAt} <= now() - ${AUTO_REJECT_ALERT_INTERVAL}::interval)`,
      });
    if (row?.due) await mailAutoRejectSummary(tx, locationId, row.count, asDate(row.since)!);
  }
}

/** Auto-rejections that waited out the hour after a mail go out as one summary per location. */
export async function sendAutoRejectSummaries(db: Executor, limit = BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(autoRejectAlerts)
      .where(and(sql`${autoRejectAlerts.unmailedCount} > 0`, sql`${autoRejectAlerts.lastMailedAt} <= now() - ${AUTO_REJECT_ALERT_INTERVAL}::interval`))
      .orderBy(autoRejectAlerts.locationId)
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const row of due) await mailAutoRejectSummary(tx, row.locationId, row.unmailedCount, row.firstUnmailedAt ?? new Date());
    return due.length;
  });
}

/** The alerts the clock raises: POS offline with waiting orders, and auto-reject summaries whose hour is up. */
export function merchantAlertsLoop(handle: DatabaseHandle): Loop {
  return {
    name: 'merchant-alerts',
    idleMs: 15_000,
    async run() {
      const offline = await alertPosOfflineWithWaitingOrders(handle.db);
      const summaries = await sendAutoRejectSummaries(handle.db);
      return offline === BATCH || summaries === BATCH;
    },
  };
}
