import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { webhookDeliveries } from '@/db/schema';
import { resetConfig } from '@/lib/config';
import { attachPosNotifications } from '@/lib/events/pos-notifications';
import { dispatchUntil, sleep } from '@/lib/testing/event-fixtures';
import { startWebhookReceiver } from '@/lib/testing/webhook-receiver';
import { createWebhookDispatcher } from '@/lib/events/webhook-dispatcher';
import { createWebhookEndpoint } from '@/lib/events/webhook-endpoints';
import { useTestDatabase } from '@/lib/testing/database';
import { type BookingWorld, bookingWorld, createdBooking, patched, reservation, walkIn } from '@/app/_testing/bookings';

const database = useTestDatabase();
let world: BookingWorld;
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  resetConfig({ RATE_LIMIT_PER_MINUTE: '100000', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_SCHEDULE: '0,0,1', WEBHOOK_TIMEOUT_MS: '2000' });
  world = await bookingWorld(database.db());
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  resetConfig();
});

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await sleep(25);
  }
}

describe('walk-in: POS → booking app webhook', () => {
  it("signs and delivers BOOKING_CREATED and the table's progress to the booking app's endpoint", async () => {
    const secrets: string[] = [];
    const receiver = await startWebhookReceiver(() => secrets);
    closers.push(() => receiver.close());
    const endpoint = await createWebhookEndpoint(database.db(), world.app.partnerId, { url: receiver.url });
    secrets.push(endpoint.secret);

    const booking = await createdBooking(world.pos.token, walkIn(world.locationId));
    await patched(world.pos.token, booking.id, { asset: { tableStatus: 'DINING' } });
    await patched(world.pos.token, booking.id, { asset: { tableStatus: 'FINALISED' } });

    const deliveries = await database.db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(deliveries).toHaveLength(3);

    const dispatcher = createWebhookDispatcher(database.handle(), { batchSize: 50 });
    await dispatchUntil(dispatcher, () => receiver.requests.filter((request) => request.answered === 200).length === 3);
    expect(receiver.requests.map((request) => [request.event.type, request.event.data.version])).toEqual([
      ['BOOKING_CREATED', 1],
      ['BOOKING_DINING', 2],
      ['BOOKING_FINALISED', 3],
    ]);
    for (const request of receiver.requests) {
      expect(request.verifiedWith).toEqual([0]);
      expect(request.event).toMatchObject({ locationId: world.locationId, data: { id: booking.id, resource: 'booking' } });
      expect((request.event.data as { uri?: string }).uri).toMatch(new RegExp(`/connect/bookings/${booking.id}$`));
    }
  });
});

describe('reservation: booking app → POS WebSocket', () => {
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    server = createServer((_request, response) => response.writeHead(404).end());
    const notifications = attachPosNotifications(server, database.handle(), { helloTimeoutMs: 5000, pingIntervalMs: 60_000 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
    closers.push(
      () => new Promise((resolve) => server.close(resolve)),
      () => notifications.close(),
    );
  });

  it('pushes BOOKING_CREATED and the customer cancellation to the POS after HELLO', async () => {
    const socket = new WebSocket(`${baseUrl}/connect/pos/notifications/${encodeURIComponent(world.locationId)}`, {
      headers: { authorization: `Bearer ${world.pos.token}` },
    });
    closers.push(async () => socket.close());
    const messages: { type: string; data: { id: string; version: number } }[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'HELLO', posVersion: '1.0.0', supportedApis: [{ name: 'BOOKING', version: '1.0' }] }));

    const booking = await createdBooking(world.app.token, reservation(world.locationId));
    await patched(world.app.token, booking.id, { bookingStatus: 'CANCELLED_BY_CUSTOMER', reason: 'Illness' });
    await waitFor(() => messages.filter((message) => message.data.id === booking.id).length === 2);
    expect(messages.filter((message) => message.data.id === booking.id).map((message) => [message.type, message.data.version])).toEqual([
      ['BOOKING_CREATED', 1],
      ['BOOKING_UPDATED', 2],
    ]);
  });
});
