import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll } from 'vitest';
import { installDatabase, openDatabase, type Database, type DatabaseHandle } from '@/db/client';
import { ensureSigningKey } from '@/lib/auth/signing-keys';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway database on the
 * PostgreSQL server named by DATABASE_URL (CI runs the integration suite both ways).
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: 'memory://' });
  const name = `counterpart_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await createDatabaseWithRetry(admin, name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), dataDir: 'unused', maxConnections: 10 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Installs a fresh database as the process database for the current test file and returns its accessor. */
export function useTestDatabase(): { db: () => Database; handle: () => DatabaseHandle } {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await openTestDatabase();
    installDatabase(handle);
    await ensureSigningKey(handle.db);
  });
  afterAll(async () => {
    installDatabase(undefined);
    await handle?.close();
  });
  return {
    db: () => handle!.db,
    handle: () => handle!,
  };
}

// CREATE DATABASE copies template1 and fails while another session is copying it (SQLSTATE 55006);
// test files start in parallel, so retry briefly.
async function createDatabaseWithRetry(admin: postgres.Sql, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.unsafe(`create database ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
}
