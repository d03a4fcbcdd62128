import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { locations } from '@/db/schema';
import { startLoops } from '@/lib/background/runner';
import { resetConfig } from '@/lib/config';
import { attachPosNotifications } from '@/lib/events/pos-notifications';
import { sleep } from '@/lib/testing/event-fixtures';
import { startWebhookReceiver } from '@/lib/testing/webhook-receiver';
import { createWebhookDispatcher } from '@/lib/events/webhook-dispatcher';
import { createWebhookEndpoint } from '@/lib/events/webhook-endpoints';
import { logger } from '@/lib/log';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { changeAvailability, readAvailability } from './location-availability';
import { publishScheduledChanges } from './scheduler';

const database = useTestDatabase();
const HELLO = JSON.stringify({ type: 'HELLO', posVersion: '4.2.0', supportedApis: [{ name: 'ORDERING', version: '1.1' }] });

let server: Server;
let notifications: ReturnType<typeof attachPosNotifications>;
let baseUrl: string;

beforeAll(async () => {
  resetConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_SCHEDULE: '0,0,1', WEBHOOK_TIMEOUT_MS: '2000' });
  server = createServer((_request, response) => response.writeHead(404).end());
  notifications = attachPosNotifications(server, database.handle(), { pingIntervalMs: 60_000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await notifications.close();
  await new Promise((resolve) => server.close(resolve));
  resetConfig();
});

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await sleep(5);
  }
}

function posSocket(locationId: string, token: string) {
  const socket = new WebSocket(`${baseUrl}/connect/pos/notifications/${encodeURIComponent(locationId)}`, { headers: { authorization: `Bearer ${token}` } });
  const messages: { id: string; type: string; receivedAt: number }[] = [];
  socket.on('message', (data) => messages.push({ ...(JSON.parse(data.toString()) as { id: string; type: string }), receivedAt: performance.now() }));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, messages, opened };
}

const percentile = (sorted: number[], p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);

describe('LOCATION_AVAILABILITY_UPDATED reaches the partners', () => {
  it("reaches the app's webhook and the POS socket for a merchant's pause and resume, quickly", async () => {
    const db = database.db();
    const { merchant, locationIds } = await createMerchantWithLocations(db, 1);
    const locationId = locationIds[0]!;
    const pos = await createConnectedPartner(db, 'POS', [locationId]);
    const app = await createConnectedPartner(db, 'ORDERING_APP', [locationId]);
    const secrets: string[] = [];
    const receiver = await startWebhookReceiver(() => secrets);
    secrets.push((await createWebhookEndpoint(db, app.partnerId, { url: receiver.url })).secret);
    const client = posSocket(locationId, pos.token);
    await client.opened;
    client.socket.send(HELLO);
    await sleep(200);
    const loops = startLoops([createWebhookDispatcher(database.handle()).loop], logger());
    const merchantActor = { caller: { merchantId: merchant.id }, by: 'MERCHANT' as const };
    const toWebhook: number[] = [];
    const toSocket: number[] = [];
    try {
      for (let round = 0; round < 20; round++) {
        const started = performance.now();
        const pausing = round % 2 === 0;
        await changeAvailability(db, merchantActor, locationId, {
          pause: pausing ? { until: new Date(Date.now() + 15 * 60_000).toISOString(), reason: 'Too busy' } : null,
        });
        await waitFor(() => receiver.requests.length > round && client.messages.length > round);
        const delivered = receiver.requests[round]!;
        expect(delivered.event).toMatchObject({ type: 'LOCATION_AVAILABILITY_UPDATED', data: { id: locationId, resource: 'location', version: round + 1 } });
        expect(delivered.verifiedWith).toEqual([0]);
        expect(client.messages[round]!.id).toBe(delivered.webhookId);
        toWebhook.push(delivered.receivedAt - started);
        toSocket.push(client.messages[round]!.receivedAt - started);
      }
    } finally {
      await loops.stop();
      client.socket.close();
      await receiver.close();
    }
    toWebhook.sort((a, b) => a - b);
    toSocket.sort((a, b) => a - b);
    console.info(
      `merchant pause → app webhook: p50 ${percentile(toWebhook, 50)} ms, p99 ${percentile(toWebhook, 99)} ms; → POS socket: p50 ${percentile(toSocket, 50)} ms, p99 ${percentile(toSocket, 99)} ms (${toWebhook.length} changes, PGlite)`,
    );
    expect(percentile(toWebhook, 99)).toBeLessThan(2000);
  }, 60_000);

  it('pauses for POS_OFFLINE after the POS has been away, and resumes when its socket is back', async () => {
    const db = database.db();
    const { merchant, locationIds } = await createMerchantWithLocations(db, 1);
    const locationId = locationIds[0]!;
    const pos = await createConnectedPartner(db, 'POS', [locationId]);
    const reader = { merchantId: merchant.id };
    // The POS left three minutes ago (its socket closed then).
    await db
      .update(locations)
      .set({ lastOnlineAt: sql`now() - interval '3 minutes'` })
      .where(eq(locations.id, locationId));
    expect((await publishScheduledChanges(db)).emitted).toBeGreaterThanOrEqual(1);
    expect(await readAvailability(db, reader, locationId)).toMatchObject({ state: 'PAUSED', reason: 'POS_OFFLINE' });

    const client = posSocket(locationId, pos.token);
    await client.opened;
    client.socket.send(HELLO);
    await waitFor(async () => (await readAvailability(db, reader, locationId)).state === 'OPEN');
    await publishScheduledChanges(db);
    const told = () => client.messages.filter((message) => message.type === 'LOCATION_AVAILABILITY_UPDATED');
    await waitFor(() => told().length >= 1);
    await publishScheduledChanges(db);
    await sleep(200);
    expect(told()).toHaveLength(1);
    client.socket.close();
  });
});
