import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { users } from '@/db/schema';

export interface AlertRecipient {
  email: string;
  name: string | null;
}

/**
 * Who gets a partner's operational alerts (a webhook endpoint failing or disabled): the one place that decides it.
 * Today every enabled user of the partner (users.partner_id); once partners have developer roles, the developers.
 */
export async function partnerAlertRecipients(db: Executor, partnerId: string): Promise<AlertRecipient[]> {
  return db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.partnerId, partnerId), isNull(users.disabledAt)))
    .orderBy(asc(users.email));
}
