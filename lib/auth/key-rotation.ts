import { desc } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { signingKeys } from '@/db/schema';
import { config } from '@/lib/config';
import { rotateSigningKey } from './signing-keys';

/**
 * Starts signing with a new key. The retired key stays in the JWKS for the longest token lifetime, so every token
 * it signed can still be verified until it expires.
 */
export async function rotateSigningKeys(db: Executor): Promise<{ kid: string }> {
  const { ACCESS_TOKEN_TTL_SECONDS, CLIENT_CREDENTIALS_TOKEN_TTL_SECONDS } = config();
  const longestTokenSeconds = Math.max(ACCESS_TOKEN_TTL_SECONDS, CLIENT_CREDENTIALS_TOKEN_TTL_SECONDS);
  // Retiring the old key and adding the new one commit together, so there is always exactly one signing key.
  return { kid: await db.transaction((tx) => rotateSigningKey(tx, longestTokenSeconds)) };
}

export interface SigningKeySummary {
  kid: string;
  alg: string;
  createdAt: Date;
  retiredAt: Date | null;
  publishedUntil: Date | null;
  state: 'ACTIVE' | 'PUBLISHED' | 'EXPIRED';
}

/** Keys for the admin page, newest first: the signing one, retired ones still published, and expired ones. */
export async function signingKeySummaries(db: Executor, now = new Date()): Promise<SigningKeySummary[]> {
  const rows = await db
    .select({
      kid: signingKeys.kid,
      alg: signingKeys.alg,
      createdAt: signingKeys.createdAt,
      retiredAt: signingKeys.retiredAt,
      publishedUntil: signingKeys.publishedUntil,
    })
    .from(signingKeys)
    .orderBy(desc(signingKeys.createdAt));
  return rows.map((row) => ({
    ...row,
    state: !row.retiredAt ? 'ACTIVE' : row.publishedUntil && row.publishedUntil > now ? 'PUBLISHED' : 'EXPIRED',
  }));
}
