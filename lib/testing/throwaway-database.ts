import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

export interface ThrowawayDatabase {
  /** `postgres://…` of the new database. */
  url: string;
  /** Drops the database, closing any connection still open to it. */
  drop(): Promise<void>;
}

/**
 * A database created for one test file or benchmark run on the PostgreSQL server at `serverUrl`: empty, or a copy of
 * `template` (a database made by `createTemplateDatabase`).
 */
export async function throwawayDatabase(serverUrl: string, prefix = 'counterpart_test', template?: string): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await createDatabaseWithRetry(admin, name, template);
  return {
    url: databaseUrl(serverUrl, name),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * A database prepared once (`prepare` gets its URL, and must close every connection it opens) and then sealed as a
 * template: PostgreSQL copies a template only while no one is connected to it, so it accepts no more connections, and
 * test files copy it side by side (`throwawayDatabase(…, template)`) instead of each migrating its own.
 */
export async function createTemplateDatabase(serverUrl: string, prepare: (url: string) => Promise<void>): Promise<{ name: string; drop(): Promise<void> }> {
  // The creating process's id in the name: a template whose process is gone was left by a run that was killed.
  const name = `${TEMPLATE_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  if (isLocal(serverUrl)) {
    const left = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`${TEMPLATE_PREFIX}%`}`;
    for (const { datname } of left) {
      const pid = Number(datname.slice(TEMPLATE_PREFIX.length).split('_')[0]);
      if (pid && !isAlive(pid)) await dropTemplate(admin, datname).catch(() => {});
    }
  }
  const drop = async () => {
    await dropTemplate(admin, name);
    await admin.end();
  };
  try {
    await createDatabaseWithRetry(admin, name);
    await prepare(databaseUrl(serverUrl, name));
    // A connection `prepare` left open would make every copy fail: none may stay.
    await admin.unsafe(`alter database ${name} with is_template true allow_connections false`);
    await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name}`;
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, drop };
}

const TEMPLATE_PREFIX = 'counterpart_template_';

async function dropTemplate(admin: postgres.Sql, name: string): Promise<void> {
  await admin.unsafe(`alter database ${name} is_template false`).catch(() => {});
  await admin.unsafe(`drop database if exists ${name} with (force)`);
}

/** Process ids name processes on this machine only. */
const isLocal = (serverUrl: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(serverUrl).hostname);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// CREATE DATABASE fails while another session is connected to its template (SQLSTATE 55006), as happens to
// template1 when test files start in parallel; retry briefly.
async function createDatabaseWithRetry(admin: postgres.Sql, name: string, template?: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
}
