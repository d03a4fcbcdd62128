// Fails when db/schema and the committed migrations disagree: drizzle-kit generates into a copy of db/migrations,
// and any file it writes there is a migration someone forgot to commit.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = process.cwd();
const scratch = mkdtempSync(path.join(tmpdir(), 'counterpart-migrations-'));
try {
  const out = path.join(scratch, 'migrations');
  cpSync(path.join(root, 'db', 'migrations'), out, { recursive: true });
  const before = new Set(readdirSync(out));
  // drizzle-kit reads paths relative to the working directory.
  const configFile = path.join(scratch, 'drizzle.config.mjs');
  const config = { dialect: 'postgresql', schema: './db/schema/index.ts', out: path.relative(root, out) };
  writeFileSync(configFile, `export default ${JSON.stringify(config)};\n`);
  const output = execFileSync('npx', ['drizzle-kit', 'generate', '--config', configFile, '--name', 'drift'], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
  // drizzle-kit exits 0 even when it fails; it says so instead.
  if (!/No schema changes|migration file/.test(output)) throw new Error(`drizzle-kit generate did not run:\n${output}`);
  const added = readdirSync(out).filter((file) => !before.has(file));
  if (added.length) {
    console.error('db/schema has changes no committed migration makes. Run `npm run db:generate -- --name <what changed>` and commit it:');
    for (const file of added) console.error(`\n--- ${file}\n${readFileSync(path.join(out, file), 'utf8')}`);
    process.exitCode = 1;
  } else {
    console.log('Migrations match db/schema.');
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
