import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** Route handlers by Next app-dir pattern, e.g. `{ '/connect/orders/[orderId]': { GET, PATCH } }`. */
export type RouteTable = Record<string, Partial<Record<string, Handler>>>;

export interface RouteServer {
  /** `http://127.0.0.1:<port>`; set PUBLIC_URL to it (resetConfig) so issued URLs point back here. */
  origin: string;
  close(): Promise<void>;
}

interface CompiledRoute {
  pattern: RegExp;
  names: string[];
  handlers: Partial<Record<string, Handler>>;
}

function compile(path: string, handlers: Partial<Record<string, Handler>>): CompiledRoute {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      const dynamic = segment.match(/^\[(\.\.\.)?([^\]]+)\]$/);
      if (!dynamic) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(dynamic[2]!);
      return dynamic[1] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { pattern: new RegExp(`^${source}$`), names, handlers };
}

async function toRequest(incoming: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const hasBody = !['GET', 'HEAD'].includes(incoming.method ?? 'GET') && chunks.length > 0;
  return new Request(`${origin}${incoming.url ?? '/'}`, { method: incoming.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined });
}

async function send(response: Response, outgoing: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  outgoing.writeHead(response.status, headers);
  outgoing.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * Serves Next route handlers over real HTTP for tests, the way Next would call them (a Request in, a Response
 * out), so HTTP clients such as openid-client can talk to them.
 */
export async function startRouteServer(routes: RouteTable): Promise<RouteServer> {
  const compiled = Object.entries(routes).map(([path, handlers]) => compile(path, handlers));
  let origin = '';
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const path = new URL(incoming.url ?? '/', 'http://route-server').pathname;
      const route = compiled.map((candidate) => ({ candidate, match: path.match(candidate.pattern) })).find((entry) => entry.match);
      if (!route) return send(Response.json({ error: 'not_found' }, { status: 404 }), outgoing);
      const handler = route.candidate.handlers[incoming.method ?? 'GET'];
      if (!handler) return send(new Response(null, { status: 405 }), outgoing);
      const params = Object.fromEntries(route.candidate.names.map((name, index) => [name, decodeURIComponent(route.match![index + 1]!)]));
      return send(await handler(await toRequest(incoming, origin), { params: Promise.resolve(params) }), outgoing);
    })().catch((error: unknown) => {
      outgoing.writeHead(500, { 'content-type': 'text/plain' });
      outgoing.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
