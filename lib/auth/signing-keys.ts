import { desc, eq, gt, isNull, or } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { getDb, type Executor } from '@/db/client';
import { signingKeys } from '@/db/schema';
import { newPrefixedId } from '@/lib/ids';
import { open, seal } from '@/lib/security/sealed-secrets';
import { signingKeyContext } from '@/lib/security/stored-secrets';

export const SIGNING_ALG = 'ES256';

export interface ActiveSigningKey {
  kid: string;
  privateKey: CryptoKey;
}

/** Creates the first signing key, or returns the current one (created on first start and persisted). */
export async function ensureSigningKey(db: Executor): Promise<void> {
  const [current] = await db.select({ kid: signingKeys.kid }).from(signingKeys).where(isNull(signingKeys.retiredAt)).limit(1);
  if (!current) await createSigningKey(db);
}

export async function createSigningKey(db: Executor): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const kid = newPrefixedId('key');
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG };
  // docs/contract.md#secrets-at-rest: the private half is stored sealed, so a database dump mints no token.
  const sealed = seal(JSON.stringify(privateJwk), signingKeyContext(kid));
  await db.insert(signingKeys).values({ kid, alg: SIGNING_ALG, privateJwk: sealed, publicJwk });
  return kid;
}

/**
 * Retires the current key and starts signing with a new one. The old public key stays published until
 * every token it signed has expired (`longestTokenSeconds` after now).
 */
export async function rotateSigningKey(db: Executor, longestTokenSeconds: number): Promise<string> {
  // The caller may rotate inside a transaction: forget every cached key, not only this executor's.
  activeKeyCache = new WeakMap();
  verificationKeyCache = new WeakMap();
  const now = new Date();
  await db
    .update(signingKeys)
    .set({ retiredAt: now, publishedUntil: new Date(now.getTime() + longestTokenSeconds * 1000) })
    .where(isNull(signingKeys.retiredAt));
  return createSigningKey(db);
}

const keyCache = new Map<string, CryptoKey>();

/** Imports a key once per process; `jwk` is only called (to open a sealed private key, say) when not yet imported. */
async function importCached(cacheKey: string, jwk: () => JWK): Promise<CryptoKey> {
  let key = keyCache.get(cacheKey);
  if (!key) {
    key = (await importJWK(jwk(), SIGNING_ALG)) as CryptoKey;
    keyCache.set(cacheKey, key);
  }
  return key;
}

function openPrivateJwk(kid: string, stored: unknown): JWK {
  if (typeof stored !== 'string') throw new Error(`signing key ${kid} is stored unsealed`);
  return JSON.parse(open(stored, signingKeyContext(kid))) as JWK;
}

// Every token issuance needs the active key; a short cache spares a query each time. After a rotation by another
// instance this one may sign with the retired key for up to a minute, which stays published well beyond that.
const ACTIVE_KEY_CACHE_MS = 60_000;
let activeKeyCache = new WeakMap<Executor, { key: ActiveSigningKey; until: number }>();

export async function activeSigningKey(db: Executor): Promise<ActiveSigningKey> {
  const cacheKey = cacheKeyOf(db);
  const cached = activeKeyCache.get(cacheKey);
  if (cached && cached.until > Date.now()) return cached.key;
  const key = await loadActiveSigningKey(db);
  activeKeyCache.set(cacheKey, { key, until: Date.now() + ACTIVE_KEY_CACHE_MS });
  return key;
}

/** Tokens are mostly issued inside a transaction, which belongs to the process database: cache under that. */
function cacheKeyOf(db: Executor): Executor {
  if (!(db instanceof PgTransaction)) return db;
  try {
    return getDb();
  } catch {
    return db;
  }
}

async function loadActiveSigningKey(db: Executor): Promise<ActiveSigningKey> {
  const [row] = await db.select().from(signingKeys).where(isNull(signingKeys.retiredAt)).orderBy(desc(signingKeys.createdAt)).limit(1);
  if (!row) throw new Error('No active signing key');
  return { kid: row.kid, privateKey: await importCached(`private:${row.kid}`, () => openPrivateJwk(row.kid, row.privateJwk)) };
}

/** Public keys a verifier may use: the active one and retired ones still within their publication window. */
export async function publishedKeys(db: Executor): Promise<JWK[]> {
  const rows = await db
    .select({ publicJwk: signingKeys.publicJwk })
    .from(signingKeys)
    .where(or(isNull(signingKeys.retiredAt), gt(signingKeys.publishedUntil, new Date())))
    .orderBy(desc(signingKeys.createdAt));
  return rows.map((row) => row.publicJwk as JWK);
}

// A key's public half never changes, and its publication window only ever ends later than every token it signed, so a
// verifier keeps each key it has seen for a minute: checking a token then needs no query for its key.
const VERIFICATION_KEY_CACHE_MS = 60_000;
interface KnownKey {
  key: CryptoKey;
  /** Until when tokens it signed may be verified: forever while it signs, else its publication window. */
  publishedUntil: number;
  until: number;
}
let verificationKeyCache = new WeakMap<Executor, Map<string, KnownKey>>();

export async function verificationKey(db: Executor, kid: string): Promise<CryptoKey | undefined> {
  const cacheKey = cacheKeyOf(db);
  let known = verificationKeyCache.get(cacheKey);
  if (!known) verificationKeyCache.set(cacheKey, (known = new Map()));
  const now = Date.now();
  let entry = known.get(kid);
  if (!entry || entry.until <= now) {
    const [row] = await db
      .select({ publicJwk: signingKeys.publicJwk, retiredAt: signingKeys.retiredAt, publishedUntil: signingKeys.publishedUntil })
      .from(signingKeys)
      .where(eq(signingKeys.kid, kid))
      .limit(1);
    // Unknown key ids are not remembered, so made-up ones cannot fill the cache.
    if (!row) return undefined;
    entry = {
      key: await importCached(`public:${kid}`, () => row.publicJwk as JWK),
      publishedUntil: row.retiredAt ? (row.publishedUntil?.getTime() ?? 0) : Infinity,
      until: now + VERIFICATION_KEY_CACHE_MS,
    };
    known.set(kid, entry);
  }
  return entry.publishedUntil > now ? entry.key : undefined;
}
