import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { serverNodeFlags } from './server-command';

/** Builds the Next.js app unless the build is up to date (scripts/ensure-build.mjs; a no-op after `npm test` built). */
export function ensureBuild(): void {
  const result = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`scripts/ensure-build.mjs exited with ${result.status}`);
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  /** What the process wrote, for failure messages. */
  output(): string;
  /** SIGKILL, as a crash: no shutdown hook runs. */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs the built server as `npm start` does (`node <its flags> server.ts`) with `env` on top of the test's environment
 * (minus vitest's own variables), and waits until /readyz answers 200.
 */
export async function startServer(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_OPTIONS'));
  const child = spawn(process.execPath, [...serverNodeFlags(), 'server.ts'], {
    env: { ...inherited, NODE_ENV: 'production', DRAIN_DELAY_MS: '0', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(name);
    await exited;
  };
  const origin = `http://127.0.0.1:${port}`;
  const server: ServerProcess = { child, origin, output: () => output, crash: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    if (
      await fetch(`${origin}/readyz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.crash();
  throw new Error(`server not ready within 90 s:\n${output}`);
}
