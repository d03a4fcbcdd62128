import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { users } from '@/db/schema';

export interface AlertRecipient {
  email: string;
  name: string | null;
}

/**
 * Who gets a partner's operational alerts (a webhook endpoint failing or disabled): the one place that decides it. The
 * partner's enabled developers (role PARTNER_DEVELOPER); its loyalty reviewers decide onboarding, not integrations.
 */
export async function partnerAlertRecipients(db: Executor, partnerId: string): Promise<AlertRecipient[]> {
  return db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.partnerId, partnerId), eq(users.role, 'PARTNER_DEVELOPER'), isNull(users.disabledAt)))
    .orderBy(asc(users.email));
}
