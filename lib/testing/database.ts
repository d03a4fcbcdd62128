import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { installDatabase, openDatabase, type Database, type DatabaseHandle } from '@/db/client';
import { ensureSigningKey } from '@/lib/auth/signing-keys';
import { throwawayDatabase } from './throwaway-database';

let pgliteTemplate: Blob | undefined;

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway database on the
 * PostgreSQL server named by DATABASE_URL (CI runs the integration suite both ways). Both start as a copy of the
 * database that vitest's global setup migrated for the run (lib/testing/global-setup.ts); opening it still runs the
 * migrations, which then find nothing left to do.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const templateFile = inject('pgliteTemplate');
    pgliteTemplate ??= templateFile ? new Blob([readFileSync(templateFile)], { type: 'application/x-tar' }) : undefined;
    return openDatabase({ dataDir: 'memory://', startFrom: pgliteTemplate });
  }
  const database = await throwawayDatabase(serverUrl, undefined, inject('postgresTemplate'));
  const handle = await openDatabase({ url: database.url, dataDir: 'unused', maxConnections: 10 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
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
