import { lt } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from '@/db/client';
import { deviceAuthorizations, revokedAccessTokens } from '@/db/schema';
import type { Loop } from '@/lib/background/runner';
import { purgeExpiredTokens } from './one-time-tokens';

/** Device authorizations are kept a day past expiry, so a late poll still reads expired_token rather than invalid_grant. */
const DEVICE_AUTHORIZATION_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Drops what can no longer matter: revocation entries of access tokens that have expired anyway, and device
 * authorizations and mailed one-time tokens a day past their expiry (approved ones keep their grant; only the code row goes).
 */
export async function purgeExpiredAuthRecords(db: Executor, now = new Date()): Promise<number> {
  const revoked = await db.delete(revokedAccessTokens).where(lt(revokedAccessTokens.expiresAt, now)).returning({ jti: revokedAccessTokens.jti });
  const devices = await db
    .delete(deviceAuthorizations)
    .where(lt(deviceAuthorizations.expiresAt, new Date(now.getTime() - DEVICE_AUTHORIZATION_RETENTION_MS)))
    .returning({ id: deviceAuthorizations.id });
  return revoked.length + devices.length + (await purgeExpiredTokens(db, now));
}

/** The background loop for lib/background-loops.ts: hourly is plenty. */
export function authHousekeepingLoop(handle: DatabaseHandle): Loop {
  return {
    name: 'auth-housekeeping',
    idleMs: 60 * 60 * 1000,
    async run() {
      await purgeExpiredAuthRecords(handle.db);
      return false;
    },
  };
}
