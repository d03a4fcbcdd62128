/**
 * How many refresh grants per second POST /oauth/token sustains on PostgreSQL (target ≥ 200/s), and how long a
 * polling POS waits for its token after the merchant approves (target ≤ one interval at the default 5 s). Both are
 * measured against `npm start`'s server (server.ts with the Next build), as partners reach it.
 *
 *   npx tsx bench/refresh-grants.ts      (needs `node scripts/ensure-build.mjs` first and PostgreSQL at BENCH_DATABASE_URL,
 *                                         default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_SECONDS=10 BENCH_CONCURRENCY=32 BENCH_APPROVALS=3 npx tsx bench/refresh-grants.ts
 *
 * It creates a throwaway database on that server and drops it afterwards. The token rate limit is lifted for
 * the run: this measures the endpoint, not the limiter.
 */
import { spawn } from 'node:child_process';
import { installDatabase, openDatabase } from '@/db/client';
import { authenticateClient } from '@/lib/auth/client-authentication';
import { approveDevice } from '@/lib/auth/device-approval';
import { deviceCodeGrant, startDeviceAuthorization } from '@/lib/auth/device-flow';
import { ensureSigningKey } from '@/lib/auth/signing-keys';
import { config, connectBaseUrl, resetConfig } from '@/lib/config';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { createClient, createPartner } from '@/lib/tenancy/partners';
import { createUser } from '@/lib/tenancy/users';
import { benchServerEnv, cpuPerUnit, freePort, startMeasuredServer, benchDatabase } from './support';

process.env.LOG_LEVEL = 'silent';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const approvals = Number(process.env.BENCH_APPROVALS ?? 3);

async function main() {
  const database = await benchDatabase();
  const handle = await openDatabase({ url: database.url, dataDir: 'unused', maxConnections: 4 });
  installDatabase(handle);
  const port = await freePort();
  const env = benchServerEnv(database.url, port);
  resetConfig({ PUBLIC_URL: env.PUBLIC_URL });
  const origin = env.PUBLIC_URL;
  let server: Awaited<ReturnType<typeof startMeasuredServer>> | undefined;
  try {
    const db = handle.db;
    await ensureSigningKey(db);
    const { merchant, locationIds } = await createMerchantWithLocations(db, 1);
    const user = await createUser(db, { email: `bench-${port}@example.test`, password: 'bench-password', role: 'MERCHANT', merchantId: merchant.id });
    const partner = await createPartner(db, { name: 'Bench POS', type: 'POS' });
    const { client_id: clientId } = await createClient(db, partner.id);
    const pos = await authenticateClient(db, { clientId, method: 'none' });
    const approve = (userCode: string, index: number) =>
      approveDevice(db, {
        userCode,
        user: { id: user.id, merchantId: merchant.id },
        source: { userId: `bench-${index}`, address: `bench-${index}` },
        locationIds,
      });

    // One device grant per worker, so the workers refresh independent token chains as real POS fleets do.
    const refreshTokens: string[] = [];
    for (let i = 0; i < concurrency; i++) {
      const device = await startDeviceAuthorization(db, pos, connectBaseUrl());
      await approve(device.user_code, i);
      refreshTokens.push((await deviceCodeGrant(db, pos, device.device_code)).refresh_token!);
    }

    server = await startMeasuredServer('server', ['server.ts'], env, `${origin}/readyz`);
    for (let i = 0; i < concurrency; i++) refreshTokens[i] = await refreshAt(origin, clientId, refreshTokens[i]!); // warm-up

    // The load runs in its own process, as a fleet of POS would, so the client's work does not share the server's thread.
    let load: LoadResult | undefined;
    const cpu = await cpuPerUnit(server.child.pid!, async () => {
      load = await runLoad({ origin, clientId, tokens: refreshTokens, seconds });
      return load.completed;
    });
    console.log(
      `refresh grants: ${(load!.completed / load!.elapsed).toFixed(0)}/s on PostgreSQL (${load!.completed} in ${load!.elapsed.toFixed(1)} s, ${concurrency} concurrent devices from a separate client process; latency p50 ${load!.p50} ms, p99 ${load!.p99} ms; target ≥ 200/s)`,
    );
    console.log(`  CPU ms per grant: server ${cpu.server.toFixed(2)}, PostgreSQL ${cpu.postgres.toFixed(2)}, load generator ${load!.cpuMsPerGrant.toFixed(2)}`);

    // Approval → token: a device polls at the default interval; the merchant approves at a random moment.
    const samples: number[] = [];
    for (let i = 0; i < approvals; i++) {
      const response = await fetch(`${origin}/oauth/device/code`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: clientId, scope: 'offline_access' }),
      });
      const device = (await response.json()) as { device_code: string; user_code: string; interval: number };
      let approvedAt = 0;
      const approval = new Promise<void>((resolve) =>
        setTimeout(
          () => void approve(device.user_code, 1000 + i).then(() => ((approvedAt = performance.now()), resolve())),
          (0.5 + Math.random() * 1.5) * device.interval * 1000,
        ),
      );
      let receivedAt = 0;
      for (let interval = device.interval; !receivedAt;) {
        await new Promise((resolve) => setTimeout(resolve, interval * 1000));
        const poll = await fetch(`${origin}/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:device_code', client_id: clientId, device_code: device.device_code }),
        });
        const body = (await poll.json()) as { error?: string };
        if (poll.ok) receivedAt = performance.now();
        else if (body.error === 'slow_down') interval += 5;
        else if (body.error !== 'authorization_pending') throw new Error(`poll failed: ${body.error}`);
      }
      await approval;
      samples.push((receivedAt - approvedAt) / 1000);
    }
    const interval = config().DEVICE_POLL_INTERVAL_SECONDS;
    if (samples.length)
      console.log(
        `approval → token: ${samples.map((s) => s.toFixed(2)).join(', ')} s (max ${Math.max(...samples).toFixed(2)} s; interval ${interval} s; target ≤ one interval)`,
      );
  } finally {
    await server?.stop();
    installDatabase(undefined);
    await handle.close();
    await database.drop();
  }
}

interface LoadInput {
  origin: string;
  clientId: string;
  tokens: string[];
  seconds: number;
}

async function refreshAt(origin: string, clientId: string, token: string): Promise<string> {
  const response = await fetch(`${origin}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', client_id: clientId, refresh_token: token }),
  });
  const body = (await response.json()) as { refresh_token?: string; error?: string };
  if (!response.ok || !body.refresh_token) throw new Error(`refresh failed: ${response.status} ${body.error}`);
  return body.refresh_token;
}

interface LoadResult {
  completed: number;
  elapsed: number;
  p50: string;
  p99: string;
  cpuMsPerGrant: number;
}

function runLoad(input: LoadInput): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/refresh-grants.ts', '--load'], { stdio: ['pipe', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`load process exited with ${code}`))));
    child.stdin.end(JSON.stringify(input));
  });
}

/** The client side: each worker refreshes its own token chain until the deadline. */
async function loadMain() {
  let raw = '';
  for await (const chunk of process.stdin) raw += chunk;
  const input = JSON.parse(raw) as LoadInput;
  let completed = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + input.seconds * 1000;
  await Promise.all(
    input.tokens.map(async (initial) => {
      let token = initial;
      while (performance.now() < deadline) {
        const begun = performance.now();
        token = await refreshAt(input.origin, input.clientId, token);
        latencies.push(performance.now() - begun);
        completed++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage();
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
  const result: LoadResult = { completed, elapsed, p50: p(0.5), p99: p(0.99), cpuMsPerGrant: (cpu.user + cpu.system) / 1000 / completed };
  process.stdout.write(JSON.stringify(result));
}

(process.argv.includes('--load') ? loadMain() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
