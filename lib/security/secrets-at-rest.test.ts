import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { settings, signingKeys, webhookEndpoints } from '@/db/schema';
import { activeSigningKey, ensureSigningKey } from '@/lib/auth/signing-keys';
import { resetConfig } from '@/lib/config';
import { createWebhookEndpoint, rotateWebhookSecret } from '@/lib/events/webhook-endpoints';
import { webhookHeaders } from '@/lib/events/webhook-signature';
import { cardFingerprintKey } from '@/lib/loyalty/card-key';
import { openTestDatabase, useTestDatabase } from '@/lib/testing/database';
import { throwawayDatabase, type ThrowawayDatabase } from '@/lib/testing/throwaway-database';
import { createPartner } from '@/lib/tenancy/partners';
import { installMasterKey, masterKey, masterKeyFile, masterKeyFromBytes, resolveMasterKey, type MasterKey } from './master-key';
import { rotateMasterKey } from './rotation';
import { isSealed, open, SealedSecretError, sealedKeyId } from './sealed-secrets';
import {
  checkStoredSecrets,
  prepareSealedSecrets,
  SEALED_SETTINGS,
  sealedSetting,
  sealStoredSecrets,
  settingContext,
  signingKeyContext,
  webhookSecretContext,
} from './stored-secrets';

// docs/contract.md#secrets-at-rest: a database dump alone mints no token and opens no session. Runs on PGlite and on PostgreSQL.
const database = useTestDatabase();
const postgresUrl = process.env.DATABASE_URL || undefined;

beforeAll(() => {
  resetConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
});
afterAll(() => {
  resetConfig();
});

/** Every row of every table, as text: what a `pg_dump` of the data would show. */
async function dumpAllTables(db: Database): Promise<string> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`),
  );
  expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['signing_keys', 'settings', 'webhook_endpoints']));
  const lines: string[] = [];
  for (const { name } of tables) {
    for (const row of rowsOf<{ row: string }>(await db.execute(sql.raw(`select t::text as row from "${name}" t`)))) lines.push(`${name} ${row.row}`);
  }
  return lines.join('\n');
}

/** The stored secret columns, read straight from the tables. */
async function storedSecretValues(db: Database): Promise<{ context: string; value: string }[]> {
  const values: { context: string; value: string }[] = [];
  for (const row of await db.select().from(signingKeys)) values.push({ context: signingKeyContext(row.kid), value: row.privateJwk as string });
  for (const row of await db.select().from(settings)) {
    if ((SEALED_SETTINGS as readonly string[]).includes(row.key)) values.push({ context: settingContext(row.key), value: row.value });
  }
  for (const row of await db.select().from(webhookEndpoints)) {
    values.push({ context: webhookSecretContext(row.id), value: row.secret });
    if (row.previousSecret) values.push({ context: webhookSecretContext(row.id), value: row.previousSecret });
  }
  return values;
}

function expectNoPlainSecret(dump: string, secrets: string[]) {
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThanOrEqual(16);
    expect(dump).not.toContain(secret);
  }
  expect(dump).not.toContain('whsec_');
  expect(dump).not.toContain('PRIVATE KEY');
  // A private JWK's secret member.
  expect(dump).not.toMatch(/"d"\s*:/);
}

async function signAndVerify(db: Database, publicJwk: JWK): Promise<void> {
  const { kid, privateKey } = await activeSigningKey(db);
  const token = await new SignJWT({ sub: 'check' }).setProtectedHeader({ alg: 'ES256', kid }).sign(privateKey);
  await expect(jwtVerify(token, await importJWK(publicJwk, 'ES256'))).resolves.toBeDefined();
}

describe('a database dump (docs/contract.md#secrets-at-rest)', () => {
  it('holds no usable secret: every stored secret is sealed and does not open without the master key', async () => {
    const db = database.db();
    const partner = await createPartner(db, { name: 'Hooked', type: 'ORDERING_APP' });
    const endpoint = await createWebhookEndpoint(db, partner.id, { url: 'http://127.0.0.1:9/hook' });
    const rotated = await rotateWebhookSecret(db, endpoint.id);
    const authSecret = await sealedSetting(db, 'auth_secret', () => randomBytes(32).toString('base64url'));
    const cardKey = await cardFingerprintKey(db);
    const [keyRow] = await db.select().from(signingKeys);
    const privateJwk = JSON.parse(open(keyRow!.privateJwk as string, signingKeyContext(keyRow!.kid))) as JWK;
    expect(privateJwk.d).toBeTruthy();

    const dump = await dumpAllTables(db);
    expectNoPlainSecret(dump, [
      endpoint.secret,
      endpoint.secret.slice('whsec_'.length),
      rotated.secret,
      rotated.secret.slice('whsec_'.length),
      authSecret,
      cardKey,
      privateJwk.d!,
    ]);

    const stored = await storedSecretValues(db);
    // One signing key, the two settings, the endpoint's current and previous secret.
    expect(stored.length).toBe(5);
    const otherKey = masterKeyFromBytes(randomBytes(32), 'environment');
    for (const { context, value } of stored) {
      expect(isSealed(value)).toBe(true);
      expect(sealedKeyId(value)).toBe(masterKey().kid);
      expect(() => open(value, context, otherKey)).toThrow(SealedSecretError);
      // Not even relabelled with the other key's id: only the master key opens it.
      expect(() => open(value.replace(`:${masterKey().kid}:`, `:${otherKey.kid}:`), context, otherKey)).toThrow(/COUNTERPART_SECRET_KEY/);
    }
    // The stored private key is no JWK a dump reader could import to mint tokens.
    await expect(importJWK(keyRow!.privateJwk as JWK, 'ES256')).rejects.toThrow();

    // With the master key, everything still works: tokens are signed, webhooks carry both signatures.
    await signAndVerify(db, keyRow!.publicJwk as JWK);
    const [row] = await db.select().from(webhookEndpoints);
    const body = JSON.stringify({ hello: 'world' });
    const headers = webhookHeaders('evt_1', body, { ...row!, endpointId: row!.id });
    expect(new Webhook(rotated.secret).verify(body, headers)).toEqual({ hello: 'world' });
    const signatures = headers['webhook-signature']!.split(' ');
    expect(signatures).toHaveLength(2);
    expect(new Webhook(endpoint.secret).verify(body, { ...headers, 'webhook-signature': signatures[1]! })).toEqual({ hello: 'world' });
  });
});

describe('start-up seals secrets stored in plain text', { timeout: 120_000 }, () => {
  let other: DatabaseHandle | undefined;
  afterEach(async () => {
    await other?.close();
    other = undefined;
  });

  it('seals every plain row once, also when two instances start together, and the app reads them as before', async () => {
    other = await openTestDatabase();
    const db = other.db;
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const kid = 'key_plainlegacy';
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'ES256' };
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
    await db.insert(signingKeys).values({ kid, alg: 'ES256', privateJwk, publicJwk });
    const authSecret = randomBytes(32).toString('base64url');
    const cardKey = randomBytes(32).toString('base64url');
    await db.insert(settings).values([
      { key: 'auth_secret', value: authSecret },
      { key: 'card_fingerprint_key', value: cardKey },
    ]);
    const partner = await createPartner(db, { name: 'Legacy', type: 'ORDERING_APP' });
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const previousSecret = `whsec_${randomBytes(32).toString('base64')}`;
    await db.insert(webhookEndpoints).values({
      id: 'whe_legacy',
      partnerId: partner.id,
      url: 'http://127.0.0.1:9/hook',
      secret,
      previousSecret,
      previousSecretExpiresAt: new Date(Date.now() + 3600_000),
    });
    expect(await dumpAllTables(db)).toContain('whsec_');

    const key = masterKey();
    const runs = await Promise.all([sealStoredSecrets(db, key), sealStoredSecrets(db, key)]);
    expect(runs.map((run) => run.sealed).sort()).toEqual([0, 5]);
    expect((await sealStoredSecrets(db, key)).sealed).toBe(0);

    expectNoPlainSecret(await dumpAllTables(db), [secret.slice(6), previousSecret.slice(6), authSecret, cardKey, privateJwk.d!]);
    for (const { value } of await storedSecretValues(db)) expect(isSealed(value)).toBe(true);

    expect(await sealedSetting(db, 'auth_secret', () => 'never used')).toBe(authSecret);
    expect(await cardFingerprintKey(db)).toBe(cardKey);
    await signAndVerify(db, publicJwk);
    const [row] = await db.select().from(webhookEndpoints);
    const body = '{}';
    const headers = webhookHeaders('evt_2', body, { ...row!, endpointId: row!.id });
    const [current, previous] = headers['webhook-signature']!.split(' ');
    expect(new Webhook(secret).verify(body, { ...headers, 'webhook-signature': current! })).toEqual({});
    expect(new Webhook(previousSecret).verify(body, { ...headers, 'webhook-signature': previous! })).toEqual({});
  });
});

/** A database that outlives its handle: a PGlite directory, or a throwaway database on the PostgreSQL server. */
async function persistentDatabase(dataDir: string): Promise<{ url?: string; open: () => Promise<DatabaseHandle>; drop(): Promise<void> }> {
  let throwaway: ThrowawayDatabase | undefined;
  if (postgresUrl) throwaway = await throwawayDatabase(postgresUrl);
  const url = throwaway?.url;
  return { url, open: () => openDatabase({ url, dataDir, maxConnections: 2 }), drop: async () => throwaway?.drop() };
}

/** What start-up does in server.ts, then some secrets of every kind; resolves with their plaintexts. */
async function startAndStoreSecrets(handle: DatabaseHandle, env: Parameters<typeof resolveMasterKey>[0]): Promise<{ key: MasterKey; plain: string[] }> {
  const { key } = await prepareSealedSecrets(handle.db, resolveMasterKey(env));
  await ensureSigningKey(handle.db);
  const authSecret = await sealedSetting(handle.db, 'auth_secret', () => randomBytes(32).toString('base64url'));
  const partner = await createPartner(handle.db, { name: 'Rotated', type: 'ORDERING_APP' });
  const endpoint = await createWebhookEndpoint(handle.db, partner.id, { url: 'http://127.0.0.1:9/hook' });
  return { key, plain: [authSecret, await cardFingerprintKey(handle.db), endpoint.secret] };
}

async function openedSecrets(handle: DatabaseHandle): Promise<string[]> {
  const [endpoint] = await handle.db.select().from(webhookEndpoints);
  return [
    await sealedSetting(handle.db, 'auth_secret', () => 'never used'),
    await cardFingerprintKey(handle.db),
    open(endpoint!.secret, webhookSecretContext(endpoint!.id)),
  ];
}

// Each case opens an on-disk PGlite database several times (migrations included) and some start the server: on a
// loaded 2-core machine that outlasts the default 30 s.
describe('master key rotation and the wrong key', { timeout: 120_000 }, () => {
  const testKey = masterKey();
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'counterpart-rotation-'));
  });
  afterEach(() => {
    // Start-up installs the key it resolved: give the test database its own back.
    installMasterKey(testKey);
    rmSync(dataDir, { recursive: true, force: true });
  });

  // The key file is the embedded default's (docs/contract.md#configuration): these run on PGlite in a directory, on either leg.
  const embedded = () => openDatabase({ dataDir });

  it('re-seals the key file database with a new key file; the old key is no longer needed', async () => {
    const env = { NODE_ENV: 'production', DATA_DIR: dataDir, COUNTERPART_SECRET_KEY: undefined, DATABASE_URL: undefined };
    let handle = await embedded();
    const { key: oldKey, plain } = await startAndStoreSecrets(handle, env);
    expect(oldKey.source).toBe('file');
    await handle.close();

    const lines: string[] = [];
    const result = await rotateMasterKey(env, undefined, (line) => lines.push(line));
    expect(result.from.kid).toBe(oldKey.kid);
    expect(result.to.kid).not.toBe(oldKey.kid);
    // The signing key, the two settings and the webhook secret.
    expect(result.resealed).toBe(4);
    expect(lines.join('\n')).toContain(`re-sealed 4 secret(s) from master key ${oldKey.kid} to ${result.to.kid}`);
    expect(existsSync(`${masterKeyFile(dataDir)}.next`)).toBe(false);
    rmSync(result.retiredFile!);

    handle = await embedded();
    try {
      const { key } = await prepareSealedSecrets(handle.db, resolveMasterKey(env));
      expect(key.kid).toBe(result.to.kid);
      expect(await openedSecrets(handle)).toEqual(plain);
      for (const { value } of await storedSecretValues(handle.db)) expect(sealedKeyId(value)).toBe(result.to.kid);
      await expect(checkStoredSecrets(handle.db, oldKey)).rejects.toThrow(SealedSecretError);
    } finally {
      await handle.close();
    }
  });

  it('re-seals with NEW_COUNTERPART_SECRET_KEY; afterwards only the new COUNTERPART_SECRET_KEY opens the secrets', async () => {
    const oldValue = randomBytes(32).toString('base64');
    const newValue = randomBytes(32).toString('base64');
    const store = await persistentDatabase(dataDir);
    const env = { NODE_ENV: 'production', DATA_DIR: dataDir, COUNTERPART_SECRET_KEY: oldValue, DATABASE_URL: store.url };
    try {
      let handle = await store.open();
      const { plain } = await startAndStoreSecrets(handle, env);
      await handle.close();

      const result = await rotateMasterKey(env, newValue, () => {});
      expect(result.resealed).toBe(4);
      // Run again by mistake: the values already under the new key cannot be opened with the old one any more.
      await expect(rotateMasterKey(env, randomBytes(32).toString('base64'), () => {})).rejects.toThrow(SealedSecretError);

      handle = await store.open();
      try {
        await expect(prepareSealedSecrets(handle.db, resolveMasterKey(env))).rejects.toThrow(/COUNTERPART_SECRET_KEY/);
        await prepareSealedSecrets(handle.db, resolveMasterKey({ ...env, COUNTERPART_SECRET_KEY: newValue }));
        expect(await openedSecrets(handle)).toEqual(plain);
      } finally {
        await handle.close();
      }
    } finally {
      await store.drop();
    }
  });

  it('does not replace a lost key file with a new one that opens nothing', async () => {
    const env = { NODE_ENV: 'production', DATA_DIR: dataDir, COUNTERPART_SECRET_KEY: undefined, DATABASE_URL: undefined };
    const handle = await embedded();
    try {
      await startAndStoreSecrets(handle, env);
      rmSync(masterKeyFile(dataDir));
      await expect(prepareSealedSecrets(handle.db, resolveMasterKey(env))).rejects.toThrow(/was sealed with master key .*COUNTERPART_SECRET_KEY/);
      expect(existsSync(masterKeyFile(dataDir))).toBe(false);
    } finally {
      await handle.close();
    }
  });

  it('server.ts refuses to start with the wrong COUNTERPART_SECRET_KEY, with a message naming it', async () => {
    const store = await persistentDatabase(dataDir);
    const env = { NODE_ENV: 'production', DATA_DIR: dataDir, COUNTERPART_SECRET_KEY: randomBytes(32).toString('base64'), DATABASE_URL: store.url };
    try {
      const handle = await store.open();
      await startAndStoreSecrets(handle, env);
      await handle.close();

      const wrong = randomBytes(32).toString('base64');
      const run = await runServer({ ...env, COUNTERPART_SECRET_KEY: wrong, DATABASE_URL: store.url ?? '' });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/Cannot start: .*was sealed with master key .*COUNTERPART_SECRET_KEY has key id/);
      expect(run.stdout).not.toContain('Counterpart listening');
    } finally {
      await store.drop();
    }
  }, 60_000);

  it('server.ts refuses DATABASE_URL without COUNTERPART_SECRET_KEY in production, before connecting', async () => {
    const run = await runServer({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: 'postgres://127.0.0.1:1/none', COUNTERPART_SECRET_KEY: '' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('COUNTERPART_SECRET_KEY is not set');
  }, 60_000);
});

function runServer(env: Record<string, string | undefined>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'server.ts'],
      { cwd: process.cwd(), env: { ...process.env, PORT: '3201', SEED_DEMO: 'false', ...env }, timeout: 50_000 },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}
