// `npm test`: every test. Unit and integration tests (vitest) on embedded PGlite, again on PostgreSQL when
// TEST_POSTGRES_URL is set, then the browser and API end-to-end tests (Playwright) against a built server.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const reports = mkdtempSync(path.join(tmpdir(), 'counterpart-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

run('typecheck', 'npx', ['tsc', '--noEmit', '-p', '.']);

const pgliteReport = path.join(reports, 'vitest-pglite.json');
run('vitest (embedded PGlite)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${pgliteReport}`], { DATABASE_URL: '' });
countVitest(pgliteReport);

if (process.env.TEST_POSTGRES_URL) {
  const postgresReport = path.join(reports, 'vitest-postgres.json');
  run('vitest (PostgreSQL)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${postgresReport}`], {
    DATABASE_URL: process.env.TEST_POSTGRES_URL,
  });
  countVitest(postgresReport);
}

if (run('next build', 'node', ['scripts/ensure-build.mjs'])) {
  const playwrightReport = path.join(reports, 'playwright.json');
  run('playwright (API and dashboard)', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport });
  countPlaywright(playwrightReport);
}

console.log(`\n${failedSteps.length ? `Failed steps: ${failedSteps.join(', ')}` : 'All steps passed.'}`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
