import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@/db/client';
import { throwawayDatabase } from '@/lib/testing/throwaway-database';

/** A database that outlives one handle: a PGlite directory, or a throwaway database on the PostgreSQL server. */
export async function durableDatabase() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'counterpart-events-'));
    return { open: () => openDatabase({ dataDir }), drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const database = await throwawayDatabase(serverUrl, 'counterpart_events');
  return {
    open: () => openDatabase({ url: database.url, dataDir: 'unused', maxConnections: 5 }),
    drop: () => database.drop(),
  };
}
