import type { IncomingMessage, ServerResponse } from 'node:http';

/** Long-lived answers that are not "in flight": a dashboard's live stream ends only when its connection is closed. */
const STREAM_PATHS = new Set(['/dashboard/stream']);

/**
 * What an instance does between SIGTERM and exit (server.ts; README "Rolling restarts"): `/readyz` answers 503 from
 * the moment draining begins, so a balancer stops sending new connections here; every answer meanwhile carries
 * `Connection: close`, so keep-alive clients open their next connection elsewhere; and `idle()` tells when the requests
 * already being served have all been answered.
 */
export function requestDrain() {
  let draining = false;
  let inFlight = 0;
  let onIdle: (() => void) | undefined;
  const serving = new Set<ServerResponse>();

  const finished = (response: ServerResponse) => {
    serving.delete(response);
    inFlight -= 1;
    if (inFlight === 0) onIdle?.();
  };
  /**
   * A request already being served when draining began ends its connection too: with headers still to send it answers
   * `Connection: close`; otherwise the connection is ended once the answer is out. Either way the client's next request
   * opens a new connection, which the balancer sends elsewhere.
   */
  const closeAfter = (response: ServerResponse) => {
    if (!response.headersSent) response.shouldKeepAlive = false;
    else {
      const socket = response.req.socket;
      response.once('finish', () => socket.end());
    }
  };

  return {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight;
    },
    /**
     * Called first for every request: counts it until its answer is done. While draining it marks the answer
     * `Connection: close`, and answers `/readyz` itself (true: nothing more to do with this request).
     */
    admit(request: IncomingMessage, response: ServerResponse): boolean {
      const pathname = (request.url ?? '/').split('?')[0]!;
      if (draining) {
        response.shouldKeepAlive = false;
        if (pathname === '/readyz') {
          const body = JSON.stringify({ status: 'draining' });
          response.writeHead(503, {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
            'Retry-After': '5',
            'Cache-Control': 'no-store',
          });
          response.end(body);
          return true;
        }
      }
      if (STREAM_PATHS.has(pathname)) return false;
      inFlight += 1;
      serving.add(response);
      response.once('close', () => finished(response));
      return false;
    },
    begin() {
      draining = true;
      for (const response of serving) closeAfter(response);
    },
    /** Resolves once no counted request is being served, or after `timeoutMs` (false then). */
    idle(timeoutMs: number): Promise<boolean> {
      if (inFlight === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          onIdle = undefined;
          resolve(false);
        }, timeoutMs);
        timer.unref();
        onIdle = () => {
          clearTimeout(timer);
          onIdle = undefined;
          resolve(true);
        };
      });
    },
  };
}
