import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver } from '@/lib/testing/webhook-receiver';
import { type TcpProxy, tcpProxy } from '@/lib/testing/tcp-proxy';
import { type ThrowawayDatabase, throwawayDatabase } from '@/lib/testing/throwaway-database';
import { ensureBuild, freePort, type ServerProcess, startServer } from '@/lib/testing/server-process';
import { connectedPartner, managementApi, postOrder as postOrderAt } from '@/lib/testing/server-world';

// Fault tests against the built server as a child process, with PostgreSQL behind a TCP proxy the test controls
// (docs/contract.md#statuses: 503 with Retry-After within 2 s while the database is unreachable, recovery without a restart;
// docs/contract.md#events: nothing committed is lost, a crash included).

const ADMIN_API_KEY = `faults-${randomBytes(12).toString('hex')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

let database: ThrowawayDatabase;
let sqlDirect: postgres.Sql;
let proxy: TcpProxy;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let server: ServerProcess;
let serverEnv: Record<string, string>;
let port: number;
const secrets: string[] = [];
let world: { locationId: string; posId: string; appToken: string };

const manage = managementApi(() => server.origin, ADMIN_API_KEY);

let orderCounter = 0;
const postOrder = () => postOrderAt(server.origin, world.appToken, world.locationId, `fault-${process.pid}-${++orderCounter}`);

const getOrder = (id: string) => fetch(`${server.origin}/connect/orders/${id}`, { headers: { authorization: `Bearer ${world.appToken}` } });

/** Ids of the committed events addressed to the POS, which has the webhook endpoint. */
async function committedPosEvents(): Promise<string[]> {
  const rows = await sqlDirect<{ id: string }[]>`select event_id as id from event_recipients where partner_id = ${world.posId}`;
  return rows.map((row) => row.id);
}

/** Waits until every committed event addressed to the POS reached the receiver; returns the ones that did not. */
async function undeliveredAfter(timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const received = new Set(receiver.requests.filter((request) => request.verifiedWith.length).map((request) => request.webhookId));
    const missing = (await committedPosEvents()).filter((id) => !received.has(id));
    if (!missing.length || Date.now() > deadline) return missing;
    await sleep(250);
  }
}

/** Every committed event addressed to the POS reaches the receiver within `timeoutMs`; if not, says where each one is. */
async function expectAllDelivered(timeoutMs: number) {
  const missing = await undeliveredAfter(timeoutMs);
  const states = missing.length
    ? await sqlDirect`select event_id, status, attempt_count, next_attempt_at, locked_until, last_attempt_at
        from webhook_deliveries where event_id in ${sqlDirect(missing)}`
    : [];
  expect(missing, `undelivered: ${JSON.stringify(states)}`).toEqual([]);
}

beforeAll(async () => {
  ensureBuild();
  database = await throwawayDatabase(process.env.DATABASE_URL!);
  sqlDirect = postgres(database.url, { max: 2, onnotice: () => {} });
  const target = new URL(database.url);
  proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  receiver = await startWebhookReceiver(() => secrets);
  port = await freePort();
  serverEnv = {
    DATABASE_URL: proxy.route(database.url),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'counterpart-faults-')),
    COUNTERPART_SECRET_KEY: randomBytes(32).toString('base64'),
    ADMIN_API_KEY,
    SEED_DEMO: 'false',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1,1,1,1,1,1',
    WEBHOOK_TIMEOUT_MS: '2000',
    RATE_LIMIT_PER_MINUTE: '1000000',
    TOKEN_RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'warn',
  };
  server = await startServer(port, serverEnv);

  const merchant = await manage('/merchants', { name: 'Fault Bistro' });
  const location = await manage<{ locationId: string }>(`/merchants/${merchant.id}/locations`, { name: 'Fault Bistro CBD' });
  const pos = await manage('/partners', { name: 'Fault POS', type: 'POS' });
  await manage(`/partners/${pos.id}/connections`, { locationId: location.locationId });
  const hook = await manage<{ secret: string }>(`/partners/${pos.id}/webhooks`, { url: receiver.url });
  secrets.push(hook.secret);
  const app = await connectedPartner(server.origin, manage, { name: 'Fault App', type: 'ORDERING_APP', locationIds: [location.locationId] });
  world = { locationId: location.locationId, posId: pos.id!, appToken: app.token! };
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await proxy?.close();
  await sqlDirect?.end();
  await database?.drop();
});

describe('the built server under faults', () => {
  it('answers 503 with Retry-After within 2 s while PostgreSQL is cut off, recovers without a restart, and loses nothing', { timeout: 60_000 }, async () => {
    const created: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await postOrder();
      expect(response.status).toBe(201);
      created.push(((await response.json()) as { id: string }).id);
    }
    await expectAllDelivered(15_000); // nothing in flight when the link goes

    const latencies: number[] = [];
    const statuses: Record<string, number> = {};
    for (const mode of ['refuse', 'silent'] as const) {
      proxy.cut(mode);
      // Silent: let the pool notice its connections are gone, so calls meet connection attempts nobody answers.
      if (mode === 'silent') await sleep(300);
      const until = Date.now() + 2500;
      await Promise.all(
        Array.from({ length: 4 }, async (_, worker) => {
          while (Date.now() < until) {
            const started = performance.now();
            const response = worker % 2 ? await getOrder(created[worker]!) : await postOrder();
            latencies.push(performance.now() - started);
            const key = `${mode} ${response.status}`;
            statuses[key] = (statuses[key] ?? 0) + 1;
            expect(response.status, `${mode}: ${await response.clone().text()}`).toBe(503);
            expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
            expect(response.headers.get('content-type')).toContain('application/problem+json');
          }
        }),
      );
      proxy.restore();

      const pid = server.child.pid;
      const restoredAt = performance.now();
      for (;;) {
        const response = await postOrder();
        if (response.status === 201) {
          created.push(((await response.json()) as { id: string }).id);
          break;
        }
        expect(response.status).toBe(503);
        expect(performance.now() - restoredAt, 'recovery after the link returned').toBeLessThan(10_000);
        await sleep(100);
      }
      expect(server.child.pid).toBe(pid);
      expect(server.child.exitCode).toBeNull();
      console.info(`outage (${mode}): recovered ${Math.round(performance.now() - restoredAt)} ms after the link returned`);
      // Before the next cut, as before the first: nothing in flight when the link goes. A claim cut off after it
      // committed leaves its delivery leased until the lease runs out (WEBHOOK_TIMEOUT_MS + 30 s), which is
      // at-least-once working as designed, not a loss, but longer than this test waits.
      await expectAllDelivered(15_000);
    }

    console.info(
      `503 latency during the outage over ${latencies.length} calls: max ${Math.round(Math.max(...latencies))} ms, ` +
        `p99 ${Math.round(percentile(latencies, 99))} ms, p50 ${Math.round(percentile(latencies, 50))} ms (${JSON.stringify(statuses)})`,
    );
    expect(Math.max(...latencies)).toBeLessThan(2000);

    for (const id of created) expect((await getOrder(id)).status).toBe(200);
    await expectAllDelivered(20_000);
  });

  it('loses no order answered 201 and no committed event when the process is killed (SIGKILL) during a burst', { timeout: 90_000 }, async () => {
    const accepted: string[] = [];
    let failed = 0;
    let killed: Promise<void> | undefined;
    const KILL_AFTER = 40;
    const BURST = 400;
    let sent = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (sent < BURST && !killed) {
          sent++;
          try {
            const response = await postOrder();
            if (response.status !== 201) throw new Error(`POST /connect/orders → ${response.status}: ${await response.text()}`);
            accepted.push(((await response.json()) as { id: string }).id);
            if (accepted.length === KILL_AFTER) killed = server.crash();
          } catch (error) {
            if (!killed) throw error;
            failed++; // cut off by the crash: its outcome is unknown, and either outcome is fine
          }
        }
      }),
    );
    await killed;
    expect(server.child.signalCode).toBe('SIGKILL');

    server = await startServer(port, serverEnv);
    const missingOrders = [];
    for (const id of accepted) if ((await getOrder(id)).status !== 200) missingOrders.push(id);
    const withCreatedEvent = await sqlDirect<{ id: string }[]>`
      select resource_id as id from events where resource = 'order' and type = 'ORDER_CREATED' and resource_id in ${sqlDirect(accepted)}`;
    // Deliveries leased by the killed process are retried once their lease (WEBHOOK_TIMEOUT_MS + 30 s) runs out.
    const lostEvents = await undeliveredAfter(45_000);
    const duplicates = receiver.requests.length - new Set(receiver.requests.map((request) => request.webhookId)).size;
    console.info(
      `kill -9 after ${accepted.length} orders answered 201 (${failed} calls cut off): ${missingOrders.length} orders lost, ` +
        `${lostEvents.length} of ${(await committedPosEvents()).length} committed events lost, ${duplicates} duplicate deliveries`,
    );
    expect(missingOrders).toEqual([]);
    expect(withCreatedEvent.map((row) => row.id).sort()).toEqual([...accepted].sort());
    expect(lostEvents).toEqual([]);
  });
});
