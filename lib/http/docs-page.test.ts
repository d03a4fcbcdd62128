import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConfig } from '@/lib/config';
import { acceptsGzip, docsPage } from './docs-page';
import { REMOTE_ADDRESS_HEADER } from './handler-context';
import { newNonce } from './security-headers';
import { publishUnmeteredRateLimit } from './unmetered-rate-limit';

let server: Server;
let port: number;
let renders: string[];
let renderAnswer: (request: IncomingMessage, response: ServerResponse) => void;

/** A stand-in for Next: a page whose scripts carry this rendering's nonce, written in several chunks after a while. */
function nextLike(request: IncomingMessage, response: ServerResponse) {
  const nonce = newNonce();
  renders.push(request.headers.rsc === undefined ? 'html' : 'rsc');
  response.setHeader('Content-Security-Policy', `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
  response.setHeader('Content-Type', request.headers.rsc === undefined ? 'text/html; charset=utf-8' : 'text/x-component');
  response.setHeader('Vary', 'RSC, Next-Router-State-Tree');
  response.setHeader('Cache-Control', 'private, no-cache, no-store, max-age=0, must-revalidate');
  setTimeout(() => {
    response.write(`<!DOCTYPE html><html><head><script nonce="${nonce}">boot()</script></head>`);
    response.write(Buffer.from(`<body><h1>API reference – ${'é'.repeat(3)}</h1>`));
    response.end(`<script nonce="${nonce}">self.__next_f.push([1,"x"])</script></body></html>`);
  }, 50);
}

beforeEach(async () => {
  resetConfig({ RATE_LIMIT_PER_MINUTE: '600' });
  renders = [];
  renderAnswer = nextLike;
  const docs = docsPage((request, response) => renderAnswer(request, response));
  // As server.ts wires it: the unmetered policy, the peer address, then the page.
  server = createServer((request, response) => {
    publishUnmeteredRateLimit(response);
    request.headers[REMOTE_ADDRESS_HEADER] = request.socket.remoteAddress ?? '';
    response.setHeader('X-Request-Id', `req-${Math.random()}`);
    if (!docs.serve(request, response)) response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  port = (server.address() as AddressInfo).port;
});
afterEach(async () => {
  resetConfig();
  await new Promise((resolve) => server.close(resolve));
});

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

function get(path: string, options: { from?: string; headers?: Record<string, string>; method?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', localAddress: options.from ?? '127.0.0.1', headers: options.headers, agent: false },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode!, headers: incoming.headers, body: Buffer.concat(chunks) }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const nonceOf = (answer: Answer) => String(answer.headers['content-security-policy']).match(/'nonce-([^']+)'/)![1]!;

describe('/docs', () => {
  it('is rendered once and served from the copy, each answer with a nonce of its own in the page and its CSP', async () => {
    const answers = [await get('/docs'), await get('/docs'), await get('/docs?tab=orders')];
    expect(renders).toEqual(['html']);
    const nonces = answers.map(nonceOf);
    expect(new Set(nonces).size).toBe(3);
    answers.forEach((answer, index) => {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('private, no-cache, no-store, max-age=0, must-revalidate');
      const html = answer.body.toString('utf8');
      expect(html).toContain('API reference – ééé');
      expect(html.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonces[index]}"`, `nonce="${nonces[index]}"`]);
      // The rendering streams its answer; the copies know their length.
      if (index > 0) expect(answer.headers['content-length']).toBe(String(answer.body.byteLength));
      expect(answer.headers['x-request-id']).toMatch(/^req-/);
    });
    expect(answers[1]!.body.toString().replaceAll(nonces[1]!, 'N')).toBe(answers[2]!.body.toString().replaceAll(nonces[2]!, 'N'));
    expect(answers[1]!.headers['x-request-id']).not.toBe(answers[2]!.headers['x-request-id']);
  });

  it('renders once for a burst that arrives before the copy exists', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => get('/docs')));
    expect(renders).toEqual(['html']);
    expect(answers.every((answer) => answer.status === 200 && answer.body.toString().includes('API reference'))).toBe(true);
  });

  it('gzips the copy for a client that takes it, and answers HEAD without a body', async () => {
    const plain = await get('/docs');
    const compressed = await get('/docs', { headers: { 'accept-encoding': 'br;q=1, gzip;q=0.8' } });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers.vary).toBe('RSC, Next-Router-State-Tree, Accept-Encoding');
    expect(gunzipSync(compressed.body).toString().replaceAll(nonceOf(compressed), 'N')).toBe(plain.body.toString().replaceAll(nonceOf(plain), 'N'));
    const head = await get('/docs', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
  });

  it('leaves client-side navigations (RSC) to Next, counted all the same', async () => {
    await get('/docs');
    const rsc = await get('/docs', { headers: { rsc: '1' } });
    expect(rsc.headers['content-type']).toBe('text/x-component');
    expect(renders).toEqual(['html', 'rsc']);
    expect(rsc.headers['ratelimit-limit']).toBe('600');
  });

  it('renders once more, not once per waiting request, when the first rendering gives no copy', async () => {
    let failing = true;
    renderAnswer = (request, response) => {
      if (!failing) return nextLike(request, response);
      failing = false;
      renders.push('failed');
      setTimeout(() => response.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>'), 50);
    };
    const answers = await Promise.all(Array.from({ length: 6 }, () => get('/docs')));
    expect(renders).toEqual(['failed', 'html']);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 500]);
  });

  it('keeps no copy of a page that failed, and tries again on the next request', async () => {
    renderAnswer = (_request, response) => {
      renders.push('failed');
      response.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
    };
    expect((await get('/docs')).status).toBe(500);
    renderAnswer = nextLike;
    expect((await get('/docs')).status).toBe(200);
    expect((await get('/docs')).status).toBe(200);
    expect(renders).toEqual(['failed', 'html']);
  });

  it('counts every request against the address, answering 429 with Retry-After past the limit', async () => {
    resetConfig({ RATE_LIMIT_PER_MINUTE: '5' });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await get('/docs', { from: '127.0.0.3' }));
    expect(answers.slice(0, 5).map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.slice(0, 5).map((answer) => answer.headers['ratelimit-remaining'])).toEqual(['4', '3', '2', '1', '0']);
    expect(answers[0]!.headers['ratelimit-limit']).toBe('5');
    const refused = answers[5]!;
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toBe('application/problem+json');
    expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(JSON.parse(refused.body.toString())).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    // Another address has its own budget.
    expect((await get('/docs', { from: '127.0.0.4' })).status).toBe(200);
  });

  it('takes only /docs', async () => {
    expect((await get('/docsx')).status).toBe(404);
    expect((await get('/docs/extra')).status).toBe(404);
    expect((await get('/docs', { method: 'POST' })).status).toBe(404);
    expect(renders).toEqual([]);
  });
});

describe('Accept-Encoding', () => {
  it('takes gzip by name or wildcard unless its q is 0', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
