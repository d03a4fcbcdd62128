/**
 * Start-up time and memory of `npm start`'s server (needs a build: `node scripts/ensure-build.mjs`).
 *   npx tsx bench/startup.ts      (PostgreSQL leg at BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 * Prints seconds from launch to the first 200 from /readyz (first start with seeding, then a restart) and the
 * resident memory of the server process tree once idle, on embedded PGlite and on PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverNodeFlags } from '../lib/testing/server-command';
import { benchDatabase } from './support';

const PORT = 3391;

function treeRssMiB(rootPid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const ppid = Number(status.match(/^PPid:\s+(\d+)/m)?.[1]);
      rss.set(Number(entry), Number(status.match(/^VmRSS:\s+(\d+)/m)?.[1] ?? 0));
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  let total = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total / 1024;
}

async function launch(env: Record<string, string>): Promise<{ child: ChildProcess; seconds: number }> {
  const started = performance.now();
  const child = spawn('node', [...serverNodeFlags(), 'server.ts'], {
    env: { ...process.env, PORT: String(PORT), LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/readyz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, seconds: (performance.now() - started) / 1000 };
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function measure(label: string, env: Record<string, string>) {
  const first = await launch(env);
  await stop(first.child);
  const restart = await launch(env);
  await fetch(`http://127.0.0.1:${PORT}/login`);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const rss = treeRssMiB(restart.child.pid!);
  await stop(restart.child);
  console.log(
    `${label}: ready ${first.seconds.toFixed(1)} s on first start (with seeding), ${restart.seconds.toFixed(1)} s on restart; RSS after start ${rss.toFixed(0)} MiB`,
  );
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'counterpart-bench-startup-'));
  try {
    await measure('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const database = await benchDatabase();
  try {
    await measure('PostgreSQL', { DATABASE_URL: database.url });
  } finally {
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
