/**
 * Webhook delivery on PostgreSQL, one process: events per second delivered to a local receiver (target ≥ 1,000/s),
 * and p50/p99 time from commit to receipt at 50 events a second (target p99 < 50 ms).
 *
 *   npx tsx bench/events.ts          (PostgreSQL at BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_EVENTS=10000 BENCH_LATENCY_SECONDS=20 npx tsx bench/events.ts
 *
 * It creates a throwaway database on that server and drops it afterwards.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { openDatabase } from '@/db/client';
import { startLoops } from '@/lib/background/runner';
import { resetConfig } from '@/lib/config';
import { emitOrderEvent, sleep, webhookSubscriber } from '@/lib/testing/event-fixtures';
import { createWebhookDispatcher } from '@/lib/events/webhook-dispatcher';
import { logger } from '@/lib/log';
import { benchDatabase } from './support';

process.env.LOG_LEVEL = 'silent';
const totalEvents = Number(process.env.BENCH_EVENTS ?? 5000);
const latencySeconds = Number(process.env.BENCH_LATENCY_SECONDS ?? 10);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  resetConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', LOG_LEVEL: 'silent' });
  const database = await benchDatabase();
  const handle = await openDatabase({ url: database.url, dataDir: 'unused', maxConnections: 20 });

  const receivedAt = new Map<string, number>();
  let secret = '';
  let verifyFailures = 0;
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      if (!receivedAt.has(id)) receivedAt.set(id, performance.now());
      // Verify one delivery in fifty, so the receiver measures the sender rather than itself.
      if (receivedAt.size % 50 === 0) {
        try {
          new Webhook(secret).verify(Buffer.concat(chunks).toString('utf8'), request.headers as Record<string, string>);
        } catch {
          verifyFailures++;
        }
      }
      response.writeHead(200).end();
    });
  });
  receiver.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  try {
    const { locationId, partnerId, endpoint } = await webhookSubscriber(handle.db, receiverUrl);
    secret = endpoint.secret;

    // Throughput: a backlog of events (1,000 resources × versions), then one dispatcher delivers it all.
    const resources = Math.min(1000, totalEvents);
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < totalEvents) {
          const index = next++;
          await emitOrderEvent(handle.db, { locationId, partnerId, orderId: `bench-${index % resources}`, version: Math.floor(index / resources) + 1 });
        }
      }),
    );
    const dispatcher = createWebhookDispatcher(handle);
    const started = performance.now();
    const loops = startLoops([dispatcher.loop], logger());
    while (receivedAt.size < totalEvents) await sleep(5);
    const throughputSeconds = (performance.now() - started) / 1000;

    // Latency: 50 events a second while the dispatcher idles on LISTEN.
    const committedAt = new Map<string, number>();
    const latencyEvents = latencySeconds * 50;
    const begin = performance.now();
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i < latencyEvents; i++) {
      const due = begin + i * 20;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      pending.push(
        emitOrderEvent(handle.db, { locationId, partnerId, orderId: `latency-${i}`, version: 1 }).then((event) => {
          committedAt.set(event.id, performance.now());
        }),
      );
    }
    await Promise.all(pending);
    const deadline = performance.now() + 10_000;
    while ([...committedAt.keys()].some((id) => !receivedAt.has(id)) && performance.now() < deadline) await sleep(10);
    const latencies = [...committedAt].map(([id, at]) => Math.max(0, (receivedAt.get(id) ?? Infinity) - at)).sort((a, b) => a - b);

    await loops.stop();
    await dispatcher.drain();
    console.log(
      `webhook throughput: ${totalEvents} events in ${throughputSeconds.toFixed(2)} s = ${Math.round(totalEvents / throughputSeconds)} events/s (target ≥ 1000/s)`,
    );
    console.log(
      `commit → receipt at 50 events/s (${latencies.length} events): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms (target p99 < 50 ms)`,
    );
    console.log(`signature checks failed: ${verifyFailures}`);
  } finally {
    receiver.close();
    await handle.close();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
