/**
 * `npm run bench`: every benchmark in turn, each printing its own figures. Needs PostgreSQL (see each file) and a
 * build for the HTTP benchmarks, which this makes first when sources changed.
 */
import { spawnSync } from 'node:child_process';

const benchmarks = [
  'startup',
  'events',
  'orders',
  'call-cost',
  'trivial-route',
  'refresh-grants',
  'bookings',
  'connections',
  'data',
  'slow-clients',
  'sign-in-timing',
  'mail',
];
const only = process.argv.slice(2);

const build = spawnSync('node', ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

let failed = 0;
for (const name of benchmarks.filter((candidate) => !only.length || only.includes(candidate))) {
  console.log(`\n=== bench/${name}.ts ===`);
  const result = spawnSync('node', ['node_modules/tsx/dist/cli.mjs', `bench/${name}.ts`], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
