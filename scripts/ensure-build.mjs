// Builds the Next.js app when no build exists or a source file is newer than the last build.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const buildId = path.join(root, '.next', 'BUILD_ID');
const sources = [
  'app',
  'components',
  'lib',
  'db',
  'auth.ts',
  'auth.config.ts',
  'proxy.ts',
  'instrumentation-client.ts',
  'next.config.js',
  'postcss.config.mjs',
  'package-lock.json',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
if (builtAt < changedAt) {
  console.log(builtAt ? 'Sources changed since the last build; rebuilding…' : 'No build yet; building (first start takes a minute or two)…');
  execSync('npx next build', { stdio: 'inherit' });
}
