import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '@/lib/config';

/**
 * The master key that seals secrets at rest (docs/contract.md#secret-key, docs/contract.md#secrets-at-rest). It never enters the database: it comes from
 * COUNTERPART_SECRET_KEY, or on the embedded default from a key file created once in DATA_DIR.
 */
export interface MasterKey {
  /** A short id derived from the key, written into every sealed value so a value names the key that sealed it. */
  kid: string;
  key: Buffer;
  source: 'environment' | 'file' | 'memory';
  /** The key file, when the key lives in one. */
  file?: string;
}

export const MASTER_KEY_FILE_NAME = 'counterpart-secret.key';

export class MasterKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MasterKeyError';
  }
}

/** The key id: not secret (a 48-bit digest of a 256-bit random key reveals nothing usable). */
export const masterKeyId = (key: Buffer) => createHash('sha256').update('counterpart master key id\0').update(key).digest('base64url').slice(0, 8);

export function masterKeyFromBytes(key: Buffer, source: MasterKey['source'], file?: string): MasterKey {
  if (key.length !== 32) throw new MasterKeyError('a master key is 32 bytes');
  return { kid: masterKeyId(key), key, source, ...(file ? { file } : {}) };
}

export function masterKeyFromBase64(value: string, source: MasterKey['source'], file?: string): MasterKey {
  const trimmed = value.trim();
  const key = Buffer.from(trimmed, 'base64');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) || key.length !== 32) {
    throw new MasterKeyError(`${file ?? 'COUNTERPART_SECRET_KEY'}: expected base64 of 32 random bytes`);
  }
  return masterKeyFromBytes(key, source, file);
}

export const newMasterKeyBase64 = () => randomBytes(32).toString('base64');

export const masterKeyFile = (dataDir: string) => path.resolve(dataDir, MASTER_KEY_FILE_NAME);

/** The next key of a rotation in progress (lib/security/rotation.ts), beside the key file. */
export const pendingKeyFile = (file: string) => `${file}.next`;

export interface ResolvedMasterKey {
  key: MasterKey;
  /**
   * Writes the key file when it did not exist yet (a no-op otherwise) and returns the key to use — another process
   * may have created the file first — with the start-up log line saying where the key is.
   */
  persist(): { key: MasterKey; message: string };
}

type KeySettings = Pick<Config, 'COUNTERPART_SECRET_KEY' | 'DATA_DIR' | 'DATABASE_URL' | 'NODE_ENV'>;

/**
 * docs/contract.md#secret-key: COUNTERPART_SECRET_KEY when set; else with DATABASE_URL start-up refuses outside development and
 * test, because a key file on one host cannot serve every instance of a shared database; else `DATA_DIR=memory://`
 * keeps a key in memory (nothing outlives the process anyway); else a key file in DATA_DIR, created once with 0600.
 *
 * A new key file is only written by `persist()`, after the caller checked that the database holds no value sealed
 * with another key: a lost key file is then reported, instead of being replaced by a new key that opens nothing.
 */
export function resolveMasterKey(settings: KeySettings): ResolvedMasterKey {
  if (settings.COUNTERPART_SECRET_KEY) {
    const key = masterKeyFromBase64(settings.COUNTERPART_SECRET_KEY, 'environment');
    return { key, persist: () => ({ key, message: `secrets at rest are sealed with COUNTERPART_SECRET_KEY (key id ${key.kid})` }) };
  }
  if (settings.DATABASE_URL && settings.NODE_ENV !== 'development' && settings.NODE_ENV !== 'test') {
    throw new MasterKeyError(
      'COUNTERPART_SECRET_KEY is not set: with DATABASE_URL every instance needs the same master key to seal secrets ' +
        'at rest. Set COUNTERPART_SECRET_KEY to base64 of 32 random bytes (e.g. `openssl rand -base64 32`) on every instance.',
    );
  }
  if (settings.DATA_DIR.startsWith('memory://')) {
    const key = masterKeyFromBytes(randomBytes(32), 'memory');
    return { key, persist: () => ({ key, message: 'secrets at rest are sealed with a key kept in memory (DATA_DIR=memory://)' }) };
  }
  const file = masterKeyFile(settings.DATA_DIR);
  if (existsSync(file)) {
    const key = readKeyFile(file);
    return {
      key,
      persist: () => ({ key, message: `secrets at rest are sealed with the master key file ${file} (key id ${key.kid}); back it up apart from the database` }),
    };
  }
  const fresh = masterKeyFromBytes(randomBytes(32), 'file', file);
  return {
    key: fresh,
    persist() {
      const key = createKeyFile(file, fresh.key);
      const message =
        key.kid === fresh.kid
          ? `created the master key file ${file} (0600, key id ${key.kid}) that seals secrets at rest; back it up apart from the database`
          : `secrets at rest are sealed with the master key file ${file} (key id ${key.kid})`;
      return { key, message };
    },
  };
}

export function readKeyFile(file: string): MasterKey {
  const mode = statSync(file).mode & 0o777;
  // Not refused: the operator may have reasons (a group-readable secret mount); tightened when it is ours to tighten.
  if (mode & 0o077) {
    try {
      chmodSync(file, 0o600);
    } catch {
      // Read-only mount: leave it.
    }
  }
  try {
    return masterKeyFromBase64(readFileSync(file, 'utf8'), 'file', file);
  } catch (error) {
    if (error instanceof MasterKeyError) throw new MasterKeyError(`master key file ${file}: expected base64 of 32 random bytes`);
    throw error;
  }
}

/**
 * Writes a key file with 0600 permissions, atomically: written whole under a temporary name, then linked into place,
 * which fails if another process got there first (then its key is the one kept and returned).
 */
export function createKeyFile(file: string, key: Buffer): MasterKey {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  return readKeyFile(file);
}

const holder = globalThis as typeof globalThis & { __counterpartMasterKey?: MasterKey };

/** server.ts (or a script) installs the process's master key; Next's route bundles share it through globalThis. */
export function installMasterKey(key: MasterKey | undefined): void {
  holder.__counterpartMasterKey = key;
}

/**
 * The process's master key. Tests that do not start through server.ts work on throwaway databases, so under
 * NODE_ENV=test a key made up in memory serves them.
 */
export function masterKey(): MasterKey {
  if (!holder.__counterpartMasterKey) {
    if (process.env.NODE_ENV !== 'test') throw new MasterKeyError('Master key not initialised: start Counterpart through server.ts');
    holder.__counterpartMasterKey = masterKeyFromBytes(randomBytes(32), 'memory');
  }
  return holder.__counterpartMasterKey;
}
