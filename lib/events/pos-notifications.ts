import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { STATUS_CODES } from 'node:http';
import { and, isNotNull, sql } from 'drizzle-orm';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { z } from 'zod';
import type { DatabaseHandle } from '@/db/client';
import { grants, locations, revokedAccessTokens } from '@/db/schema';
import { ACCESS_CHANNEL, parseAccessNotice, type AccessNotice } from '@/lib/tenancy/access-notices';
import { verifyAccessTokens, type PartnerPrincipal } from '@/lib/auth/access-tokens';
import { inScope } from '@/lib/tenancy/scope';
import { rowsOf } from '@/db/rows';
import { config } from '@/lib/config';
import { ApiError, forbidden, notFound } from '@/lib/errors';
import { problemBody } from '@/lib/api/problem-body';
import { decodePathSegment } from '@/lib/api/path-segments';
import { logger } from '@/lib/log';
import { eventBus, type CommittedEvent } from './event-bus';
import { heartbeatPresence, presenceWriter } from './pos-presence';

export interface PosNotificationOptions {
  /** docs/contract.md#pos-websocket: a client that has not sent HELLO within this time is closed with code 4000 (30 s). */
  helloTimeoutMs?: number;
  /** Ping interval; a socket that misses a pong is dropped at the next ping, so a dead peer is found within 2 intervals. */
  pingIntervalMs?: number;
}

// docs/contract.md#pos-websocket close codes.
export const HELLO_TIMEOUT_CLOSE_CODE = 4000;
export const TOKEN_REVOKED_CLOSE_CODE = 4001;
export const OUT_OF_SCOPE_CLOSE_CODE = 4003;
export const SLOW_READER_CLOSE_CODE = 4008;
/** RFC 6455 "service restart": the instance is stopping (SIGTERM); reconnect soon, through the balancer, elsewhere. */
export const SERVICE_RESTART_CLOSE_CODE = 1012;
/** The connection dropped without a close frame (ws reports it as 1006). */
const ABNORMAL_CLOSE_CODE = 1006;
/**
 * docs/contract.md#pos-websocket (4008): what a POS may leave unread before its socket is closed. An event is about 300 bytes, so this
 * holds some 800 events — far more than a location produces while a healthy POS catches its breath — and 10,000
 * stalled sockets still hold at most 2.5 GiB rather than whatever the events add up to.
 */
export const SLOW_READER_BUFFER_BYTES = 256 * 1024;
// A socket closed for reading too slowly cannot be expected to read the close frame either: its connection is cut
// this long after the close frame was queued.
const SLOW_READER_CLOSE_GRACE_MS = 5000;
// setTimeout takes at most 2^31 - 1 ms; a later expiry is re-armed when that fires.
const MAX_TIMER_MS = 2 ** 31 - 1;
const PATH = /^\/connect\/pos\/notifications\/([^/?#]+)\/?(?:[?#].*)?$/;
// Events that commit between the upgrade and HELLO are held (up to this many) and sent right after HELLO.
const MAX_PENDING_BEFORE_HELLO = 1000;

const helloSchema = z.object({
  type: z.literal('HELLO'),
  posVersion: z.union([z.string().min(1).max(100), z.number()]).transform(String),
  supportedApis: z.array(z.object({ name: z.string().min(1).max(100), version: z.string().min(1).max(20) })).max(50),
});

interface PosClient {
  socket: WebSocket;
  presenceId: string;
  partnerId: string;
  locationId: string;
  grantId: string;
  tokenId: string;
  expiresAt: Date;
  helloReceived: boolean;
  /** Events held until HELLO; absent once HELLO arrived (or before any event came). */
  pending: Buffer[] | undefined;
  alive: boolean;
  /** Closed by this instance stopping: its POS is expected back on another instance. */
  restarting: boolean;
  /** Which share of the sockets, pinged together, this one belongs to. */
  pingSlot: number;
}

/**
 * The POS WebSocket `/connect/pos/notifications/{locationId}` (docs/contract.md#pos-websocket). Bearer token of a POS connected to the
 * location (401/403/404 otherwise, as an HTTP answer to the upgrade); HELLO within `helloTimeoutMs`; then every
 * committed event addressed to that POS for that location, as the exact event JSON in a text frame.
 */
export function attachPosNotifications(server: Server, handle: DatabaseHandle, options: PosNotificationOptions = {}) {
  const helloTimeoutMs = options.helloTimeoutMs ?? 30_000;
  const pingIntervalMs = options.pingIntervalMs ?? 20_000;
  // The keep-alive's turns per interval: one a second (see the pinger below).
  const pingTicks = Math.max(1, Math.round(pingIntervalMs / 1000));
  const instanceId = randomUUID();
  const log = logger().child({ component: 'pos-notifications', instanceId });
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const clientsByLocation = new Map<string, Set<PosClient>>();
  const presence = presenceWriter(handle.db);
  const authorise = upgradeAuthoriser(handle);
  let closing = false;
  let arrivals = 0;

  const handles = (request: IncomingMessage) => PATH.test(request.url ?? '');

  /** Sends `frame` unless the socket already holds too much unread; such a socket is closed with 4008 instead. */
  const send = (client: PosClient, frame: Buffer) => {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount + frame.length > SLOW_READER_BUFFER_BYTES) {
      socket.close(SLOW_READER_CLOSE_CODE, 'The client reads notifications too slowly');
      setTimeout(() => socket.terminate(), SLOW_READER_CLOSE_GRACE_MS).unref();
      log.warn(
        { locationId: client.locationId, partnerId: client.partnerId, bufferedBytes: socket.bufferedAmount },
        'closed a POS socket that reads too slowly',
      );
      return;
    }
    socket.send(frame, { binary: false });
  };

  const deliver = ({ event, recipients }: CommittedEvent) => {
    if (!event.locationId) return;
    // Encoded once for every socket of the location (ws would otherwise convert the string for each send).
    const frame = Buffer.from(JSON.stringify(event));
    for (const client of clientsByLocation.get(event.locationId) ?? []) {
      if (!recipients.includes(client.partnerId)) continue;
      if (client.helloReceived) send(client, frame);
      else if ((client.pending ??= []).length < MAX_PENDING_BEFORE_HELLO) client.pending.push(frame);
    }
  };
  // Only events of a location with a POS connected here are worth loading: with none, the bus reads nothing.
  const unsubscribe = eventBus(handle).subscribe(deliver, ({ locationId }) => locationId !== null && clientsByLocation.has(locationId));

  const everyClient = () => [...clientsByLocation.values()].flatMap((set) => [...set]);
  // docs/contract.md#scope: a socket lives no longer than the reach of the token that opened it.
  const closeWhere = (matches: (client: PosClient) => boolean, code: number, reason: string) => {
    for (const client of everyClient()) if (matches(client)) client.socket.close(code, reason);
  };
  const onAccessNotice = (notice: AccessNotice) => {
    switch (notice.kind) {
      case 'GRANT_REVOKED':
        return closeWhere((client) => client.grantId === notice.grantId, TOKEN_REVOKED_CLOSE_CODE, 'The grant was revoked');
      case 'TOKEN_REVOKED':
        return closeWhere((client) => client.tokenId === notice.jti, TOKEN_REVOKED_CLOSE_CODE, 'The access token was revoked');
      case 'CONNECTION_REMOVED':
        return closeWhere(
          (client) => client.partnerId === notice.partnerId && client.locationId === notice.locationId,
          OUT_OF_SCOPE_CLOSE_CODE,
          'The location is no longer in the token scope',
        );
      case 'DASHBOARD_SESSION_ENDED':
      case 'USER_SESSIONS_ENDED':
        // A dashboard session's end concerns no POS socket (lib/tenancy/session-watch.ts ends its streams).
        return;
    }
  };
  const accessListening = handle.listen(ACCESS_CHANNEL, (payload) => {
    const notice = parseAccessNotice(payload);
    if (notice) onAccessNotice(notice);
  });
  accessListening.catch((error: unknown) => log.error({ err: error }, 'listening for access changes failed'));

  // A notice missed while the listening connection was re-established is caught by this sweep, at each ping.
  const sweepRevoked = async () => {
    const clients = everyClient();
    if (!clients.length) return;
    // One array parameter each rather than a parameter per socket: building and sending a statement with 10,000
    // parameters takes the event loop a good tenth of a second.
    const grantIds = [...new Set(clients.map((client) => client.grantId))];
    const tokenIds = [...new Set(clients.map((client) => client.tokenId))];
    const [revokedGrants, revokedTokens] = await Promise.all([
      handle.db
        .select({ id: grants.id })
        .from(grants)
        .where(and(sql`${grants.id} = any(${sql.param(grantIds)}::text[])`, isNotNull(grants.revokedAt))),
      handle.db
        .select({ jti: revokedAccessTokens.jti })
        .from(revokedAccessTokens)
        .where(sql`${revokedAccessTokens.jti} = any(${sql.param(tokenIds)}::text[])`),
    ]);
    for (const { id } of revokedGrants) onAccessNotice({ kind: 'GRANT_REVOKED', grantId: id });
    for (const { jti } of revokedTokens) onAccessNotice({ kind: 'TOKEN_REVOKED', jti });
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!handles(request)) return;
    if (closing) return refuseUpgrade(socket, restarting(), request.url ?? '', log);
    authorise(request).then(
      ({ principal, locationId }) => establish(request, socket, head, principal, locationId),
      (error: unknown) => refuseUpgrade(socket, error, request.url ?? '', log),
    );
  };
  // Kept apart from onUpgrade so that nothing a socket holds for its life (its close listener) keeps the upgrade
  // request alive: a closure shares its scope's variables with every other closure of that scope.
  const establish = (request: IncomingMessage, socket: Duplex, head: Buffer, principal: PartnerPrincipal, locationId: string) => {
    if (socket.destroyed) return;
    if (closing) return refuseUpgrade(socket, restarting(), request.url ?? '', log);
    // The handshake does not wait for the presence row: in a reconnect storm the rows of hundreds of sockets go in one
    // batch, written in order (an early close is written after its open), while each POS already has its socket.
    const presenceId = randomUUID();
    const { partnerId, grantId, tokenId, expiresAt } = principal;
    void presence
      .open({ id: presenceId, instanceId, locationId, partnerId })
      .catch((error: unknown) => log.error({ err: error, locationId }, 'recording a POS connection failed'));
    const closedEarly = () => void presence.close(presenceId).catch(() => {});
    socket.once('close', closedEarly);
    wss.handleUpgrade(request, socket, head, (ws) => {
      socket.off('close', closedEarly);
      accept(ws, { presenceId, partnerId, locationId, grantId, tokenId, expiresAt });
    });
  };
  server.on('upgrade', onUpgrade);

  const accept = (socket: WebSocket, identity: Pick<PosClient, 'presenceId' | 'partnerId' | 'locationId' | 'grantId' | 'tokenId' | 'expiresAt'>) => {
    const client: PosClient = {
      socket,
      ...identity,
      helloReceived: false,
      pending: undefined,
      alive: true,
      restarting: false,
      pingSlot: arrivals++ % pingTicks,
    };
    let set = clientsByLocation.get(client.locationId);
    if (!set) clientsByLocation.set(client.locationId, (set = new Set()));
    set.add(client);
    const helloTimer = setTimeout(() => socket.close(HELLO_TIMEOUT_CLOSE_CODE, 'HELLO required'), helloTimeoutMs);
    let expiryTimer: NodeJS.Timeout;
    const armExpiry = () => {
      const remaining = client.expiresAt.getTime() - Date.now();
      if (remaining <= 0) socket.close(TOKEN_REVOKED_CLOSE_CODE, 'The access token expired');
      else expiryTimer = setTimeout(armExpiry, Math.min(remaining, MAX_TIMER_MS));
    };
    armExpiry();
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('message', (data: RawData, isBinary: boolean) => {
      if (client.helloReceived) return;
      const hello = isBinary ? undefined : parseHello(data);
      if (!hello) {
        socket.close(HELLO_TIMEOUT_CLOSE_CODE, 'The first message must be a valid HELLO');
        return;
      }
      clearTimeout(helloTimer);
      client.helloReceived = true;
      for (const frame of client.pending ?? []) send(client, frame);
      client.pending = undefined;
      void presence.hello(client.presenceId, hello).catch((error: unknown) => log.error({ err: error }, 'recording HELLO failed'));
    });
    socket.on('close', (code: number) => {
      clearTimeout(helloTimer);
      clearTimeout(expiryTimer);
      set.delete(client);
      if (!set.size && clientsByLocation.get(client.locationId) === set) clientsByLocation.delete(client.locationId);
      // A POS that said goodbye, or whose token no longer reaches the location, is gone; one whose connection dropped, or
      // whose instance is restarting, is expected back within PRESENCE_GRACE_MS and its location stays GREEN meanwhile.
      const grace = client.restarting || code === ABNORMAL_CLOSE_CODE;
      void presence.close(client.presenceId, grace).catch((error: unknown) => log.error({ err: error }, 'recording disconnect failed'));
    });
    socket.on('error', (error) => log.warn({ err: error }, 'POS socket error'));
  };

  // Keep-alive: each socket is pinged once per interval and dropped at its next turn when it did not answer. The
  // pings are spread over the interval, a share each second by the slot a socket got on arrival: 10,000 pings (and
  // their pongs) at once held up event delivery by a tenth of a second or more. DB presence is refreshed, and the
  // open sockets checked for revocation, once per interval.
  let tick = 0;
  const pingSlot = (slot: number) => {
    for (const set of clientsByLocation.values()) {
      for (const client of set) {
        if (client.pingSlot !== slot) continue;
        if (!client.alive) {
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
    }
  };
  const pinger = setInterval(() => {
    const slot = tick++ % pingTicks;
    pingSlot(slot);
    if (closing || slot !== 0) return;
    void heartbeatPresence(handle.db, instanceId).catch((error: unknown) => log.error({ err: error }, 'presence heartbeat failed'));
    void sweepRevoked().catch((error: unknown) => log.error({ err: error }, 'checking open sockets for revocation failed'));
  }, pingIntervalMs / pingTicks);
  pinger.unref();

  return {
    handles,
    /**
     * Stops the hub: new upgrades are refused (503), and every socket is closed with 1012 "service restart" so its POS
     * reconnects (through the balancer, to another instance) at once; their locations stay GREEN meanwhile
     * (PRESENCE_GRACE_MS). Resolves once every socket closed and its presence was written.
     */
    async close() {
      closing = true;
      clearInterval(pinger);
      unsubscribe();
      await accessListening.then((unlisten) => unlisten()).catch(() => {});
      const all = everyClient();
      await Promise.all(
        all.map(
          (client) =>
            new Promise<void>((resolve) => {
              client.restarting = true;
              client.socket.once('close', () => resolve());
              client.socket.close(SERVICE_RESTART_CLOSE_CODE, 'service restart');
              setTimeout(() => {
                client.socket.terminate();
                resolve();
              }, 1000).unref();
            }),
        ),
      );
      server.off('upgrade', onUpgrade);
      await presence.flush().catch((error: unknown) => log.error({ err: error }, 'recording disconnects failed'));
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

const restarting = () => new ApiError('SERVICE_UNAVAILABLE', 'This instance is restarting; retry shortly.', { headers: { 'Retry-After': '1' } });

function parseHello(data: RawData): z.output<typeof helloSchema> | undefined {
  try {
    const parsed = helloSchema.safeParse(JSON.parse(data.toString()));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const MAX_UPGRADES_PER_BATCH = 500;

/**
 * Decides upgrades together: every upgrade that arrives within one turn of the event loop (up to
 * MAX_UPGRADES_PER_BATCH) has its token checked (lib/auth/access-tokens.ts verifyAccessTokens) and its location's scope
 * looked up (lib/tenancy/scope.ts inScope) in a few statements for all, rather than three per socket. Each upgrade is
 * still answered on its own: 401 for its token, 403 for a partner that is not a POS, 404 for a location out of reach.
 */
function upgradeAuthoriser(handle: DatabaseHandle) {
  type Pending = {
    token: string;
    locationId: string;
    resolve: (value: { principal: PartnerPrincipal; locationId: string }) => void;
    reject: (error: unknown) => void;
  };
  const queue: Pending[] = [];
  let scheduled = false;

  const decide = async (batch: Pending[]) => {
    const principals = await verifyAccessTokens(
      handle.db,
      batch.map((item) => item.token),
    );
    const checked: { item: Pending; principal: PartnerPrincipal; index: number }[] = [];
    batch.forEach((item, index) => {
      const principal = principals[index]!;
      if (principal instanceof Error) return item.reject(principal);
      if (principal.partnerType !== 'POS') return item.reject(forbidden('Only POS partners may open the notification socket.'));
      checked.push({ item, principal, index });
    });
    if (!checked.length) return;
    // docs/contract.md#scope: a location outside the token's scope is answered 404, exactly as if it did not exist.
    // Whether each exists and whether its token reaches it, in one statement: a row per upgrade whose location exists.
    const rows = rowsOf<{ i: number; reachable: boolean }>(
      await handle.db.execute(
        sql.join(
          checked.map(
            ({ item, principal, index }) =>
              sql`(select ${index}::int as i, ${inScope(handle.db, principal, locations.id)} as reachable from ${locations} where ${locations.id} = ${item.locationId})`,
          ),
          sql` union all `,
        ),
      ),
    );
    const reachable = new Set(rows.filter((row) => row.reachable === true).map((row) => Number(row.i)));
    for (const { item, principal, index } of checked) {
      if (reachable.has(index)) item.resolve({ principal, locationId: item.locationId });
      else item.reject(notFound('Location'));
    }
  };

  const flush = () => {
    scheduled = false;
    while (queue.length) {
      const batch = queue.splice(0, MAX_UPGRADES_PER_BATCH);
      decide(batch).catch((error: unknown) => batch.forEach((item) => item.reject(error)));
    }
  };

  // Async, so a path that does not decode (a 400) is a rejection the upgrade answers, never a throw out of its listener.
  return async (request: IncomingMessage): Promise<{ principal: PartnerPrincipal; locationId: string }> => {
    const locationId = decodePathSegment(PATH.exec(request.url ?? '')![1]!);
    const token = request.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    if (!token) {
      return Promise.reject(
        new ApiError('UNAUTHORIZED', 'A Bearer access token is required.', {
          headers: { 'WWW-Authenticate': 'Bearer error="invalid_token", error_description="missing token"' },
        }),
      );
    }
    return new Promise((resolve, reject) => {
      queue.push({ token, locationId, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
  };
}

/** Answers a refused upgrade with a plain HTTP problem response (docs/contract.md#errors) and closes the socket. */
function refuseUpgrade(socket: Duplex, error: unknown, path: string, log: ReturnType<typeof logger>) {
  const apiError =
    error instanceof ApiError
      ? error
      : new ApiError('SERVICE_UNAVAILABLE', 'The notification service is unavailable; retry shortly.', { headers: { 'Retry-After': '5' } });
  if (!(error instanceof ApiError)) log.error({ err: error }, 'WebSocket upgrade failed');
  const body = JSON.stringify(problemBody(apiError, path.split('?')[0]!, `${config().PUBLIC_URL}/docs`));
  const headers = {
    'Content-Type': 'application/problem+json',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
    ...apiError.headers,
  };
  socket.end(
    `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status] ?? 'Error'}\r\n` +
      Object.entries(headers)
        .map(([key, value]) => `${key}: ${value}`)
        .join('\r\n') +
      `\r\n\r\n${body}`,
  );
}
