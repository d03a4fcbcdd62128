/** What the HTTP benchmarks share: a throwaway database, a server process to measure, and /proc readings. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { installMasterKey, masterKeyFromBase64 } from '@/lib/security/master-key';
import { throwawayDatabase } from '@/lib/testing/throwaway-database';
import { serverNodeFlags } from '../lib/testing/server-command';

// Servers on DATABASE_URL need COUNTERPART_SECRET_KEY (docs/contract.md#secret-key), and the benchmark's own set-up seals the secrets
// it stores with the same key: one per run, inherited by every server process it starts.
process.env.COUNTERPART_SECRET_KEY ||= randomBytes(32).toString('base64');
installMasterKey(masterKeyFromBase64(process.env.COUNTERPART_SECRET_KEY, 'environment'));

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const percentile = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** The PostgreSQL server the benchmarks create their throwaway databases on. */
const benchServerUrl = () => process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A database for one benchmark run, dropped by `drop()`. */
export const benchDatabase = () => throwawayDatabase(benchServerUrl(), 'counterpart_bench');

export { freePort } from '@/lib/testing/server-process';

/** The environment of a measured server on `port` against `databaseUrl`: no demo data, limits lifted, quiet logs. */
export const benchServerEnv = (databaseUrl: string, port: number, extra: Record<string, string> = {}) => ({
  ...process.env,
  NODE_ENV: 'production' as const,
  DATABASE_URL: databaseUrl,
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  SEED_DEMO: 'false',
  ADMIN_API_KEY: '',
  RATE_LIMIT_PER_MINUTE: '100000000',
  TOKEN_RATE_LIMIT_PER_MINUTE: '100000000',
  // Every load generator connects from this one address.
  MAX_CONNECTIONS_PER_ADDRESS: '0',
  LOG_LEVEL: 'warn',
  ...extra,
});

export interface MeasuredServer {
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts `node <npm start's flags> <script…>` (server.ts is `npm start`'s server; it needs a build) and waits until
 * `readyUrl` answers 200. With BENCH_PROFILE_DIR set, the process writes its CPU profiles to `$BENCH_PROFILE_DIR/<name>`;
 * BENCH_NODE_FLAGS adds node flags of its own.
 */
export async function startMeasuredServer(name: string, script: string[], env: NodeJS.ProcessEnv, readyUrl: string): Promise<MeasuredServer> {
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}/${name}`] : [];
  // Flags added after npm start's, so they can override one: --trace-gc, --max-semi-space-size=64 to try another
  // setting, or `--perf-prof --no-write-protect-code-memory` for an exact CPU profile: `perf record -k mono -g -p <pid>`,
  // then `perf inject --jit` run in the server's directory (it leaves jitted-*.so files there to delete). The simpler
  // --perf-basic-prof map misnames code whose address V8 reused, and --cpu-prof samples wall-clock time. What V8 traces
  // goes to stdout, shown only when flags are given.
  const extra = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...profile, ...serverNodeFlags(), ...extra, ...script], {
    env,
    stdio: ['ignore', extra.length ? 'inherit' : 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} server exited with ${child.exitCode}`);
    if (
      await fetch(readyUrl).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { child, stop };
    await sleep(200);
  }
  await stop();
  throw new Error(`${readyUrl} not ready within 60 s`);
}

export function rssMiB(pid: number): number {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return match ? Number(match[1]) / 1024 : NaN;
}

/** CPU time (user + system) a process has used, in ms; /proc counts it in clock ticks of 10 ms. */
function cpuMs(pid: number | string): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0; // the process ended meanwhile
  }
}

/** CPU time of every PostgreSQL process on this machine (the server is local), in ms. */
function postgresCpuMs(): number {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .reduce((sum, pid) => sum + cpuMs(pid), 0);
}

export interface CpuPerUnit {
  server: number;
  postgres: number;
  load: number;
}

/** CPU ms per unit of work (what `run` returns it completed) spent by the server, PostgreSQL and this process. */
export async function cpuPerUnit(serverPid: number, run: () => Promise<number>): Promise<CpuPerUnit> {
  const before = { server: cpuMs(serverPid), postgres: postgresCpuMs(), load: process.cpuUsage() };
  const units = await run();
  const load = process.cpuUsage(before.load);
  return {
    server: (cpuMs(serverPid) - before.server) / units,
    postgres: (postgresCpuMs() - before.postgres) / units,
    load: (load.user + load.system) / 1000 / units,
  };
}

export const formatCpu = (cpu: CpuPerUnit) => `server ${cpu.server.toFixed(1)}, PostgreSQL ${cpu.postgres.toFixed(1)}, load generator ${cpu.load.toFixed(1)}`;
