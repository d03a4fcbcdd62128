import WebSocket from 'ws';
import type { CounterpartClient } from './client.js';
import { fullJitterDelayMs } from './retry.js';
import type { CounterpartEvent } from './webhooks.js';

export type NotificationsState =
  | { state: 'connecting'; attempt: number }
  | { state: 'open'; caughtUp: number }
  | { state: 'closed'; code: number; reason: string; retryInMs?: number }
  | { state: 'stopped'; code: number; reason: string };

export interface PosNotificationsOptions {
  client: CounterpartClient;
  locationId: string;
  onEvent(event: CounterpartEvent): Promise<void> | void;
  onState?(state: NotificationsState): void;
  onError?(error: unknown): void;
  /** The last event this POS handled in an earlier run: the first connection catches up from it. */
  after?: string;
  posVersion?: string;
  supportedApis?: { name: string; version: string }[];
  /** A ping goes out this often; no pong before the next one ends the socket and reconnects. Default 20 s. */
  keepAliveMs?: number;
  /**
   * Reconnection backoff, full jitter: the n-th attempt in a row waits between 0 and `baseDelayMs · 2^n`, at most
   * `maxDelayMs` (defaults 500 ms and 5 s). A socket closed by a restarting instance (1012) comes back within
   * `restartDelayMs` (default 1 s), spread over it.
   */
  reconnect?: { baseDelayMs?: number; maxDelayMs?: number; restartDelayMs?: number };
  /**
   * After a reconnection the feed is read again until it shows an event the new socket delivered, for at most `forMs`:
   * an event committed during the disconnect can appear in the feed only later (once every transaction that started
   * before it has finished), after the first catch-up read. The first read again comes after about `pollMs`, each next
   * one after twice as long (at most 8 × `pollMs`), jittered. Default 1 s for 20 s.
   */
  settle?: { pollMs?: number; forMs?: number };
}

/** Close codes after which reconnecting cannot help (docs/contract.md#pos-websocket): the location left the token's scope. */
const FINAL_CLOSE_CODES = new Set([4003]);
/** RFC 6455 "service restart": the instance is stopping; another one (behind the same address) takes the socket. */
const SERVICE_RESTART_CLOSE_CODE = 1012;
/** The token was revoked or expired (4001): reconnect with a renewed token. */
const TOKEN_CLOSE_CODE = 4001;
/** How far back a catch-up without a known last event looks, for clock skew between this host and the server. */
const CLOCK_SKEW_MS = 5_000;
const MAX_REMEMBERED_IDS = 10_000;

/**
 * The POS notification WebSocket kept open: HELLO on every connection, pings to notice a dead link, reconnection with
 * capped exponential backoff and full jitter (soon after a restarting instance's 1012), and after each reconnection a catch-up from GET /connect/events?after=… so no event of the
 * location is missed across a disconnect. Each event reaches `onEvent` once, one at a time.
 */
export class PosNotifications {
  private socket: WebSocket | undefined;
  private stopped = false;
  private attempt = 0;
  private cursor: string | undefined;
  /**
   * How far this helper has read the feed: the end of its last read, or a later event it was handed live. The feed holds
   * every location of the token, so reading on from here rather than from the last event of this location reads each
   * page once: a POS whose location was quiet does not page through everyone else's events at every reconnection.
   */
  private feedPosition: string | undefined;
  private lastSeenAt: number | undefined;
  private readonly startedAt = Date.now();
  private readonly seen = new Set<string>();
  private delivery: Promise<void> = Promise.resolve();
  private reconnectTimer: NodeJS.Timeout | undefined;
  private connectedOnce = false;

  constructor(private readonly options: PosNotificationsOptions) {
    this.cursor = options.after;
  }

  /** The newest event handed to `onEvent`: keep it to resume from after a restart. */
  get lastEventId(): string | undefined {
    return this.cursor;
  }

  start(): this {
    this.stopped = false;
    void this.connect();
    return this;
  }

  /** Ends the socket without reconnecting; resolves once queued events are handled. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    this.socket?.close(1000, 'POS stopping');
    await this.delivery;
  }

  private async connect() {
    if (this.stopped) return;
    this.options.onState?.({ state: 'connecting', attempt: this.attempt });
    let token: string;
    try {
      token = await this.options.client.auth.getToken();
    } catch (error) {
      this.options.onError?.(error);
      return this.scheduleReconnect(1006, 'no token');
    }
    const url = `${this.options.client.apiUrl.replace(/^http/, 'ws')}/pos/notifications/${encodeURIComponent(this.options.locationId)}`;
    const socket = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } });
    this.socket = socket;
    const buffered: CounterpartEvent[] = [];
    const liveIds = new Set<string>();
    let catchingUp = true;
    let alive = true;
    const keepAlive = setInterval(() => {
      if (socket.readyState !== WebSocket.OPEN) return;
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, this.options.keepAliveMs ?? 20_000);

    socket.on('pong', () => (alive = true));
    socket.on('unexpected-response', (_request, response) => {
      // The upgrade was refused (401 for a stale token, 403/404 for the location): renew the token before retrying.
      if (response.statusCode === 401) this.options.client.auth.invalidate?.();
      socket.terminate();
    });
    socket.on('error', (error) => this.options.onError?.(error));
    socket.on('message', (raw) => {
      let event: CounterpartEvent;
      try {
        event = JSON.parse(raw.toString()) as CounterpartEvent;
      } catch (error) {
        return this.options.onError?.(error);
      }
      liveIds.add(event.id);
      if (catchingUp) buffered.push(event);
      else this.enqueue([event], true, true);
    });
    socket.on('open', () => {
      socket.send(
        JSON.stringify({
          type: 'HELLO',
          posVersion: this.options.posVersion ?? '@counterpart/client',
          supportedApis: this.options.supportedApis ?? [{ name: 'ordering', version: '1.0' }],
        }),
      );
      const since = this.catchUpSince();
      const catchingUpFrom = this.feedPosition ?? this.cursor;
      const reconnected = Boolean(catchingUpFrom) || this.connectedOnce;
      void (reconnected ? this.readFeed(catchingUpFrom, since) : Promise.resolve(undefined))
        .then((missed) => {
          this.enqueue(missed?.events ?? []);
          this.enqueue(buffered.splice(0), true, true);
          catchingUp = false;
          this.attempt = 0;
          this.connectedOnce = true;
          this.options.onState?.({ state: 'open', caughtUp: missed?.events.length ?? 0 });
          if (missed && !missed.ids.some((id) => liveIds.has(id))) {
            void this.settle(socket, liveIds, missed.lastEventId ?? catchingUpFrom, since).catch((error: unknown) => this.options.onError?.(error));
          }
        })
        .catch((error: unknown) => {
          this.options.onError?.(error);
          socket.terminate();
        });
    });
    socket.on('close', (code, reason) => {
      clearInterval(keepAlive);
      if (this.socket === socket) this.socket = undefined;
      if (code === TOKEN_CLOSE_CODE) this.options.client.auth.invalidate?.();
      if (FINAL_CLOSE_CODES.has(code)) {
        this.stopped = true;
        this.options.onState?.({ state: 'stopped', code, reason: reason.toString() });
        return;
      }
      this.scheduleReconnect(code, reason.toString());
    });
  }

  private scheduleReconnect(code: number, reason: string) {
    if (this.stopped) return;
    const { baseDelayMs = 500, maxDelayMs = 5_000, restartDelayMs = 1_000 } = this.options.reconnect ?? {};
    // A restarting instance closed the socket on purpose, and the others behind the balancer are up: come back soon,
    // spread over restartDelayMs so its sockets do not all arrive at the same instant.
    const delay = code === SERVICE_RESTART_CLOSE_CODE ? Math.random() * restartDelayMs : fullJitterDelayMs(this.attempt, { baseDelayMs, maxDelayMs });
    this.attempt = code === SERVICE_RESTART_CLOSE_CODE ? 0 : this.attempt + 1;
    this.options.onState?.({ state: 'closed', code, reason, retryInMs: Math.round(delay) });
    this.reconnectTimer = setTimeout(() => void this.connect(), delay);
  }

  /**
   * Without a known last event, a catch-up reads the events since the last one handled (or since this helper started),
   * allowing for clock skew.
   */
  private catchUpSince(): number | undefined {
    return this.cursor || this.feedPosition ? undefined : (this.lastSeenAt ?? this.startedAt) - CLOCK_SKEW_MS;
  }

  /** The location's events in the feed after `after` (every page), and the feed position reached. */
  private async readFeed(after: string | undefined, since: number | undefined) {
    const events: CounterpartEvent[] = [];
    const ids: string[] = [];
    let lastEventId = after;
    for (;;) {
      const { data } = await this.options.client.GET('/events', { params: { query: { ...(lastEventId ? { after: lastEventId } : {}), limit: 50 } } });
      if (!data) break;
      for (const event of data.results) {
        ids.push(event.id);
        if (event.locationId !== this.options.locationId) continue;
        if (since !== undefined && Date.parse(event.createdAt) < since) continue;
        events.push(event);
      }
      if (data.lastEventId) lastEventId = data.lastEventId;
      if (!data.hasMore || !data.lastEventId) break;
    }
    if (lastEventId) this.feedPosition = lastEventId;
    return { events, ids, lastEventId };
  }

  /**
   * Keeps reading the feed after a reconnection until it shows an event this socket delivered live: from then on, every event
   * committed before the socket opened is visible in the feed, and everything after reaches the socket. Events found
   * late are handed over like any other (once); they leave the resume cursor alone once a live event has passed it.
   */
  private async settle(socket: WebSocket, liveIds: Set<string>, after: string | undefined, since: number | undefined) {
    const { pollMs = 1_000, forMs = 20_000 } = this.options.settle ?? {};
    const deadline = Date.now() + forMs;
    let position = after;
    // Spread out and slowing down: after a restart every POS of the instance settles at once, and reads at a fixed pace
    // would keep the instances they reconnected to busy with little to find.
    for (let read = 0; Date.now() < deadline; read++) {
      const wait = pollMs * Math.min(2 ** read, 8);
      await new Promise((resolve) => setTimeout(resolve, wait / 2 + (Math.random() * wait) / 2));
      if (this.stopped || this.socket !== socket) return;
      const page = await this.readFeed(position, since);
      this.enqueue(page.events, liveIds.size === 0);
      if (page.ids.some((id) => liveIds.has(id))) return;
      position = page.lastEventId;
    }
  }

  /** Hands `events` over in order, each once; `live` ones (from the socket) also advance the feed position. */
  private enqueue(events: CounterpartEvent[], moveCursor = true, live = false) {
    for (const event of events) {
      this.delivery = this.delivery.then(async () => {
        if (this.seen.has(event.id)) return;
        this.seen.add(event.id);
        if (this.seen.size > MAX_REMEMBERED_IDS) this.seen.delete(this.seen.values().next().value as string);
        try {
          await this.options.onEvent(event);
        } catch (error) {
          this.options.onError?.(error);
        }
        if (!moveCursor) return;
        if (live) this.feedPosition = event.id;
        this.cursor = event.id;
        this.lastSeenAt = Date.parse(event.createdAt);
      });
    }
  }
}
