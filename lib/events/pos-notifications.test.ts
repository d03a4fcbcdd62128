import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { GET as getLocation } from '@/app/connect/locations/[locationId]/route';
import { emitEvent } from '@/lib/events/outbox';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { callRoute } from '@/lib/testing/http';
import { eq } from 'drizzle-orm';
import { grants, posPresence, revokedAccessTokens } from '@/db/schema';
import {
  HELLO_TIMEOUT_CLOSE_CODE,
  SLOW_READER_BUFFER_BYTES,
  SERVICE_RESTART_CLOSE_CODE,
  SLOW_READER_CLOSE_CODE,
  TOKEN_REVOKED_CLOSE_CODE,
  attachPosNotifications,
} from './pos-notifications';
import { PRESENCE_GRACE_MS, PRESENCE_STALE_MS } from './pos-presence';
import { sleep } from '@/lib/testing/event-fixtures';

const database = useTestDatabase();
let server: Server;
let notifications: ReturnType<typeof attachPosNotifications>;
let baseUrl: string;
const HELLO = JSON.stringify({ type: 'HELLO', posVersion: '4.2.0', supportedApis: [{ name: 'ORDERING', version: '1.1' }] });

beforeAll(async () => {
  server = createServer((_request, response) => response.writeHead(404).end());
  notifications = attachPosNotifications(server, database.handle(), { helloTimeoutMs: 1500, pingIntervalMs: 60_000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await notifications.close();
  await new Promise((resolve) => server.close(resolve));
});

function connect(locationId: string, token?: string, base = baseUrl) {
  const socket = new WebSocket(`${base}/connect/pos/notifications/${encodeURIComponent(locationId)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const messages: unknown[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const refused = new Promise<number>((resolve) => socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0)));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return { socket, messages, opened, refused, closed };
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await sleep(20);
  }
}

const emitTableEvent = (locationId: string, tableId: string, actorPartnerId: string | null = null) =>
  database.db().transaction((tx) =>
    emitEvent(tx, {
      type: 'NEW_TABLE',
      locationId,
      resource: 'table',
      resourceId: tableId,
      version: 1,
      actorPartnerId,
      audience: { connectedPartnerTypes: ['POS', 'ORDERING_APP', 'BOOKING_APP'] },
    }),
  );

async function status(locationId: string, token: string) {
  const response = await callRoute(getLocation, 'GET', `/connect/locations/${locationId}`, { token, params: { locationId } });
  return { status: response.status, body: await response.json() };
}

describe('POS notifications WebSocket', () => {
  it('refuses the upgrade without a token (401), for a non-POS partner (403) and for a foreign location (404)', async () => {
    const { locationIds } = await createMerchantWithLocations(database.db(), 2);
    const pos = await createConnectedPartner(database.db(), 'POS', [locationIds[0]!]);
    const app = await createConnectedPartner(database.db(), 'ORDERING_APP', [locationIds[0]!]);
    expect(await connect(locationIds[0]!).refused).toBe(401);
    expect(await connect(locationIds[0]!, 'not-a-jwt').refused).toBe(401);
    expect(await connect(locationIds[0]!, app.token).refused).toBe(403);
    expect(await connect(locationIds[1]!, pos.token).refused).toBe(404);
    expect(await connect('no-such-location', pos.token).refused).toBe(404);
  });

  it('closes with 4000 when no HELLO arrives in time, and when the first message is not a HELLO', async () => {
    const { locationIds } = await createMerchantWithLocations(database.db(), 1);
    const pos = await createConnectedPartner(database.db(), 'POS', locationIds);
    const silent = connect(locationIds[0]!, pos.token);
    await silent.opened;
    expect((await silent.closed).code).toBe(HELLO_TIMEOUT_CLOSE_CODE);

    const rude = connect(locationIds[0]!, pos.token);
    await rude.opened;
    rude.socket.send(JSON.stringify({ type: 'PING' }));
    expect((await rude.closed).code).toBe(HELLO_TIMEOUT_CLOSE_CODE);
  });

  it("after HELLO delivers the location's events addressed to that POS as the exact event JSON, and nothing else", async () => {
    const { locationIds } = await createMerchantWithLocations(database.db(), 2);
    const pos = await createConnectedPartner(database.db(), 'POS', locationIds);
    const client = connect(locationIds[0]!, pos.token);
    await client.opened;
    client.socket.send(HELLO);
    const mine = await emitTableEvent(locationIds[0]!, 'table-1');
    await emitTableEvent(locationIds[1]!, 'table-elsewhere');
    await emitTableEvent(locationIds[0]!, 'table-by-pos', pos.partnerId);
    const second = await emitTableEvent(locationIds[0]!, 'table-2');
    await waitFor(() => client.messages.length >= 2);
    await sleep(100);
    expect(client.messages).toEqual([JSON.parse(JSON.stringify(mine)), JSON.parse(JSON.stringify(second))]);
    client.socket.close();
    await client.closed;
  });

  it('reports GREEN while the socket is open and RED with lastOnlineAt after it closes', async () => {
    const { locationIds } = await createMerchantWithLocations(database.db(), 1);
    const locationId = locationIds[0]!;
    const pos = await createConnectedPartner(database.db(), 'POS', locationIds);
    const app = await createConnectedPartner(database.db(), 'ORDERING_APP', locationIds);
    const stranger = await createConnectedPartner(database.db(), 'ORDERING_APP', []);

    const never = await status(locationId, app.token);
    expect(never.status).toBe(200);
    expect(never.body).toMatchObject({ locationId, posStatus: { status: 'RED', lastOnlineAt: null }, status: { code: 'RED', lastOnlineAt: null } });
    expect((await status(locationId, stranger.token)).status).toBe(404);

    const client = connect(locationId, pos.token);
    await client.opened;
    client.socket.send(HELLO);
    await waitFor(async () => (await status(locationId, app.token)).body.posStatus.status === 'GREEN');
    await waitFor(async () => (await status(locationId, pos.token)).body.pos.version === '4.2.0');
    const green = await status(locationId, pos.token);
    expect(green.body).toMatchObject({ status: { code: 'GREEN' }, pos: { vendor: pos.name, apis: [{ api: 'FOOD_ORDERING', version: '1.1' }] } });

    const closedAt = Date.now();
    client.socket.close();
    await client.closed;
    await waitFor(async () => (await status(locationId, app.token)).body.posStatus.status === 'RED');
    const red = await status(locationId, app.token);
    expect(Math.abs(Date.parse(red.body.posStatus.lastOnlineAt) - closedAt)).toBeLessThan(5000);
  });

  it('closes a POS that stops reading with 4008 once its unsent events reach the bound, holding no more than that', async () => {
    const { locationIds } = await createMerchantWithLocations(database.db(), 1);
    const locationId = locationIds[0]!;
    const pos = await createConnectedPartner(database.db(), 'POS', locationIds);
    const client = connect(locationId, pos.token);
    let receivedBytes = 0;
    client.socket.on('message', (data: Buffer) => (receivedBytes += data.length));
    await client.opened;
    client.socket.send(HELLO);
    await emitTableEvent(locationId, 'before-the-stall');
    await waitFor(() => client.messages.length === 1);

    // What the server's side of the socket holds unsent after each event it sends, and how it closes it.
    const { send, close } = WebSocket.prototype;
    let peakBuffered = 0;
    const serverCloses: number[] = [];
    vi.spyOn(WebSocket.prototype, 'send').mockImplementation(function (this: WebSocket, ...args: Parameters<WebSocket['send']>) {
      send.apply(this, args);
      if (this !== client.socket) peakBuffered = Math.max(peakBuffered, this.bufferedAmount);
    });
    vi.spyOn(WebSocket.prototype, 'close').mockImplementation(function (this: WebSocket, code?: number, reason?: string | Buffer) {
      if (this !== client.socket && code !== undefined) serverCloses.push(code);
      close.call(this, code, reason);
    });

    // The POS stops reading: its kernel buffers fill, then the server's. Up to 1,000 events of ~16 KB = 16 MB, several
    // times what the loopback connection itself can hold.
    (client.socket as WebSocket & { _socket: { pause(): void; resume(): void } })._socket.pause();
    const longId = 't'.repeat(8000);
    // It resumes reading as soon as the server gave up on it, well within the grace the server allows for the close.
    for (let batch = 0; batch < 20 && !serverCloses.includes(SLOW_READER_CLOSE_CODE); batch++) {
      await database.db().transaction(async (tx) => {
        for (let i = 0; i < 50; i++) {
          await emitEvent(tx, {
            type: 'TABLE_UPDATED',
            locationId,
            resource: 'table',
            resourceId: `${longId}-${batch * 50 + i}`,
            version: 1,
            actorPartnerId: null,
            audience: { connectedPartnerTypes: ['POS'] },
          });
        }
      });
    }
    await waitFor(() => serverCloses.includes(SLOW_READER_CLOSE_CODE), 20_000);
    expect(peakBuffered).toBeGreaterThan(0);
    expect(peakBuffered).toBeLessThanOrEqual(SLOW_READER_BUFFER_BYTES);

    (client.socket as WebSocket & { _socket: { resume(): void } })._socket.resume();
    const { code, reason } = await client.closed;
    expect(code).toBe(SLOW_READER_CLOSE_CODE);
    expect(reason).toMatch(/too slowly/);
    // It got what was already on its way when it stalled, then the close: far less than the 16 MB committed.
    expect(receivedBytes).toBeLessThan(8 * 1024 * 1024);
  }, 60_000);

  it('closes with 4001, at the next keep-alive round, sockets whose grant or token was revoked without a notice reaching it', async () => {
    const { locationIds } = await createMerchantWithLocations(database.db(), 1);
    const revokedGrant = await createConnectedPartner(database.db(), 'POS', locationIds);
    const revokedToken = await createConnectedPartner(database.db(), 'POS', locationIds);
    const untouched = await createConnectedPartner(database.db(), 'POS', locationIds);
    // A hub of its own with a short keep-alive interval; the changes below are written without the notices that
    // revoking through lib/auth sends, as if the listening connection had been down meanwhile.
    const sweeping = createServer((_request, response) => response.writeHead(404).end());
    const hub = attachPosNotifications(sweeping, database.handle(), { pingIntervalMs: 300 });
    await new Promise<void>((resolve) => sweeping.listen(0, '127.0.0.1', resolve));
    const open = async (token: string) => {
      const socket = new WebSocket(`ws://127.0.0.1:${(sweeping.address() as AddressInfo).port}/connect/pos/notifications/${locationIds[0]}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(HELLO);
      return { socket, closed };
    };
    try {
      const [grantSocket, tokenSocket, otherSocket] = await Promise.all([open(revokedGrant.token), open(revokedToken.token), open(untouched.token)]);
      await database.db().update(grants).set({ revokedAt: new Date() }).where(eq(grants.id, revokedGrant.grantId));
      const [, payload] = revokedToken.token.split('.');
      const { jti } = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { jti: string };
      await database
        .db()
        .insert(revokedAccessTokens)
        .values({ jti, expiresAt: new Date(Date.now() + 3_600_000) });
      expect(await grantSocket.closed).toBe(TOKEN_REVOKED_CLOSE_CODE);
      expect(await tokenSocket.closed).toBe(TOKEN_REVOKED_CLOSE_CODE);
      expect(otherSocket.socket.readyState).toBe(WebSocket.OPEN);
      otherSocket.socket.close();
      await otherSocket.closed;
    } finally {
      await hub.close();
      await new Promise((resolve) => sweeping.close(resolve));
    }
  });

  it('pings each socket once per interval, spread over the interval, and drops a socket that does not answer', async () => {
    const { locationIds } = await createMerchantWithLocations(database.db(), 1);
    const pos = await createConnectedPartner(database.db(), 'POS', locationIds);
    // Two turns of a second per interval: half of the sockets are pinged at each.
    const keeping = createServer((_request, response) => response.writeHead(404).end());
    const hub = attachPosNotifications(keeping, database.handle(), { pingIntervalMs: 2000 });
    await new Promise<void>((resolve) => keeping.listen(0, '127.0.0.1', resolve));
    const open = async (answersPings: boolean) => {
      const socket = new WebSocket(`ws://127.0.0.1:${(keeping.address() as AddressInfo).port}/connect/pos/notifications/${locationIds[0]}`, {
        headers: { authorization: `Bearer ${pos.token}` },
        autoPong: answersPings,
      });
      const pings: number[] = [];
      socket.on('ping', () => pings.push(Date.now()));
      const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(HELLO);
      return { socket, pings, closed };
    };
    try {
      const answering = await Promise.all([open(true), open(true), open(true), open(true)]);
      const silent = await open(false);
      const started = Date.now();
      await sleep(4300);
      // About two intervals (four or five turns): every answering socket was pinged at every other turn, and the first
      // pings fell a turn apart, not all at once.
      for (const { pings } of answering) expect(pings.filter((at) => at >= started).length).toBeOneOf([2, 3]);
      const firsts = answering.map(({ pings }) => pings[0]!);
      expect(Math.max(...firsts) - Math.min(...firsts)).toBeGreaterThan(500);
      // The silent one was pinged, did not answer, and was dropped at its next turn.
      expect(silent.pings.length).toBeGreaterThanOrEqual(1);
      expect(silent.socket.readyState).toBe(WebSocket.CLOSED);
      expect(await silent.closed).toBe(1006);
      for (const { socket } of answering) expect(socket.readyState).toBe(WebSocket.OPEN);
      for (const { socket, closed } of answering) {
        socket.close();
        await closed;
      }
    } finally {
      await hub.close();
      await new Promise((resolve) => keeping.close(resolve));
    }
  }, 15_000);
});

describe('POS presence through a dropped connection and a restart', () => {
  it('keeps the location GREEN for the grace window after a drop or a 1012 restart, and refuses upgrades while stopping', async () => {
    const restarting = createServer((_request, response) => response.writeHead(404).end());
    const hub = attachPosNotifications(restarting, database.handle(), { helloTimeoutMs: 1500, pingIntervalMs: 60_000 });
    await new Promise<void>((resolve) => restarting.listen(0, '127.0.0.1', resolve));
    const hubUrl = `ws://127.0.0.1:${(restarting.address() as AddressInfo).port}`;
    const { locationIds } = await createMerchantWithLocations(database.db(), 1);
    const locationId = locationIds[0]!;
    const pos = await createConnectedPartner(database.db(), 'POS', locationIds);
    const app = await createConnectedPartner(database.db(), 'ORDERING_APP', locationIds);
    const code = async () => (await status(locationId, app.token)).body.status.code as string;
    /** The presence rows of the location: whether an instance holds each, and how long it still counts. */
    const rows = async () =>
      (await database.db().select().from(posPresence).where(eq(posPresence.locationId, locationId))).map((row) => ({
        held: row.instanceId !== '',
        countsForMs: new Date(row.heartbeatAt).getTime() + PRESENCE_STALE_MS - Date.now(),
      }));

    // The connection drops (no close frame): the row stays, held by no instance, and counts for the grace window.
    const dropped = connect(locationId, pos.token, hubUrl);
    await dropped.opened;
    dropped.socket.send(HELLO);
    await waitFor(async () => (await code()) === 'GREEN');
    dropped.socket.terminate();
    await waitFor(async () => (await rows()).some((row) => !row.held));
    expect(await code()).toBe('GREEN');
    const [lingering] = await rows();
    expect(lingering!.countsForMs).toBeGreaterThan(PRESENCE_GRACE_MS - 5000);
    expect(lingering!.countsForMs).toBeLessThanOrEqual(PRESENCE_GRACE_MS + 1000);

    // The instance stops: its socket is closed with 1012 "service restart", and the location stays GREEN.
    const held = connect(locationId, pos.token, hubUrl);
    await held.opened;
    held.socket.send(HELLO);
    await waitFor(async () => (await rows()).filter((row) => row.held).length === 1);
    const stopping = hub.close();
    const late = connect(locationId, pos.token, hubUrl);
    expect(await held.closed).toEqual({ code: SERVICE_RESTART_CLOSE_CODE, reason: 'service restart' });
    expect(await late.refused).toBe(503);
    await stopping;
    await new Promise((resolve) => restarting.close(resolve));
    expect((await rows()).every((row) => !row.held && row.countsForMs <= PRESENCE_GRACE_MS + 1000)).toBe(true);
    expect(await code()).toBe('GREEN');

    // It reconnects to another instance within the window: GREEN throughout, now on a row that instance refreshes.
    const back = connect(locationId, pos.token);
    await back.opened;
    back.socket.send(HELLO);
    await waitFor(async () => (await rows()).some((row) => row.held));
    expect(await code()).toBe('GREEN');

    // A POS that closes its socket itself is gone: RED at once (with no other socket), no grace.
    back.socket.close(1000, 'POS stopping');
    await back.closed;
    await waitFor(async () => !(await rows()).some((row) => row.held));
    await database.db().delete(posPresence).where(eq(posPresence.locationId, locationId));
    expect(await code()).toBe('RED');
  });
});
