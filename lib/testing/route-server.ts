import { createServer, type Server, type ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REMOTE_ADDRESS_HEADER } from '@/lib/http/handler-context';
import { sendWebResponse, toWebRequest } from '@/lib/http/node-web';
import { routeMatcher } from '@/lib/http/route-patterns';

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** Route handlers by Next app-dir pattern, e.g. `{ '/connect/orders/[orderId]': { GET, PATCH } }`. */
export type RouteTable = Record<string, Partial<Record<string, Handler>>>;

export interface RouteServer {
  /** `http://127.0.0.1:<port>`; set PUBLIC_URL to it (resetConfig) so issued URLs point back here. */
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves Next route handlers over real HTTP for tests, the way Next would call them (a Request in, a Response
 * out), so HTTP clients such as openid-client can talk to them.
 */
export async function startRouteServer(
  routes: RouteTable,
  options: {
    server?: ServerOptions;
    keepAliveTimeout?: number;
    /** Adds to the server what is not a route (the POS WebSocket's upgrade); answers how to close it. */
    attach?: (server: Server) => () => Promise<void>;
  } = {},
): Promise<RouteServer> {
  const matcher = routeMatcher(Object.entries(routes));
  let origin = '';
  const server = createServer(options.server ?? {}, (incoming, outgoing) => {
    void (async () => {
      const path = new URL(incoming.url ?? '/', 'http://route-server').pathname;
      const route = matcher.match(path);
      if (!route) return sendWebResponse(Response.json({ error: 'not_found' }, { status: 404 }), outgoing, 'GET');
      const method = incoming.method ?? 'GET';
      const handler = route.value[method];
      if (!handler) return sendWebResponse(new Response(null, { status: 405 }), outgoing, method);
      // As server.ts does: the socket's peer address, never the client's copy of the header.
      incoming.headers[REMOTE_ADDRESS_HEADER] = incoming.socket.remoteAddress ?? '';
      const request = await toWebRequest(incoming, `${origin}${incoming.url ?? '/'}`, outgoing);
      return sendWebResponse(await handler(request, { params: Promise.resolve(route.params) }), outgoing, method);
    })().catch((error: unknown) => {
      outgoing.writeHead(500, { 'content-type': 'text/plain' });
      outgoing.end(String(error));
    });
  });
  if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
  const detach = options.attach?.(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: async () => {
      await detach?.();
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}
