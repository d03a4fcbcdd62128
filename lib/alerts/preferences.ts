import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { alertOptOuts } from '@/db/schema';
import { MERCHANT_ALERTS, type MerchantAlertKind } from './kinds';

/** Each alert and whether this user gets it (every alert is on until the user turns it off). */
export async function alertPreferences(db: Executor, userId: string): Promise<{ kind: MerchantAlertKind; on: boolean }[]> {
  const off = new Set((await db.select({ kind: alertOptOuts.kind }).from(alertOptOuts).where(eq(alertOptOuts.userId, userId))).map((row) => row.kind));
  return MERCHANT_ALERTS.map((alert) => ({ kind: alert.kind, on: !off.has(alert.kind) }));
}

/** Sets which alerts the signed-in user gets: those in `on`; every other is turned off. Only ever the user's own. */
export async function setAlertPreferences(db: Executor, userId: string, on: ReadonlySet<MerchantAlertKind>): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { kind } of MERCHANT_ALERTS) {
      if (on.has(kind)) await tx.delete(alertOptOuts).where(and(eq(alertOptOuts.userId, userId), eq(alertOptOuts.kind, kind)));
      else await tx.insert(alertOptOuts).values({ userId, kind }).onConflictDoNothing();
    }
  });
}
