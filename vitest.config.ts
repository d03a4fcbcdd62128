import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { databaseFreeTestFiles } from './lib/testing/database-free';
import { LongestFirstSequencer } from './lib/testing/sequencer';

const folders = ['lib', 'app', 'db', 'sdk/test'];
const include = folders.map((folder) => `${folder}/**/*.test.ts`);
const testFiles = folders.flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `${folder}/${name.split(path.sep).join('/')}`),
);
// Files whose imports reach no database behave the same on both: the PostgreSQL leg leaves them to the PGlite leg.
const databaseFree = databaseFreeTestFiles(process.cwd(), testFiles);

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include,
    // `*.postgres.test.ts` need a PostgreSQL server (several connections at once): the PostgreSQL leg runs them.
    exclude: process.env.DATABASE_URL ? databaseFree : ['**/*.postgres.test.ts'],
    provide: { databaseFreeFiles: databaseFree },
    setupFiles: ['lib/testing/database-free-guard.ts'],
    // The longest files start first, so the run does not end waiting on one that started last.
    sequence: { sequencer: LongestFirstSequencer },
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Global setup's teardown drops the PostgreSQL template database, which can take longer than the default 10 s on a
    // busy server.
    teardownTimeout: 60_000,
    pool: 'forks',
    // One migrated database for the run, which each test file's database copies (lib/testing/database.ts).
    globalSetup: ['lib/testing/global-setup.ts'],
    // next-auth imports `next/server` without an extension, which only a bundler resolves: let Vite transform it.
    server: { deps: { inline: ['next-auth'] } },
  },
});
