import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { settings } from '@/db/schema';

/**
 * Returns the stored value of `key`, creating it with `create()` the first time (first writer wins across instances).
 * Stored as is: a secret belongs in `sealedSetting` (lib/security/stored-secrets.ts), sealed at rest (docs/contract.md#secrets-at-rest).
 */
export async function generatedSetting(db: Executor, key: string, create: () => string): Promise<string> {
  await db.insert(settings).values({ key, value: create() }).onConflictDoNothing();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row!.value;
}
