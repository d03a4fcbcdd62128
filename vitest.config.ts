import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include: ['lib/**/*.test.ts', 'app/**/*.test.ts', 'db/**/*.test.ts', 'sdk/test/**/*.test.ts'],
    // `*.postgres.test.ts` need a PostgreSQL server (several connections at once): the PostgreSQL leg runs them.
    exclude: process.env.DATABASE_URL ? [] : ['**/*.postgres.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // next-auth imports `next/server` without an extension, which only a bundler resolves: let Vite transform it.
    server: { deps: { inline: ['next-auth'] } },
  },
});
