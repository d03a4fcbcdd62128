import { readFileSync } from 'node:fs';
import { STATUS_CODES, type Server, type ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, problemBody } from './errors';
import { addressBucket } from './handler-context';
import { rateLimitHeaders } from '@/lib/rate-limit';

/**
 * How long a client may take to send what it sends. Node's defaults (60 s for the headers, 300 s for the whole
 * request, checked every 30 s) let a slow sender hold a connection, and its file handle, for minutes. Partners and
 * browsers send their headers in milliseconds and a body of at most 1 MiB in well under the request limit.
 */
export const CONNECTION_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  connectionsCheckingInterval: 1_000,
} as const satisfies ServerOptions;

export interface ConnectionGuardOptions {
  /** Open connections one address (an IPv6 /64) may hold; 0: no cap. */
  perAddress: number;
  /** Open connections the process may hold in all (below its open-file limit); 0: no cap. */
  total: number;
  docsUrl: () => string;
  /** Told of refusals, at most once per `reportEveryMs` with how many there were since the last report. */
  onRefused?: (report: { reason: 'address' | 'process'; refused: number; address: string }) => void;
  reportEveryMs?: number;
}

export interface ConnectionGuard {
  /** Open connections of `address` (a socket's remote address). */
  heldBy(address: string): number;
  readonly open: number;
}

/**
 * Bounds the connections one client address can hold, so that one address cannot spend the process's file handles
 * and everyone else, health checks included, still connects. A connection over its address's cap is answered 429
 * with `Retry-After` and closed at once. When the process as a whole is at its cap, the connection that has waited
 * longest without sending a request makes room for the new one (a slow sender, not a client being served), so a fresh
 * health check still gets in; only when every connection is busy is the new one refused (503).
 */
export function guardConnections(server: Server, options: ConnectionGuardOptions): ConnectionGuard {
  const perAddress = new Map<string, number>();
  // Connections that have not yet sent a complete request, oldest first (a Set keeps insertion order).
  const silent = new Set<Socket>();
  let open = 0;
  const refusals = { address: 0, process: 0, reportedAt: 0 };

  const refuse = (socket: Socket, reason: 'address' | 'process', address: string) => {
    const error =
      reason === 'address'
        ? new ApiError('RATE_LIMITED', `Too many open connections from this address (at most ${options.perAddress}).`)
        : new ApiError('SERVICE_UNAVAILABLE', 'The server holds as many connections as it can; try again shortly.');
    const body = JSON.stringify(problemBody(error, '/', options.docsUrl()));
    const limit = reason === 'address' ? options.perAddress : options.total;
    const headers = { ...rateLimitHeaders({ limit, remaining: 0, resetSeconds: 1 }), 'Retry-After': '1' };
    socket.end(
      `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\nContent-Type: application/problem+json\r\n` +
        `${Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('')}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    // Closed once the answer is written, whether or not the client ever reads it or closes its side.
    socket.destroySoon();
    refusals[reason]++;
    const now = Date.now();
    if (options.onRefused && now - refusals.reportedAt >= (options.reportEveryMs ?? 10_000)) {
      refusals.reportedAt = now;
      options.onRefused({ reason, refused: refusals[reason], address });
      refusals.address = refusals.process = 0;
    }
  };

  server.on('connection', (socket: Socket) => {
    const address = addressBucket(socket.remoteAddress ?? 'unknown');
    const held = perAddress.get(address) ?? 0;
    if (options.perAddress > 0 && held >= options.perAddress) return refuse(socket, 'address', address);
    if (options.total > 0 && open >= options.total) {
      const oldest = silent.values().next();
      if (oldest.done) return refuse(socket, 'process', address);
      oldest.value.destroy();
    }
    perAddress.set(address, held + 1);
    open++;
    silent.add(socket);
    socket.once('close', () => {
      open--;
      silent.delete(socket);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
  });
  const spoke = (request: { socket: Socket }) => silent.delete(request.socket);
  server.on('request', spoke);
  // An upgrade (a POS WebSocket) has spoken too. Listened for only once the server handles upgrades itself: an
  // 'upgrade' listener is what makes Node hand Upgrade requests over instead of answering them as plain requests.
  if (server.listenerCount('upgrade') > 0) server.on('upgrade', spoke);
  else {
    server.on('newListener', function upgradeHandled(event: string | symbol) {
      if (event !== 'upgrade') return;
      server.off('newListener', upgradeHandled);
      server.on('upgrade', spoke);
    });
  }

  return {
    heldBy: (address) => perAddress.get(addressBucket(address)) ?? 0,
    get open() {
      return open;
    },
  };
}

/**
 * The connections the process may hold in all: its open-file limit (Linux's `/proc/self/limits`) less a reserve for
 * the database pool, files, outgoing webhook deliveries and Node itself, so that a flood of connections never leaves
 * the process without a handle for its own work. 0 (no cap) where the limit cannot be read or is unlimited.
 */
export function processConnectionCap(limits = readProcLimits()): number {
  const soft = limits?.match(/^Max open files\s+(\d+|unlimited)\s/m)?.[1];
  if (!soft || soft === 'unlimited') return 0;
  const files = Number(soft);
  return Math.max(Math.floor(files / 2), files - Math.max(256, Math.ceil(files * 0.05)));
}

function readProcLimits(): string | undefined {
  try {
    return readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return undefined;
  }
}
