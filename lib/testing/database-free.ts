import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// What makes a module reach a database: the database client, a driver, the server started as a child process (it opens
// the database DATABASE_URL names), or reading DATABASE_URL itself.
const DATABASE_MODULES = ['db/client.ts', 'scripts/server-command.ts'];
const DATABASE_PACKAGES = ['@electric-sql/pglite', 'postgres'];
const IMPORT = /(?:^|[\s;])(?:import|export)\b[^'"`;]*?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|\brequire\(\s*['"]([^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

/**
 * The test files (paths relative to `root`) whose imports, followed through the repository's own modules, reach no
 * database: the same on PGlite and on PostgreSQL, so the PostgreSQL leg leaves them to the PGlite leg. A module whose
 * imports cannot be read counts as reaching one; lib/testing/database-free-guard.ts checks the answer on every run.
 */
export function databaseFreeTestFiles(root: string, files: string[]): string[] {
  const reaches = new Map<string, boolean>();
  const visit = (file: string, stack: Set<string>): boolean => {
    const known = reaches.get(file);
    if (known !== undefined) return known;
    if (stack.has(file)) return false;
    const relative = path.relative(root, file).split(path.sep).join('/');
    if (DATABASE_MODULES.includes(relative)) return remember(file, true);
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      return remember(file, true);
    }
    if (source.includes('DATABASE_URL')) return remember(file, true);
    stack.add(file);
    let found = false;
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3]!;
      if (DATABASE_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`))) found = true;
      else {
        const local = specifier.startsWith('@/')
          ? path.join(root, specifier.slice(2))
          : specifier.startsWith('.')
            ? path.resolve(path.dirname(file), specifier)
            : undefined;
        if (local === undefined) continue;
        const resolved = EXTENSIONS.map((extension) => local + extension).find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile());
        // A local import that resolves to no file (a generated or renamed module): assume the worst.
        found = resolved ? visit(resolved, stack) : true;
      }
      if (found) break;
    }
    stack.delete(file);
    // A module on an import cycle still being visited answered `false` for the cycle's sake: only final answers stay.
    return stack.size === 0 || found ? remember(file, found) : found;
  };
  const remember = (file: string, value: boolean) => {
    reaches.set(file, value);
    return value;
  };
  return files.filter((file) => !visit(path.resolve(root, file), new Set()));
}
