import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { masterKey, type MasterKey } from './master-key';

/**
 * Secrets at rest (docs/contract.md#secrets-at-rest): AES-256-GCM under the master key, as
 * `sealed:v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url). The key id names the master key that sealed the value, so
 * a rotation can tell old values from new ones and a wrong key is reported as such. The additional authenticated data
 * binds a value to where it is stored (`context`, e.g. `webhook_endpoints.secret:whe_…`): a sealed value copied into
 * another row or column does not open there.
 */
const PREFIX = 'sealed:v1:';
const IV_BYTES = 12;

export class SealedSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealedSecretError';
  }
}

export const isSealed = (value: unknown): value is string => typeof value === 'string' && value.startsWith(PREFIX);

/** The id of the master key that sealed `value`. */
export function sealedKeyId(value: string): string {
  if (!isSealed(value)) throw new SealedSecretError('not a sealed value');
  return value.slice(PREFIX.length).split(':', 1)[0]!;
}

const aad = (kid: string, context: string) => Buffer.from(`${PREFIX}${kid}:${context}`);

export function seal(plain: string, context: string, key: MasterKey = masterKey()): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(aad(key.kid, context));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${key.kid}:${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${ciphertext.toString('base64url')}`;
}

function describe(key: MasterKey): string {
  if (key.source === 'environment') return `COUNTERPART_SECRET_KEY has key id ${key.kid}`;
  if (key.source === 'file') return `the master key file ${key.file} (used while COUNTERPART_SECRET_KEY is unset) has key id ${key.kid}`;
  return `the in-memory master key has key id ${key.kid}`;
}

function openUncached(sealed: string, context: string, key: MasterKey): string {
  if (!isSealed(sealed)) throw new SealedSecretError(`${context} is stored unsealed`);
  const parts = sealed.slice(PREFIX.length).split(':');
  if (parts.length !== 4) throw new SealedSecretError(`${context} is not a well-formed sealed value`);
  const [kid, iv, tag, ciphertext] = parts as [string, string, string, string];
  if (kid !== key.kid) {
    throw new SealedSecretError(
      `${context} was sealed with master key ${kid}, but ${describe(key)}: set COUNTERPART_SECRET_KEY (or restore the key file) to the key that sealed the stored secrets`,
    );
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(aad(kid, context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedSecretError(`${context} does not open with master key ${kid}: COUNTERPART_SECRET_KEY is wrong or the stored value was altered`);
  }
}

// Opened values are kept, so a secret read on a hot path (a webhook signature, a card fingerprint) is decrypted once
// per process, not per use. A value only ever opens to one plaintext, and the key id is part of the cache key.
const opened = new Map<string, string>();
const OPENED_LIMIT = 10_000;

/** The plaintext of a sealed value; a value that does not open with `key` is an error naming COUNTERPART_SECRET_KEY. */
export function open(sealed: string, context: string, key: MasterKey = masterKey()): string {
  const cacheKey = `${key.kid}\0${context}\0${sealed}`;
  const cached = opened.get(cacheKey);
  if (cached !== undefined) return cached;
  const plain = openUncached(sealed, context, key);
  if (opened.size >= OPENED_LIMIT) opened.clear();
  opened.set(cacheKey, plain);
  return plain;
}
