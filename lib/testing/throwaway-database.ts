import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

export interface ThrowawayDatabase {
  /** `postgres://…` of the new database. */
  url: string;
  /** Drops the database, closing any connection still open to it. */
  drop(): Promise<void>;
}

/** A database created for one test file or benchmark run on the PostgreSQL server at `serverUrl`. */
export async function throwawayDatabase(serverUrl: string, prefix = 'counterpart_test'): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await createDatabaseWithRetry(admin, name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
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
