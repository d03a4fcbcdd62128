import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { answerClientError, guardRequest, isPlainPath, requestPath, routedPath, sendProblem } from './request-guard';
import type { RouteTable } from './route-table';

// Stands in for Next's build: two route handlers of the partner API and one of the dashboard.
const routes: RouteTable = {
  async allowedMethods(pathname) {
    if (/^\/connect\/orders\/?$/.test(pathname)) return ['GET', 'HEAD', 'OPTIONS', 'POST'];
    if (/^\/connect\/orders\/[^/]+$/.test(pathname)) return ['GET', 'HEAD', 'OPTIONS', 'PATCH'];
    if (pathname === '/healthz') return ['GET', 'HEAD', 'OPTIONS'];
    return undefined;
  },
};

let server: Server;
let port: number;

beforeAll(async () => {
  // Behind the guard, a stand-in for Next that echoes what reached it.
  server = createServer((request, response) => {
    Promise.resolve(guardRequest(request, routes)).then(
      async (accepted) => {
        if (accepted instanceof ApiError) return sendProblem(request, response, accepted, 'http://docs.test/docs');
        const chunks: Buffer[] = [];
        for await (const chunk of accepted) chunks.push(chunk as Buffer);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ reached: true, method: accepted.method, url: accepted.url, body: Buffer.concat(chunks).toString('latin1') }));
      },
      () => request.destroy(),
    );
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => answerClientError(error, socket, 'http://docs.test/docs'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A raw request: node's http client sends any method and any path bytes as given. */
function send(method: string, path: string, options: { headers?: Record<string, string>; body?: Buffer | string } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, method, path, headers: options.headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString() }));
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

function expectProblem(response: { status: number; headers: Record<string, unknown>; body: string }, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toBe('application/problem+json');
  const body = JSON.parse(response.body) as Record<string, unknown>;
  expect(body).toMatchObject({ status, code, title: expect.any(String), detail: expect.any(String), error: expect.any(String) });
  expect(body.type).toBe(`http://docs.test/docs#${code}`);
  return body;
}

const multipart = (boundary: string, parts: string) => ({
  headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  body: parts,
});

describe('request pre-checks', () => {
  describe('malformed percent-encoding in a path segment is a 400 problem, not a 500 from Next', () => {
    it.each(['/connect/orders/%E0%A4%A', '/connect/tables/%', '/manage/deliveries/%', '/login/%zz', '/connect/orders/%00', '/connect/sales/a%0Ab'])(
      '%s',
      async (path) => {
        const body = expectProblem(await send('GET', path), 400, 'BAD_REQUEST');
        expect(body.instance).toBe(path);
      },
    );

    it('lets well-formed encodings through, including a query the path check does not judge', async () => {
      const response = await send('GET', '/connect/orders/caf%C3%A9?q=%');
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body)).toMatchObject({ reached: true, url: '/connect/orders/caf%C3%A9?q=%' });
    });
  });

  describe('methods', () => {
    it('answers a method the route does not export with 405 and the Allow of its exports', async () => {
      const body = expectProblem(await send('DELETE', '/connect/orders'), 405, 'METHOD_NOT_ALLOWED');
      const response = await send('PUT', '/connect/orders/ord_1');
      expectProblem(response, 405, 'METHOD_NOT_ALLOWED');
      expect(response.headers.allow).toBe('GET, HEAD, OPTIONS, PATCH');
      expect(body.detail).toBe('DELETE is not allowed here; use GET, HEAD, OPTIONS, POST.');
    });

    it('judges the method on the route Next resolves dot segments to', async () => {
      // `/connect/orders/x/..` is `/connect/orders` (GET, POST), not `/connect/orders/{orderId}` (GET, PATCH).
      expect((await send('POST', '/connect/orders/x/..')).status).toBe(200);
      expect((await send('POST', '/connect/orders/x/%2e%2e')).status).toBe(200);
      expectProblem(await send('PATCH', '/connect/orders/x/./..'), 405, 'METHOD_NOT_ALLOWED');
    });

    it('answers PROPFIND and other unknown methods on a route with 405 and Allow', async () => {
      for (const method of ['PROPFIND', 'TRACE', 'MKCOL']) {
        const response = await send(method, '/connect/orders/ord_1');
        expectProblem(response, 405, 'METHOD_NOT_ALLOWED');
        expect(response.headers.allow).toBe('GET, HEAD, OPTIONS, PATCH');
      }
    });

    it('answers an unknown method on a page with 405 and the methods pages serve', async () => {
      const response = await send('PROPFIND', '/login');
      expectProblem(response, 405, 'METHOD_NOT_ALLOWED');
      expect(response.headers.allow).toBe('GET, HEAD, POST');
    });

    it('answers an unknown method under an API surface without a route with 404, as its catch-all would', async () => {
      expectProblem(await send('PROPFIND', '/connect/nothing-here'), 404, 'NOT_FOUND');
      expectProblem(await send('PROPFIND', '/oauth/x'), 404, 'NOT_FOUND');
    });

    it('hands allowed methods, and every known method of a path without a route handler, on to Next', async () => {
      expect((await send('PATCH', '/connect/orders/ord_1', { body: '{}' })).status).toBe(200);
      expect((await send('DELETE', '/connect/unknown')).status).toBe(200);
      expect((await send('GET', '/dashboard')).status).toBe(200);
    });

    it('answers HEAD with the problem headers and no body', async () => {
      const response = await send('HEAD', '/connect/tables/%');
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toBe('application/problem+json');
      expect(response.body).toBe('');
    });
  });

  describe('multipart/form-data posted to a page', () => {
    it('answers a broken body with 400 instead of Next failing to parse it', async () => {
      const body = expectProblem(await send('POST', '/login', multipart('xyz', 'garbage')), 400, 'BAD_REQUEST');
      expect(body.detail).toMatch(/multipart\/form-data body is malformed/);
      expectProblem(await send('POST', '/', { headers: { 'content-type': 'multipart/form-data' }, body: 'no boundary' }), 400, 'BAD_REQUEST');
      expectProblem(
        await send('POST', '/login', multipart('xyz', '--xyz\r\ncontent-disposition: form-data; name="a"\r\n\r\nunterminated')),
        400,
        'BAD_REQUEST',
      );
      // Through dot segments out of an API surface onto a page: still the page's check.
      expectProblem(await send('POST', '/connect/../login', multipart('xyz', 'garbage')), 400, 'BAD_REQUEST');
    });

    it('replays a well-formed body to Next byte for byte', async () => {
      const parts =
        '--xyz\r\ncontent-disposition: form-data; name="email"\r\n\r\nmerchant@demo.test\r\n--xyz\r\ncontent-disposition: form-data; name="f"; filename="a.bin"\r\ncontent-type: application/octet-stream\r\n\r\n\u00ff\u0000\u0001\r\n--xyz--\r\n';
      const response = await send('POST', '/login', { headers: { 'content-type': 'multipart/form-data; boundary=xyz' }, body: Buffer.from(parts, 'latin1') });
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body)).toMatchObject({ reached: true, method: 'POST', url: '/login', body: parts });
    });

    it('refuses a body over 1 MiB with 413', async () => {
      const response = await send('POST', '/login', multipart('xyz', `--xyz\r\n${'a'.repeat(1024 * 1024 + 10)}`));
      expectProblem(response, 413, 'PAYLOAD_TOO_LARGE');
    });

    it('leaves bodies sent to the API surfaces to their routes (415 there)', async () => {
      expect((await send('POST', '/connect/orders', multipart('xyz', 'garbage'))).status).toBe(200);
    });
  });

  describe('requests the HTTP parser refuses', () => {
    /** Writes `raw` bytes and reads the whole answer; the server closes the connection after it. */
    const rawExchange = (raw: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(raw));
        const chunks: Buffer[] = [];
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
        socket.on('error', reject);
      });
    const parse = (answer: string) => {
      const [head, body] = answer.split('\r\n\r\n');
      return { statusLine: head!.split('\r\n')[0], head: head!, body: JSON.parse(body!) as Record<string, unknown> };
    };

    it('answers a method token Node does not parse with a 400 problem instead of a bare 400', async () => {
      const answer = parse(await rawExchange('FOO /connect/orders HTTP/1.1\r\nHost: x\r\n\r\n'));
      expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
      expect(answer.head).toMatch(/Content-Type: application\/problem\+json/);
      expect(answer.body).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    });

    it('answers body bytes that do not frame as a request with a 400 problem', async () => {
      // A DELETE body sent without Content-Length: the body is read as the next request, which does not parse.
      const answer = parse(await rawExchange('DELETE /healthz HTTP/1.1\r\nHost: x\r\n\r\n{"origin":"!E"}'));
      expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
      expect(answer.body).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    });

    it('lets go of the connection once answered, even when the client never closes its side', async () => {
      const connections = () => new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));
      // Earlier tests' keep-alive connections may still be open; this one must not be added to them.
      const before = await connections();
      const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () => socket.write('FOO / HTTP/1.1\r\nHost: x\r\n\r\n'));
      const answered = new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(chunk.toString())));
      expect(await answered).toMatch(/^HTTP\/1\.1 400 /);
      const deadline = Date.now() + 3_000;
      while ((await connections()) > before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await connections()).toBeLessThanOrEqual(before);
      socket.destroy();
    });

    it('answers headers over the limit with a 431 problem', async () => {
      const answer = parse(await rawExchange(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
      expect(answer.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
      expect(answer.body).toMatchObject({ status: 431, code: 'REQUEST_HEADER_FIELDS_TOO_LARGE' });
    });
  });

  it('resolves dot segments as Next does before finding the route', () => {
    expect(routedPath('/manage/deliveries/./replay')).toBe('/manage/deliveries/replay');
    expect(routedPath('/connect/orders/a/../b')).toBe('/connect/orders/b');
    expect(routedPath('/connect/%2E%2E/x')).toBe('/x');
  });

  it('reads the path of origin-form and absolute-form targets', () => {
    expect(requestPath('/connect/orders?x=1')).toBe('/connect/orders');
    expect(requestPath('http://example.test:3000/connect/orders/%?x')).toBe('/connect/orders/%');
    expect(requestPath('http://example.test')).toBe('/');
    expect(requestPath('*')).toBe('*');
    expect(requestPath('/#x')).toBe('/');
    expect(requestPath('/a#b?c')).toBe('/a');
  });

  it('routes a plain path as it is: nothing to decode, and the URL parser leaves it unchanged', () => {
    const alphabet = [
      'a',
      'Z',
      '0',
      '_',
      '-',
      '.',
      '..',
      '~',
      '!',
      '$',
      '&',
      "'",
      '(',
      ')',
      '*',
      '+',
      ',',
      ';',
      '=',
      ':',
      '@',
      '/',
      '//',
      '%',
      '%2e',
      '%41',
      '\\',
      ' ',
      '"',
      '<',
      '^',
      '|',
      '`',
      '{',
      'é',
      '\u0001',
    ];
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    let plain = 0;
    for (let index = 0; index < 20_000; index++) {
      const path = `/${Array.from({ length: 1 + Math.floor(random() * 8) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('')}`;
      if (!isPlainPath(path)) continue;
      plain += 1;
      expect(routedPath(path), path).toBe(path);
      expect(path.split('/').map(decodeURIComponent).join('/'), path).toBe(path);
    }
    // Enough of them were plain for the comparison to mean something, and the tricky ones were not.
    expect(plain).toBeGreaterThan(1000);
    for (const path of ['//x', '/a/../b', '/a/.', '/%41', '/a b', '/a\\b', '/é', '/a^b']) expect(isPlainPath(path), path).toBe(false);
  });
});
