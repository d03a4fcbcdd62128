import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@/db/client';
import { createTemplateDatabase } from './throwaway-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of a migrated PGlite data directory: each test file's in-memory database starts from it. */
    pgliteTemplate?: string;
    /** A migrated database on DATABASE_URL's server: each test file's database is created as a copy of it. */
    postgresTemplate?: string;
  }
}

/**
 * Vitest's global setup: migrates one database for the whole run, so each test file starts from a copy instead of
 * migrating its own (PGlite's initdb and the migrations took seconds per file). Removed again when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = await createTemplateDatabase(serverUrl, async (url) => {
      const handle = await openDatabase({ url, dataDir: 'unused', maxConnections: 1 });
      await handle.close();
    });
    project.provide('postgresTemplate', template.name);
    return () => template.drop();
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'counterpart-pglite-template-'));
  const client = await PGlite.create();
  try {
    await migrate(drizzle({ client }), { migrationsFolder: path.join(process.cwd(), 'db', 'migrations') });
    const dump = await client.dumpDataDir('none');
    const file = path.join(folder, 'pgdata.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
  } finally {
    await client.close();
  }
  return async () => rmSync(folder, { recursive: true, force: true });
}
