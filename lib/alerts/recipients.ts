import { and, eq, exists, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { alertOptOuts, memberLocations, users } from '@/db/schema';
import { MERCHANT_ROLES, can } from '@/lib/tenancy/roles';
import type { MerchantAlertKind } from './kinds';

export interface AlertRecipient {
  id: string;
  email: string;
  name: string | null;
}

/**
 * docs/domain.md#email-alerts: who gets an alert about one location of a merchant: the merchant's enabled members whose
 * role receives alerts (owners and managers, docs/domain.md#merchant-teams) and who reach that location (no location
 * restriction, or one that names it), minus those who turned this alert off. The one place that decides it.
 */
export async function alertRecipients(db: Executor, merchantId: string, locationId: string, kind: MerchantAlertKind): Promise<AlertRecipient[]> {
  const receiving = MERCHANT_ROLES.filter((role) => can({ role }, 'alerts.receive'));
  const restricted = (location?: string) =>
    db
      .select({ one: sql`1` })
      .from(memberLocations)
      .where(and(eq(memberLocations.userId, users.id), location === undefined ? undefined : eq(memberLocations.locationId, location)));
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.merchantId, merchantId),
        inArray(users.role, receiving),
        or(notExists(restricted()), exists(restricted(locationId))),
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
