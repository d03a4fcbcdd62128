import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { oneTimeTokens } from '@/db/schema';
import { randomSecret, secretDigest } from '@/lib/tenancy/secrets';

/** What a token may be spent on; one kind can never be spent as another. */
export type TokenPurpose = 'password-reset' | 'invitation';

export interface IssuedToken {
  /** The token itself: goes into the link and nowhere else (only its digest is stored). */
  token: string;
  expiresAt: Date;
}

export interface LiveToken {
  subjectId: string;
  payload: unknown;
  expiresAt: Date;
}

/** Issues a single-use token for `subjectId` (a user, an invitation) that expires after `ttlSeconds`. */
export async function issueToken(
  db: Executor,
  input: { purpose: TokenPurpose; subjectId: string; ttlSeconds: number; payload?: unknown },
  now = new Date(),
): Promise<IssuedToken> {
  const token = randomSecret(32);
  const expiresAt = new Date(now.getTime() + input.ttlSeconds * 1000);
  await db.insert(oneTimeTokens).values({
    tokenHash: secretDigest(token),
    purpose: input.purpose,
    subjectId: input.subjectId,
    payload: input.payload ?? null,
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

const live = (purpose: TokenPurpose, token: string, now: Date) =>
  and(eq(oneTimeTokens.tokenHash, secretDigest(token)), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now));

/** What an unused, unexpired token stands for, without spending it (to show the form it opens); undefined otherwise. */
export async function peekToken(db: Executor, purpose: TokenPurpose, token: string, now = new Date()): Promise<LiveToken | undefined> {
  const [row] = await db
    .select({ subjectId: oneTimeTokens.subjectId, payload: oneTimeTokens.payload, expiresAt: oneTimeTokens.expiresAt })
    .from(oneTimeTokens)
    .where(live(purpose, token, now));
  return row;
}

/**
 * Spends a token: one statement marks it used only if it is unused and unexpired, so of two concurrent attempts exactly
 * one gets it. Undefined for an unknown, spent, expired or other-purpose token. Call it in the transaction of the change
 * the token allows, so a change that fails leaves the token unspent.
 */
export async function spendToken(db: Executor, purpose: TokenPurpose, token: string, now = new Date()): Promise<LiveToken | undefined> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(live(purpose, token, now))
    .returning({ subjectId: oneTimeTokens.subjectId, payload: oneTimeTokens.payload, expiresAt: oneTimeTokens.expiresAt });
  return row;
}

/** Voids every unspent token of a purpose for a subject (after a reset, the other reset links stop working). */
export async function voidTokens(db: Executor, purpose: TokenPurpose, subjectId: string, now = new Date()): Promise<number> {
  const voided = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.purpose, purpose), eq(oneTimeTokens.subjectId, subjectId), isNull(oneTimeTokens.usedAt)))
    .returning({ tokenHash: oneTimeTokens.tokenHash });
  return voided.length;
}

// Spent and expired tokens are kept a day, so a second click on a link still finds it (and is told it was used).
const TOKEN_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Drops tokens a day past their expiry (auth housekeeping). */
export async function purgeExpiredTokens(db: Executor, now = new Date()): Promise<number> {
  const purged = await db
    .delete(oneTimeTokens)
    .where(lt(oneTimeTokens.expiresAt, new Date(now.getTime() - TOKEN_RETENTION_MS)))
    .returning({ tokenHash: oneTimeTokens.tokenHash });
  return purged.length;
}

/**
 * A token's record whatever its state (spent and expired ones are kept a day), so a link that no longer works can say
 * why: used, expired, or unknown (undefined).
 */
export async function tokenRecord(
  db: Executor,
  purpose: TokenPurpose,
  token: string,
): Promise<{ subjectId: string; expiresAt: Date; usedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ subjectId: oneTimeTokens.subjectId, expiresAt: oneTimeTokens.expiresAt, usedAt: oneTimeTokens.usedAt })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, secretDigest(token)), eq(oneTimeTokens.purpose, purpose)));
  return row;
}
