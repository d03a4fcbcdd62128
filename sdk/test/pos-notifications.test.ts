import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { createCounterpartClient, fullJitterDelayMs, PosNotifications, type CounterpartEvent, type NotificationsState } from '../src/index';

const event = (id: string, locationId = 'loc-1'): CounterpartEvent => ({
  id,
  type: 'ORDER_CREATED',
  createdAt: new Date().toISOString(),
  locationId,
  data: { id: `ord-${id}`, uri: `https://hub.test/connect/orders/ord-${id}`, resource: 'order', version: 1 },
});

/** A stand-in Counterpart: the notification WebSocket and the catch-up feed, both scripted by the test. */
async function fakeHub() {
  const feed: CounterpartEvent[] = [];
  // The feed shows nothing from the first hidden event on, as the server's does while a transaction that started
  // before that event is still open.
  const hidden = new Set<string>();
  const feedQueries: string[] = [];
  const hellos: unknown[] = [];
  const sockets: WebSocket[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url!, 'http://hub');
    feedQueries.push(url.search);
    const after = url.searchParams.get('after');
    const start = after ? feed.findIndex((entry) => entry.id === after) + 1 : 0;
    const horizon = feed.findIndex((entry) => hidden.has(entry.id));
    const results = feed.slice(start, horizon === -1 ? undefined : Math.max(start, horizon));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ results, lastEventId: results.at(-1)?.id ?? after, hasMore: false }));
  });
  const wss = new WebSocketServer({ server, path: '/connect/pos/notifications/loc-1' });
  wss.on('connection', (socket, request) => {
    expect(request.headers.authorization).toBe('Bearer pos-token');
    sockets.push(socket);
    socket.on('message', (raw) => hellos.push(JSON.parse(raw.toString())));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    feed,
    feedQueries,
    hidden,
    hellos,
    sockets,
    /** Records the event in the feed and sends it on every open socket. */
    emit(entry: CounterpartEvent, live = true) {
      feed.push(entry);
      if (live) for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(entry));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.terminate();
        wss.close();
        server.close(() => resolve());
      }),
  };
}

async function until(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let hub: Awaited<ReturnType<typeof fakeHub>> | undefined;
let notifications: PosNotifications | undefined;
afterEach(async () => {
  await notifications?.stop();
  await hub?.close();
  notifications = undefined;
  hub = undefined;
});

describe('PosNotifications', () => {
  it('sends HELLO, and after the server kills the socket reconnects and catches up without losing or repeating an event', async () => {
    hub = await fakeHub();
    const received: string[] = [];
    const states: NotificationsState['state'][] = [];
    notifications = new PosNotifications({
      client: createCounterpartClient({ baseUrl: hub.url, auth: 'pos-token' }),
      locationId: 'loc-1',
      posVersion: 'till 4.2',
      onEvent: (entry) => void received.push(entry.id),
      onState: (state) => states.push(state.state),
      reconnect: { baseDelayMs: 50, maxDelayMs: 100 },
    }).start();
    await until(() => hub!.hellos.length === 1 && states.includes('open'));
    expect(hub.hellos[0]).toMatchObject({ type: 'HELLO', posVersion: 'till 4.2', supportedApis: [{ name: 'ordering', version: '1.0' }] });
    // The first connection has nothing to catch up on.
    expect(hub.feedQueries).toEqual([]);

    hub.emit(event('e1'));
    await until(() => received.length === 1);

    hub.sockets[0]!.terminate();
    hub.emit(event('e2'), false);
    hub.emit(event('x1', 'loc-2'), false);
    hub.emit(event('e3'), false);
    await until(() => hub!.hellos.length === 2);
    // e3 also arrives live on the new socket while the catch-up runs: it is handed over once.
    hub.emit(event('e3'));
    hub.emit(event('e4'));
    await until(() => received.length >= 4);
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(received).toEqual(['e1', 'e2', 'e3', 'e4']);
    expect(hub.feedQueries[0]).toContain('after=e1');
    expect(states.filter((state) => state === 'open')).toHaveLength(2);
    expect(notifications.lastEventId).toBe('e4');
  });

  it('after a reconnection keeps reading the feed until it shows a live event, so an event that appears late is not lost', async () => {
    hub = await fakeHub();
    const received: string[] = [];
    const states: NotificationsState['state'][] = [];
    notifications = new PosNotifications({
      client: createCounterpartClient({ baseUrl: hub.url, auth: 'pos-token' }),
      locationId: 'loc-1',
      onEvent: (entry) => void received.push(entry.id),
      onState: (state) => states.push(state.state),
      reconnect: { baseDelayMs: 20, maxDelayMs: 20 },
      settle: { pollMs: 50, forMs: 5_000 },
    }).start();
    await until(() => states.includes('open'));
    hub.emit(event('e1'));
    await until(() => received.length === 1);

    hub.sockets[0]!.terminate();
    // e2 commits while the POS is away, but the feed cannot show it yet.
    hub.emit(event('e2'), false);
    hub.hidden.add('e2');
    await until(() => states.filter((state) => state === 'open').length === 2);
    hub.emit(event('e3'));
    await until(() => received.includes('e3'));
    expect(received).not.toContain('e2');

    hub.hidden.delete('e2');
    await until(() => received.includes('e2'));
    const queries = hub.feedQueries.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Once the feed showed e3, the live socket covers the rest: no more reads.
    expect(hub.feedQueries).toHaveLength(queries);
    expect(received).toEqual(['e1', 'e3', 'e2']);
    // Resuming after e3 cannot skip anything: e2 comes before it in the feed.
    expect(notifications.lastEventId).toBe('e3');
  });

  it('reads on from where its last catch-up ended, so a quiet location does not page through other locations’ events again', async () => {
    hub = await fakeHub();
    const states: NotificationsState['state'][] = [];
    notifications = new PosNotifications({
      client: createCounterpartClient({ baseUrl: hub.url, auth: 'pos-token' }),
      locationId: 'loc-1',
      onEvent: () => undefined,
      onState: (state) => states.push(state.state),
      reconnect: { baseDelayMs: 20, maxDelayMs: 20 },
      settle: { pollMs: 5_000, forMs: 1 },
    }).start();
    await until(() => states.includes('open'));
    // Only other locations' events: this POS never gets one of its own.
    hub.emit(event('x1', 'loc-2'), false);
    hub.emit(event('x2', 'loc-2'), false);
    hub.sockets[0]!.terminate();
    await until(() => states.filter((state) => state === 'open').length === 2);
    expect(hub.feedQueries).toHaveLength(1);
    expect(hub.feedQueries[0]).not.toContain('after=');

    hub.emit(event('x3', 'loc-2'), false);
    hub.sockets[1]!.terminate();
    await until(() => states.filter((state) => state === 'open').length === 3);
    expect(hub.feedQueries[1]).toContain('after=x2');
    expect(notifications.lastEventId).toBeUndefined();
  });

  it('stops for good when the location leaves the token’s scope (4003)', async () => {
    hub = await fakeHub();
    const states: NotificationsState[] = [];
    notifications = new PosNotifications({
      client: createCounterpartClient({ baseUrl: hub.url, auth: 'pos-token' }),
      locationId: 'loc-1',
      onEvent: () => undefined,
      onState: (state) => states.push(state),
      reconnect: { baseDelayMs: 20, maxDelayMs: 20 },
    }).start();
    await until(() => states.some((state) => state.state === 'open'));
    hub.sockets[0]!.close(4003, 'Location no longer in scope');
    await until(() => states.some((state) => state.state === 'stopped'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(states.at(-1)).toMatchObject({ state: 'stopped', code: 4003 });
    expect(hub.hellos).toHaveLength(1);
  });

  it('ends a link that stops answering pings and reconnects', async () => {
    hub = await fakeHub();
    const states: NotificationsState['state'][] = [];
    notifications = new PosNotifications({
      client: createCounterpartClient({ baseUrl: hub.url, auth: 'pos-token' }),
      locationId: 'loc-1',
      onEvent: () => undefined,
      onState: (state) => states.push(state.state),
      keepAliveMs: 100,
      reconnect: { baseDelayMs: 20, maxDelayMs: 20 },
    }).start();
    await until(() => states.includes('open'));
    // A silent server: the TCP link stays up but nothing, pongs included, comes back.
    (hub.sockets[0] as unknown as { _socket: { pause(): void } })._socket.pause();
    await until(() => hub!.hellos.length === 2, 3000);
    expect(states).toContain('closed');
  });

  it('after a restarting instance’s 1012 reconnects within restartDelayMs, and backs off with full jitter when refused', async () => {
    hub = await fakeHub();
    const states: NotificationsState[] = [];
    notifications = new PosNotifications({
      client: createCounterpartClient({ baseUrl: hub.url, auth: 'pos-token' }),
      locationId: 'loc-1',
      onEvent: () => undefined,
      onState: (state) => states.push(state),
      reconnect: { baseDelayMs: 10_000, maxDelayMs: 60_000, restartDelayMs: 300 },
    }).start();
    await until(() => states.some((state) => state.state === 'open'));
    hub.sockets[0]!.close(1012, 'service restart');
    // With baseDelayMs 10 s an ordinary backoff would wait seconds: a restart is retried within restartDelayMs.
    await until(() => hub!.hellos.length === 2, 2000);
    const closed = states.find((state) => state.state === 'closed');
    expect(closed).toMatchObject({ code: 1012 });
    expect((closed as { retryInMs: number }).retryInMs).toBeLessThanOrEqual(300);
  });
});

describe('fullJitterDelayMs', () => {
  it('draws from 0 up to base · 2^attempt, capped', () => {
    const options = { baseDelayMs: 500, maxDelayMs: 5000 };
    expect(fullJitterDelayMs(0, options, () => 0)).toBe(0);
    expect(fullJitterDelayMs(0, options, () => 0.999)).toBeCloseTo(499.5);
    expect(fullJitterDelayMs(2, options, () => 0.5)).toBe(1000);
    expect(fullJitterDelayMs(10, options, () => 0.999)).toBeCloseTo(4995);
    const draws = Array.from({ length: 2000 }, () => fullJitterDelayMs(6, options));
    expect(Math.max(...draws)).toBeLessThanOrEqual(5000);
    // Spread over the whole window, not bunched at its top as "half jitter" would be.
    expect(draws.filter((draw) => draw < 2500).length).toBeGreaterThan(800);
  });
});
