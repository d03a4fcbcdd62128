import { existsSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { settings, signingKeys, webhookEndpoints } from '@/db/schema';
import { installMasterKey, pendingKeyFile, type MasterKey, type ResolvedMasterKey } from './master-key';
import { isSealed, open, seal, SealedSecretError, sealedKeyId } from './sealed-secrets';

/**
 * Every secret Counterpart stores and must be able to read back (docs/contract.md#secrets-at-rest), sealed with the master key: the
 * ES256 private keys, the dashboard session secret, the card-fingerprint key and the webhook signing secrets (current
 * and, during a rotation, previous). Client secrets, refresh tokens and device codes are kept as digests and
 * passwords as argon2id hashes: they are never read back, so they need no sealing.
 */
export const signingKeyContext = (kid: string) => `signing_keys.private_jwk:${kid}`;
export const settingContext = (key: string) => `settings.${key}`;
// The current and the previous secret share one context: a rotation moves the sealed value from one to the other.
export const webhookSecretContext = (endpointId: string) => `webhook_endpoints.secret:${endpointId}`;

/** Settings rows that hold secrets (lib/settings.ts `sealedSetting`). */
export const SEALED_SETTINGS = ['auth_secret', 'card_fingerprint_key'] as const;

interface StoredSecret {
  context: string;
  /** As stored: a sealed value, or plain text written before sealing existed. */
  value: string;
  write(db: Executor, sealed: string): Promise<unknown>;
}

async function storedSecrets(db: Executor): Promise<StoredSecret[]> {
  const found: StoredSecret[] = [];
  for (const row of await db.select({ kid: signingKeys.kid, privateJwk: signingKeys.privateJwk }).from(signingKeys)) {
    found.push({
      context: signingKeyContext(row.kid),
      // A plain key is the JWK object itself; a sealed one a JSON string.
      value: typeof row.privateJwk === 'string' ? row.privateJwk : JSON.stringify(row.privateJwk),
      write: (tx, sealed) => tx.update(signingKeys).set({ privateJwk: sealed }).where(eq(signingKeys.kid, row.kid)),
    });
  }
  const settingRows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...SEALED_SETTINGS]));
  for (const row of settingRows) {
    found.push({
      context: settingContext(row.key),
      value: row.value,
      write: (tx, sealed) => tx.update(settings).set({ value: sealed }).where(eq(settings.key, row.key)),
    });
  }
  const endpoints = await db
    .select({ id: webhookEndpoints.id, secret: webhookEndpoints.secret, previousSecret: webhookEndpoints.previousSecret })
    .from(webhookEndpoints);
  for (const row of endpoints) {
    found.push({
      context: webhookSecretContext(row.id),
      value: row.secret,
      write: (tx, sealed) => tx.update(webhookEndpoints).set({ secret: sealed }).where(eq(webhookEndpoints.id, row.id)),
    });
    if (row.previousSecret !== null) {
      found.push({
        context: webhookSecretContext(row.id),
        value: row.previousSecret,
        write: (tx, sealed) => tx.update(webhookEndpoints).set({ previousSecret: sealed }).where(eq(webhookEndpoints.id, row.id)),
      });
    }
  }
  return found;
}

// Instances starting together on one PostgreSQL server seal old rows one after the other: the second finds nothing
// left to do. Any constant works; it only has to be the same for every Counterpart instance.
const SEALING_LOCK_KEY = 727_002;

async function underSealingLock<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEALING_LOCK_KEY})`);
    return work(tx);
  });
}

/**
 * Checks that every sealed value opens with `key`; throws a SealedSecretError naming COUNTERPART_SECRET_KEY when one
 * does not, so start-up stops before anything is sealed with a key that does not match the database.
 */
export async function checkStoredSecrets(db: Executor, key: MasterKey): Promise<number> {
  let checked = 0;
  for (const secret of await storedSecrets(db)) {
    if (!isSealed(secret.value)) continue;
    open(secret.value, secret.context, key);
    checked++;
  }
  return checked;
}

/**
 * Start-up: seals every secret still stored in plain text (rows written before secrets were sealed) and checks that
 * the sealed ones open with `key`. Idempotent; safe with several instances starting at once.
 */
export async function sealStoredSecrets(db: Database, key: MasterKey): Promise<{ sealed: number; checked: number }> {
  return underSealingLock(db, async (tx) => {
    let sealed = 0;
    let checked = 0;
    for (const secret of await storedSecrets(tx)) {
      if (isSealed(secret.value)) {
        open(secret.value, secret.context, key);
        checked++;
      } else {
        await secret.write(tx, seal(secret.value, secret.context, key));
        sealed++;
      }
    }
    return { sealed, checked };
  });
}

/**
 * Master key rotation: every stored secret is re-sealed with `to`, in one transaction. Values already sealed with `to`
 * (a rotation interrupted after its commit and run again) are only checked.
 */
export async function resealStoredSecrets(db: Database, from: MasterKey, to: MasterKey): Promise<{ resealed: number }> {
  return underSealingLock(db, async (tx) => {
    let resealed = 0;
    for (const secret of await storedSecrets(tx)) {
      if (isSealed(secret.value) && sealedKeyId(secret.value) === to.kid) {
        open(secret.value, secret.context, to);
        continue;
      }
      const plain = isSealed(secret.value) ? open(secret.value, secret.context, from) : secret.value;
      await secret.write(tx, seal(plain, secret.context, to));
      resealed++;
    }
    return { resealed };
  });
}

export type SealedSettingKey = (typeof SEALED_SETTINGS)[number];

/**
 * A generated secret every instance shares through the settings table, stored sealed: created with `create()` on first
 * use (the first writer wins across instances) and returned opened.
 */
export async function sealedSetting(db: Executor, key: SealedSettingKey, create: () => string): Promise<string> {
  const context = settingContext(key);
  let [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  if (!row) {
    await db
      .insert(settings)
      .values({ key, value: seal(create(), context) })
      .onConflictDoNothing();
    [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  }
  return open(row!.value, context);
}

/**
 * Start-up, once the database is open: refuses (SealedSecretError naming COUNTERPART_SECRET_KEY) when the stored
 * secrets were sealed with another master key, writes a new key file only then, installs the key for the process and
 * seals what is still plain. Resolves with the key and the log lines to write.
 */
export async function prepareSealedSecrets(db: Database, resolved: ResolvedMasterKey): Promise<{ key: MasterKey; messages: string[] }> {
  try {
    await checkStoredSecrets(db, resolved.key);
  } catch (error) {
    const file = resolved.key.file;
    if (error instanceof SealedSecretError && file && existsSync(pendingKeyFile(file))) {
      throw new SealedSecretError(`${error.message} (${pendingKeyFile(file)} exists: finish the interrupted rotation with \`npm run rotate-secret-key\`)`);
    }
    throw error;
  }
  const { key, message } = resolved.persist();
  installMasterKey(key);
  const { sealed } = await sealStoredSecrets(db, key);
  return { key, messages: sealed ? [message, `sealed ${sealed} secret(s) that were stored in plain text`] : [message] };
}
