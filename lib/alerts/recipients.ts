import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { alertOptOuts, users } from '@/db/schema';
import type { MerchantAlertKind } from './kinds';

export interface AlertRecipient {
  id: string;
  email: string;
  name: string | null;
}

/**
 * docs/domain.md#email-alerts: who gets an alert about one location of a merchant: the merchant's enabled dashboard
 * users (role MERCHANT: every one of them may manage every location) minus those who turned this alert off. The one
 * place that decides it, so roles and location limits change it here alone.
 */
export async function alertRecipients(db: Executor, merchantId: string, _locationId: string, kind: MerchantAlertKind): Promise<AlertRecipient[]> {
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.merchantId, merchantId),
        eq(users.role, 'MERCHANT'),
        isNull(users.disabledAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(alertOptOuts)
            .where(and(eq(alertOptOuts.userId, users.id), eq(alertOptOuts.kind, kind))),
        ),
      ),
    )
    .orderBy(users.email);
}
