import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';

/**
 * Changes that take reach away from tokens and sessions already handed out. Access checks on HTTP calls read the
 * database on every request, so they need nothing more; an open POS WebSocket was authorised once, at its upgrade, and
 * so was an open dashboard stream, so every instance hears of these on this channel (a NOTIFY is delivered on commit,
 * to every instance) and closes the sockets (docs/contract.md#scope and docs/contract.md#pos-websocket: code 4001 for a revoked token, 4003 for a location
 * out of scope) and streams concerned.
 */
export const ACCESS_CHANNEL = 'counterpart_access';

const accessNoticeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('GRANT_REVOKED'), grantId: z.string() }),
  z.object({ kind: z.literal('TOKEN_REVOKED'), jti: z.string() }),
  z.object({ kind: z.literal('CONNECTION_REMOVED'), partnerId: z.string(), locationId: z.string() }),
  // A dashboard session signed out, by the key the database holds it under (never the session id itself).
  z.object({ kind: z.literal('DASHBOARD_SESSION_ENDED'), sessionKey: z.string() }),
  // Every dashboard session of a user ended: disabled, password or role changed, signed out everywhere.
  z.object({ kind: z.literal('USER_SESSIONS_ENDED'), userId: z.string() }),
]);

export type AccessNotice = z.output<typeof accessNoticeSchema>;

/** Announces a loss of reach; inside a transaction it is heard only if, and when, the transaction commits. */
export async function announceAccessChange(db: Executor, notice: AccessNotice): Promise<void> {
  await db.execute(sql`select pg_notify(${ACCESS_CHANNEL}, ${JSON.stringify(notice)})`);
}

export function parseAccessNotice(payload: string): AccessNotice | undefined {
  try {
    const parsed = accessNoticeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
