import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, expect, inject, vi } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Test files the PostgreSQL leg leaves out because they reach no database (lib/testing/database-free.ts). */
    databaseFreeFiles?: string[];
  }
}

// A file the PostgreSQL leg leaves out must really reach no database: one that opens PGlite fails here, on the
// PGlite leg, instead of quietly losing its PostgreSQL run.
const file = path
  .relative(process.cwd(), expect.getState().testPath ?? '')
  .split(path.sep)
  .join('/');
if (inject('databaseFreeFiles')?.includes(file)) {
  const create = vi.spyOn(PGlite, 'create');
  afterAll(() => {
    if (create.mock.calls.length > 0) {
      throw new Error(`${file} opens a database, but lib/testing/database-free.ts found none among its imports: the PostgreSQL leg skips it`);
    }
  });
}
