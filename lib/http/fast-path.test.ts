import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFastPath, type FastPath } from './fast-path';

type Exports = Record<string, unknown>;
const seen: { url: string; params: unknown; body?: string; forwardedFor?: string | null }[] = [];
const record = async (request: Request, context: { params: Promise<unknown> }) => {
  seen.push({
    url: request.url,
    params: await context.params,
    body: request.body ? await request.text() : undefined,
    forwardedFor: request.headers.get('x-forwarded-for'),
  });
};

// An app/ tree as the build sees it: the files only need to exist; `load` hands out their exports.
const modules: Record<string, Exports> = {
  '/connect/orders': {
    GET: async (request: Request, context: { params: Promise<unknown> }) => {
      await record(request, context);
      const headers = new Headers({ 'content-type': 'application/json', 'x-content-type-options': 'handler', 'content-length': '999', vary: 'Accept' });
      headers.append('set-cookie', 'a=1; Path=/');
      headers.append('set-cookie', 'b=2; Path=/, with comma');
      return new Response('{"list":[]}', { headers });
    },
    POST: async (request: Request, context: { params: Promise<unknown> }) => {
      await record(request, context);
      return new Response(seen.at(-1)!.body, { status: 201 });
    },
  },
  '/connect/orders/[orderId]': {
    GET: async (request: Request, context: { params: Promise<unknown> }) => {
      await record(request, context);
      return Response.json({ ok: true });
    },
    PATCH: () => new Response(null, { status: 204 }),
  },
  '/connect/[[...path]]': Object.fromEntries(
    ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].map((method) => [
      method,
      async (request: Request, context: { params: Promise<unknown> }) => {
        await record(request, context);
        return Response.json({ catchAll: true }, { status: 404 });
      },
    ]),
  ),
  '/connect/stream': {
    GET: () => {
      let push: (text: string) => void = () => {};
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => (text ? controller.enqueue(new TextEncoder().encode(text)) : controller.close());
          push('first;');
        },
      });
      streamControl.push = (text) => push(text);
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    },
  },
  '/manage/broken': {
    POST: () => {
      throw new Error('handler bug');
    },
  },
  '/healthz': { GET: () => Response.json({ status: 'ok' }) },
  '/.well-known/jwks.json': { GET: () => Response.json({ keys: [] }) },
  // A route Next prerenders (or caches) is Next's to serve.
  '/readyz': { GET: () => Response.json({ status: 'ready' }), dynamic: 'force-static' },
  '/.well-known/prerendered': { GET: () => Response.json({}) },
};
const streamControl: { push: (text: string) => void } = { push: () => {} };

function appTree(): { appDir: string; distDir: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'fast-path-'));
  // `/manage/unbuilt` has a route file the build does not list (added after `next build`): Next would not serve it.
  for (const pattern of [...Object.keys(modules), '/dashboard/stream', '/manage/unbuilt']) {
    mkdirSync(path.join(root, 'app', pattern), { recursive: true });
    writeFileSync(path.join(root, 'app', pattern, 'route.ts'), '');
  }
  mkdirSync(path.join(root, '.next', 'server'), { recursive: true });
  // The build's list of routes, as `next build` writes it (pages and other surfaces included).
  writeFileSync(
    path.join(root, '.next', 'server', 'app-paths-manifest.json'),
    JSON.stringify(
      Object.fromEntries(
        [...Object.keys(modules), '/dashboard/stream', '/dashboard/orders/page'].map((pattern) => [
          pattern.endsWith('/page') ? pattern : `${pattern}/route`,
          `app${pattern}/route.js`,
        ]),
      ),
    ),
  );
  writeFileSync(
    path.join(root, '.next', 'routes-manifest.json'),
    JSON.stringify({
      headers: [{ source: '/:path*', regex: '^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] }],
    }),
  );
  writeFileSync(path.join(root, '.next', 'prerender-manifest.json'), JSON.stringify({ routes: { '/.well-known/prerendered': {} }, dynamicRoutes: {} }));
  writeFileSync(
    path.join(root, '.next', 'server', 'functions-config-manifest.json'),
    JSON.stringify({ functions: { '/_middleware': { matchers: [{ regexp: '^/(?!connect|manage|healthz|\\.well-known/).*$' }] } } }),
  );
  return { appDir: path.join(root, 'app'), distDir: path.join(root, '.next') };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe('the API fast path', () => {
  let server: Server;
  let fastPath: FastPath;
  let port = 0;
  const errors: unknown[] = [];
  const leftToNext: string[] = [];

  beforeAll(async () => {
    const { appDir, distDir } = appTree();
    server = createServer((request, response) => {
      if (fastPath.serve(request, response)) return;
      leftToNext.push(`${request.method} ${request.url}`);
      response.writeHead(299).end('next');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    fastPath = await createFastPath({
      appDir,
      distDir,
      origin: { hostname: 'localhost', port },
      load: async (file) => modules[path.dirname(path.relative(appDir, file)).replace(/^/, '/')]!,
      decorate: (_request, response) => void response.appendHeader('vary', 'rsc'),
      onError: (error) => errors.push(error),
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const call = (method: string, target: string, options: { body?: string; headers?: Record<string, string> } = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, method, path: target, headers: options.headers, agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      });
      request.on('error', reject);
      request.end(options.body);
    });

  it('routes static over dynamic over catch-all, with decoded parameters, as Next does', async () => {
    seen.length = 0;
    expect((await call('GET', '/connect/orders?locationId=x')).body).toBe('{"list":[]}');
    expect((await call('GET', '/connect/orders/ord%201')).body).toBe('{"ok":true}');
    expect((await call('GET', '/connect/orders/ord_1/more')).body).toBe('{"catchAll":true}');
    expect((await call('GET', '/connect')).body).toBe('{"catchAll":true}');
    expect((await call('GET', '/connect/%6Frders')).body).toBe('{"catchAll":true}');
    expect(seen.map((entry) => entry.params)).toEqual([{}, { orderId: 'ord 1' }, { path: ['orders', 'ord_1', 'more'] }, {}, { path: ['orders'] }]);
    // Handlers see the URL Next gives them: its own origin and the request target.
    expect(seen[0]!.url).toBe(`http://localhost:${port}/connect/orders?locationId=x`);
    expect(seen[0]!.forwardedFor).toBe('127.0.0.1');
  });

  it('writes headers as Next does: config headers kept, framing dropped, Vary and Set-Cookie repeated', async () => {
    const answer = await call('GET', '/connect/orders');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-length']).toBeUndefined();
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    expect(answer.headers.vary).toBe('rsc, Accept');
    expect(answer.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/, with comma']);
  });

  it('answers HEAD with GET’s headers alone, OPTIONS with Allow, and an unexported verb with 405', async () => {
    const head = await call('HEAD', '/connect/orders/ord_1');
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('application/json');
    expect(head.body).toBe('');
    const options = await call('OPTIONS', '/connect/orders/ord_1');
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe('GET, HEAD, OPTIONS, PATCH');
    expect((await call('DELETE', '/connect/orders/ord_1')).status).toBe(405);
  });

  it('knows the methods of every route but the catch-alls, for the pre-checks’ 405', async () => {
    expect(await fastPath.routes.allowedMethods('/connect/orders')).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST']);
    expect(await fastPath.routes.allowedMethods('/.well-known/jwks.json')).toEqual(['GET', 'HEAD', 'OPTIONS']);
    expect(await fastPath.routes.allowedMethods('/connect/nothing')).toBeUndefined();
    expect(await fastPath.routes.allowedMethods('/login')).toBeUndefined();
  });

  it('streams the request body to the handler and gives GET none', async () => {
    seen.length = 0;
    const posted = await call('POST', '/connect/orders', { body: 'x'.repeat(200_000), headers: { 'content-type': 'application/json' } });
    expect(posted.status).toBe(201);
    expect(posted.body).toHaveLength(200_000);
    await call('GET', '/connect/orders/ord_1', { body: 'ignored' });
    expect(seen.map((entry) => entry.body?.length)).toEqual([200_000, undefined]);
  });

  it('writes a streamed response as it comes', async () => {
    const firstChunk = await new Promise<string>((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, path: '/connect/stream', agent: false }, (response) => {
        response.setEncoding('utf8');
        let body = '';
        response.on('data', (chunk: string) => {
          body += chunk;
          if (body === 'first;') {
            resolve(body);
            streamControl.push('second;');
            streamControl.push('');
          }
        });
      });
      request.on('error', reject);
      request.end();
    });
    expect(firstChunk).toBe('first;');
  });

  it('answers a handler’s exception with Next’s empty 500 and reports it', async () => {
    expect(errors.map((error) => (error as Error).message).sort()).toEqual([
      expect.stringContaining('.well-known/prerendered/route.ts is prerendered, cached or not on Node.js'),
      expect.stringContaining('readyz/route.ts is prerendered, cached or not on Node.js'),
    ]);
    errors.length = 0;
    const answer = await call('POST', '/manage/broken');
    expect(answer.status).toBe(500);
    expect(answer.body).toBe('');
    expect(errors).toHaveLength(1);
  });

  it('leaves to Next what Next redirects, normalizes or runs its proxy on, routes the build lacks, and every other surface', async () => {
    leftToNext.length = 0;
    const targets = [
      '/connect/orders/',
      '/connect//orders',
      '/connect/./orders',
      '/connect/x/../orders',
      '/connect/%2E%2E/orders',
      '/connect\\orders',
      '/.well-known/other',
      '/manage/unbuilt',
      '/dashboard/stream',
      '/login',
      '/healthz/',
    ];
    for (const target of targets) expect((await call('GET', target)).body).toBe('next');
    expect(leftToNext).toEqual(targets.map((target) => `GET ${target}`));
    expect((await call('GET', '/healthz')).body).toBe('{"status":"ok"}');
  });
});
