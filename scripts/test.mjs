// `npm test`: every check and every test. Static checks (types, the SDK's own build, lint and structure, formatting, migrations
// matching the schema), the build, then the unit and integration tests (vitest) on embedded PGlite and — when
// TEST_POSTGRES_URL is set — on PostgreSQL, side by side, then the API and browser tests (Playwright) against the
// built server.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const reports = mkdtempSync(path.join(tmpdir(), 'counterpart-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
const runStarted = Date.now();
/** Each step's start (seconds into the run) and duration, for the table at the end. */
const timings = [];

/**
 * Runs a step. A step run alone streams its output; steps run side by side keep theirs and print it whole when they
 * end, so two logs never interleave.
 */
function run(name, command, args, { env = {}, buffered = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    if (!buffered) console.log(`\n=== ${name} ===`);
    const child = spawn(command, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      timings.push({ name, start: Math.round((started - runStarted) / 1000), seconds, passed: code === 0 });
      if (buffered) process.stdout.write(`\n=== ${name} ===\n${Buffer.concat(output).toString()}`);
      console.log(`--- ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
      if (code !== 0) failedSteps.push(name);
      resolve(code === 0);
    });
  });
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

await Promise.all([
  run('typecheck', 'npx', ['tsc', '--noEmit', '-p', '.'], { buffered: true }),
  // The SDK builds on its own (NodeNext ESM + declarations), as `npm pack` in sdk/ does.
  run('sdk build', 'npx', ['tsc', '-p', 'sdk'], { buffered: true }),
  run('lint and structure', 'npm', ['run', '-s', 'lint'], { buffered: true }),
  run('formatting', 'npx', ['prettier', '--check', '.'], { buffered: true }),
  run('migrations match the schema', 'node', ['scripts/check-migrations.mjs'], { buffered: true }),
]);

// Built before the tests: the fault tests run the production server, and Playwright serves it.
const built = await run('next build', 'node', ['scripts/ensure-build.mjs']);

const vitest = (name, report, databaseUrl) =>
  run(name, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    env: { DATABASE_URL: databaseUrl },
    buffered: Boolean(process.env.TEST_POSTGRES_URL),
  }).then(() => countVitest(report));
const legs = [vitest('vitest (embedded PGlite)', path.join(reports, 'vitest-pglite.json'), '')];
if (process.env.TEST_POSTGRES_URL) legs.push(vitest('vitest (PostgreSQL)', path.join(reports, 'vitest-postgres.json'), process.env.TEST_POSTGRES_URL));
await Promise.all(legs);

if (built) {
  const playwrightReport = path.join(reports, 'playwright.json');
  await run('playwright (API and dashboard)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  });
  countPlaywright(playwrightReport);
}

// Where the time went: steps run side by side overlap, so the total is the wall-clock time, not the sum.
const width = Math.max(...timings.map(({ name }) => name.length));
console.log(`\n${'step'.padEnd(width)}  start   time  result`);
for (const { name, start, seconds, passed } of timings.sort((a, b) => a.start - b.start)) {
  console.log(`${name.padEnd(width)}  ${`${start} s`.padStart(5)}  ${`${seconds} s`.padStart(5)}  ${passed ? 'passed' : 'FAILED'}`);
}
console.log(`${'total (wall clock)'.padEnd(width)}  ${''.padStart(5)}  ${`${Math.round((Date.now() - runStarted) / 1000)} s`.padStart(5)}`);

console.log(`\n${failedSteps.length ? `Failed steps: ${failedSteps.join(', ')}` : 'All steps passed.'}`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
