import { createRequire } from 'node:module';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type CompressionFilter, compressionPassThrough, verdictPerContentType, worthCompressing } from './compression';

describe('which responses are compressed', () => {
  it.each(['/connect/orders/ord_1', '/connect/orders?locationId=a', '/oauth/token', '/.well-known/jwks.json', '/manage/merchants', '/healthz', '/readyz'])(
    'sends %s as it is: small JSON',
    (url) => expect(worthCompressing(url)).toBe(false),
  );

  it.each(['/dashboard/orders', '/login', '/_next/static/chunks/app.js', '/docs', '/connect/openapi.json', '/connectors', '/'])(
    'offers compression for %s',
    (url) => expect(worthCompressing(url)).toBe(true),
  );
});

type Middleware = ((request: IncomingMessage, response: ServerResponse, next: () => void) => void) & { filter: CompressionFilter };
const compression = createRequire(import.meta.url)('next/dist/compiled/compression') as (() => Middleware) & { filter: CompressionFilter };

/** The raw status line and headers a server answers with when `answer` writes the response (no Accept-Encoding sent). */
async function answered(wrap: (request: IncomingMessage, response: ServerResponse) => void, answer: (response: ServerResponse) => void) {
  const server = createServer((request, response) => {
    wrap(request, response);
    answer(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/connect/orders`, { headers: { 'accept-encoding': '' } });
    await response.arrayBuffer();
    const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== 'date' && name !== 'keep-alive' && name !== 'connection'));
    return { status: response.status, headers };
  } finally {
    server.close();
  }
}

describe('a response the compression middleware passes through', () => {
  const middleware = compression();
  const throughMiddleware = (request: IncomingMessage, response: ServerResponse) => middleware(request, response, () => {});
  const passThrough = (request: IncomingMessage, response: ServerResponse) => compressionPassThrough(request, response, compression.filter);

  const answers: [string, (response: ServerResponse) => void][] = [
    ['JSON ended in one call', (response) => response.setHeader('content-type', 'application/json').end('{"ok":true}')],
    ['a problem after a Vary of its own', (response) => response.setHeader('vary', 'Origin').setHeader('content-type', 'application/problem+json').end('{}')],
    ['JSON written in parts', (response) => (response.setHeader('content-type', 'application/json').write('{"a":'), response.end('1}'))],
    ['an empty body', (response) => response.writeHead(204).end()],
    ['a body without a type', (response) => response.end('plain')],
    ['no-transform', (response) => response.setHeader('content-type', 'application/json').setHeader('cache-control', 'no-store, no-transform').end('{}')],
    ['headers given to writeHead', (response) => response.writeHead(201, { 'content-type': 'application/json' }).end('{}')],
    ['Vary already naming the encoding', (response) => response.setHeader('vary', 'accept-encoding').setHeader('content-type', 'text/plain').end('x')],
  ];

  it.each(answers)('is sent as the middleware sends it: %s', async (_name, answer) => {
    const expected = await answered(throughMiddleware, answer);
    expect(await answered(passThrough, answer)).toEqual(expected);
  });

  it('names the encoding in Vary for a compressible body and frames a one-call body in chunks', async () => {
    const { headers } = await answered(passThrough, answers[0]![1]);
    expect(headers.vary).toBe('Accept-Encoding');
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(headers['content-length']).toBeUndefined();
  });
});

describe("the compression filter's verdicts kept per Content-Type", () => {
  it('asks the filter once per type and answers as it did; a response without a type is always asked', () => {
    const asked: unknown[] = [];
    const filter: CompressionFilter = (_request, response) => {
      asked.push(response.getHeader('content-type'));
      return response.getHeader('content-type') === 'application/json';
    };
    const kept = verdictPerContentType(filter);
    const answer = (type?: string) => ({ getHeader: () => type }) as unknown as ServerResponse;
    const request = {} as IncomingMessage;
    const verdicts = ['application/json', 'image/png', 'application/json', 'image/png', undefined, undefined].map((type) => kept(request, answer(type)));
    expect(verdicts).toEqual([true, false, true, false, false, false]);
    expect(asked).toEqual(['application/json', 'image/png', undefined, undefined]);
  });
});
