import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openDatabase } from '@/db/client';

/** A database that outlives one handle: a PGlite directory, or a throwaway database on the PostgreSQL server. */
export async function durableDatabase() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'counterpart-events-'));
    return { open: () => openDatabase({ dataDir }), drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `counterpart_events_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    open: () => openDatabase({ url: url.toString(), dataDir: 'unused', maxConnections: 5 }),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
