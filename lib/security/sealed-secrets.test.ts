import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/lib/config';
import { masterKeyFile, masterKeyFromBytes, MasterKeyError, resolveMasterKey } from './master-key';
import { isSealed, open, seal, SealedSecretError, sealedKeyId } from './sealed-secrets';

const keyA = masterKeyFromBytes(randomBytes(32), 'environment');
const keyB = masterKeyFromBytes(randomBytes(32), 'environment');

describe('sealing (AES-256-GCM with a key id)', () => {
  it('seals to an opaque value naming its key, and opens it again', () => {
    const sealed = seal('whsec_plain-secret', 'webhook_endpoints.secret:whe_1', keyA);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).toMatch(/^sealed:v1:[A-Za-z0-9_-]{8}:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('whsec_');
    expect(sealedKeyId(sealed)).toBe(keyA.kid);
    expect(open(sealed, 'webhook_endpoints.secret:whe_1', keyA)).toBe('whsec_plain-secret');
    // A fresh IV each time: the same secret never seals to the same value twice.
    expect(seal('whsec_plain-secret', 'webhook_endpoints.secret:whe_1', keyA)).not.toBe(sealed);
  });

  it('does not open with another master key, and says which variable to fix', () => {
    const sealed = seal('secret', 'settings.auth_secret', keyA);
    expect(() => open(sealed, 'settings.auth_secret', keyB)).toThrow(SealedSecretError);
    expect(() => open(sealed, 'settings.auth_secret', keyB)).toThrow(/COUNTERPART_SECRET_KEY/);
    // Relabelled with the other key's id, it still does not open: the cipher text is authenticated.
    const relabelled = sealed.replace(`:${keyA.kid}:`, `:${keyB.kid}:`);
    expect(() => open(relabelled, 'settings.auth_secret', keyB)).toThrow(/does not open .*COUNTERPART_SECRET_KEY/);
  });

  it('refuses an altered value and a value moved to another row or column', () => {
    const sealed = seal('secret', 'webhook_endpoints.secret:whe_1', keyA);
    const parts = sealed.split(':');
    const ciphertext = Buffer.from(parts[5]!, 'base64url');
    ciphertext[0]! ^= 1;
    parts[5] = ciphertext.toString('base64url');
    expect(() => open(parts.join(':'), 'webhook_endpoints.secret:whe_1', keyA)).toThrow(/altered/);
    expect(() => open(sealed, 'webhook_endpoints.secret:whe_2', keyA)).toThrow(SealedSecretError);
    expect(() => open(sealed, 'settings.auth_secret', keyA)).toThrow(SealedSecretError);
  });

  it('refuses a plain value where a sealed one belongs', () => {
    expect(() => open('whsec_plain', 'webhook_endpoints.secret:whe_1', keyA)).toThrow(/unsealed/);
  });
});

describe('COUNTERPART_SECRET_KEY (docs/contract.md#secret-key)', () => {
  it('accepts base64 of 32 bytes, standard or URL-safe', () => {
    const bytes = randomBytes(32);
    expect(parseConfig({ COUNTERPART_SECRET_KEY: bytes.toString('base64') }).COUNTERPART_SECRET_KEY).toBe(bytes.toString('base64'));
    expect(parseConfig({ COUNTERPART_SECRET_KEY: bytes.toString('base64url') }).COUNTERPART_SECRET_KEY).toBeDefined();
  });

  it.each([
    ['too short', randomBytes(16).toString('base64')],
    ['not base64', '!'.repeat(44)],
    ['a passphrase', 'correct horse battery staple and more words'],
  ])('stops start-up naming the variable when it is %s', (_case, value) => {
    expect(() => parseConfig({ COUNTERPART_SECRET_KEY: value })).toThrow(ConfigError);
    expect(() => parseConfig({ COUNTERPART_SECRET_KEY: value })).toThrow(/COUNTERPART_SECRET_KEY: expected base64 of 32 random bytes/);
  });
});

describe('where the master key comes from', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'counterpart-key-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const settings = (overrides: Partial<Record<'COUNTERPART_SECRET_KEY' | 'DATA_DIR' | 'DATABASE_URL' | 'NODE_ENV', string>>) => ({
    NODE_ENV: 'production',
    DATA_DIR: './.data',
    COUNTERPART_SECRET_KEY: undefined,
    DATABASE_URL: undefined,
    ...overrides,
  });

  it('uses COUNTERPART_SECRET_KEY when set, and writes no file', () => {
    const dir = tempDir();
    const value = randomBytes(32).toString('base64');
    const { key, persist } = resolveMasterKey(settings({ COUNTERPART_SECRET_KEY: value, DATA_DIR: dir }));
    expect(key.key.toString('base64')).toBe(value);
    expect(key.source).toBe('environment');
    expect(persist().message).toContain('COUNTERPART_SECRET_KEY');
    expect(existsSync(masterKeyFile(dir))).toBe(false);
  });

  it('on the embedded default, creates a key file once with 0600 and says where, then reuses it', () => {
    const dir = tempDir();
    const file = masterKeyFile(dir);
    const first = resolveMasterKey(settings({ DATA_DIR: dir }));
    // Nothing is written until start-up has checked the database against the key.
    expect(existsSync(file)).toBe(false);
    const persisted = first.persist();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(persisted.message).toContain(`created the master key file ${file}`);
    expect(persisted.key.kid).toBe(first.key.kid);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toEqual(first.key.key);

    const again = resolveMasterKey(settings({ DATA_DIR: dir }));
    expect(again.key.kid).toBe(first.key.kid);
    expect(again.key.source).toBe('file');
    expect(again.persist().message).toContain(`sealed with the master key file ${file}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('keeps the key file of whichever process wrote it first', () => {
    const dir = tempDir();
    const one = resolveMasterKey(settings({ DATA_DIR: dir }));
    const two = resolveMasterKey(settings({ DATA_DIR: dir }));
    const winner = one.persist().key;
    expect(two.persist().key.kid).toBe(winner.kid);
  });

  it('refuses a key file that does not hold a key', () => {
    const dir = tempDir();
    writeFileSync(masterKeyFile(dir), 'not a key\n', { mode: 0o600 });
    expect(() => resolveMasterKey(settings({ DATA_DIR: dir }))).toThrow(/master key file .*expected base64 of 32 random bytes/);
  });

  it('keeps the key in memory for DATA_DIR=memory://', () => {
    const { key } = resolveMasterKey(settings({ DATA_DIR: 'memory://' }));
    expect(key.source).toBe('memory');
  });

  it('refuses to start with DATABASE_URL and no COUNTERPART_SECRET_KEY, unless in development or test', () => {
    const dir = tempDir();
    const url = 'postgres://db.example/counterpart';
    expect(() => resolveMasterKey(settings({ DATABASE_URL: url, DATA_DIR: dir }))).toThrow(MasterKeyError);
    expect(() => resolveMasterKey(settings({ DATABASE_URL: url, DATA_DIR: dir }))).toThrow(/COUNTERPART_SECRET_KEY is not set/);
    expect(resolveMasterKey(settings({ DATABASE_URL: url, DATA_DIR: dir, NODE_ENV: 'development' })).key.source).toBe('file');
    expect(resolveMasterKey(settings({ DATABASE_URL: url, DATA_DIR: 'memory://', NODE_ENV: 'test' })).key.source).toBe('memory');
    expect(() => resolveMasterKey(settings({ DATABASE_URL: url, DATA_DIR: 'memory://' }))).toThrow(/COUNTERPART_SECRET_KEY is not set/);
  });
});
