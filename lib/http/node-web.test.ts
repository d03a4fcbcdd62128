import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BUFFERED_BODY_BYTES, IncomingHeaders, requestBody, toWebRequest, webHeaders } from './node-web';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A server that hands each request to `handle` as a Web Request; answers its port. */
async function serving(handle: (request: Request, incoming: IncomingMessage, outgoing: ServerResponse) => void): Promise<number> {
  const server = createServer((incoming, outgoing) => {
    void Promise.resolve(toWebRequest(incoming, `http://localhost${incoming.url ?? '/'}`, outgoing)).then((request) => handle(request, incoming, outgoing));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

describe('a Node request as a Web Request', () => {
  it('carries the method, headers (repeated ones each) and the streamed body', async () => {
    let seen: { method: string; custom: string | null; cookies: string[]; body: string } | undefined;
    const port = await serving(async (request, _incoming, outgoing) => {
      seen = { method: request.method, custom: request.headers.get('x-custom'), cookies: request.headers.getSetCookie(), body: await request.text() };
      outgoing.end();
    });
    await new Promise<void>((resolve, reject) => {
      const client = httpRequest(
        { port, host: '127.0.0.1', path: '/x', method: 'POST', headers: { 'x-custom': 'a', 'set-cookie': ['one=1', 'two=2'] } },
        (answer) => answer.resume().on('end', resolve),
      );
      client.on('error', reject);
      client.end('hello');
    });
    expect(seen).toEqual({ method: 'POST', custom: 'a', cookies: ['one=1', 'two=2'], body: 'hello' });
  });

  it('reads a small body whole before the handler runs, a large one as a stream of what was read and the rest', async () => {
    const bodies: { whole: boolean; text: string }[] = [];
    const port = await serving(async (request, incoming, outgoing) => {
      // A body read whole has left nothing on the socket by the time the handler runs.
      bodies.push({ whole: incoming.readableEnded, text: await request.text() });
      outgoing.end();
    });
    const send = (body: string | string[], headers: Record<string, string> = {}) =>
      new Promise<void>((resolve, reject) => {
        const client = httpRequest({ port, host: '127.0.0.1', path: '/', method: 'PUT', headers }, (answer) => answer.resume().on('end', resolve));
        client.on('error', reject);
        // Chunked, in pieces: the body arrives over several reads.
        for (const piece of [body].flat()) client.write(piece);
        client.end();
      });
    const large = 'x'.repeat(BUFFERED_BODY_BYTES + 10);
    await send(['{"a":', '1}']);
    await send(['a'.repeat(BUFFERED_BODY_BYTES - 5), 'b'.repeat(5000), 'c'.repeat(5000)]);
    await send(large, { 'content-length': String(large.length) });
    await send('');
    expect(bodies.map(({ whole, text }) => ({ whole, length: text.length, start: text.slice(0, 5), end: text.slice(-1) }))).toEqual([
      { whole: true, length: 7, start: '{"a":', end: '}' },
      { whole: false, length: BUFFERED_BODY_BYTES + 9995, start: 'aaaaa', end: 'c' },
      { whole: false, length: BUFFERED_BODY_BYTES + 10, start: 'xxxxx', end: 'x' },
      { whole: true, length: 0, start: '', end: '' },
    ]);
  });

  it('gives a body the client broke off as a stream that fails when read', async () => {
    const body = new Promise<Buffer | AsyncIterable<Uint8Array>>((resolve) => {
      void (async () => {
        const server = createServer((incoming) => void requestBody(incoming).then(resolve));
        servers.push(server);
        await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
        const client = httpRequest({
          port: (server.address() as AddressInfo).port,
          host: '127.0.0.1',
          path: '/',
          method: 'POST',
          headers: { 'content-length': '100' },
        });
        client.on('error', () => {});
        client.write('only part of it');
        setTimeout(() => client.destroy(), 100);
      })();
    });
    const received = await body;
    expect(Buffer.isBuffer(received)).toBe(false);
    await expect(new Request('http://localhost/', { method: 'POST', body: received as never, duplex: 'half' } as RequestInit).text()).rejects.toThrow();
  });

  it('has a signal that aborts when the client goes away before the answer, though made only when read', async () => {
    const aborted = new Promise<string>((resolve) => {
      void serving((request) => {
        // Read once the client has gone as well as before: either way the signal reports it.
        request.signal.addEventListener('abort', () => resolve(String((request.signal.reason as Error).message)));
      }).then((port) => {
        const client = httpRequest({ port, host: '127.0.0.1', path: '/slow' });
        client.on('error', () => {});
        client.end();
        setTimeout(() => client.destroy(), 100);
      });
    });
    expect(await aborted).toBe('the client closed the connection');
  });

  it('has an aborted signal when first read after the client went away', async () => {
    const state = new Promise<boolean>((resolve) => {
      void serving((request, _incoming, outgoing) => {
        outgoing.once('close', () => resolve(request.signal.aborted));
      }).then((port) => {
        const client = httpRequest({ port, host: '127.0.0.1', path: '/gone' });
        client.on('error', () => {});
        client.end();
        setTimeout(() => client.destroy(), 100);
      });
    });
    expect(await state).toBe(true);
  });

  it('has a signal that stays quiet when the answer was written in full', async () => {
    let signal: AbortSignal | undefined;
    const port = await serving((request, _incoming, outgoing) => {
      signal = request.signal;
      outgoing.end('done');
    });
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signal?.aborted).toBe(false);
  });

  /** The Request a handler gets for `body` POSTed with `headers`, after `use` has had it; answers what `use` returned. */
  async function handed<T>(body: Buffer | string, headers: Record<string, string>, use: (request: Request) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      void serving((request, _incoming, outgoing) => {
        use(request)
          .then(resolve, reject)
          .finally(() => outgoing.end());
      }).then((port) => {
        const client = httpRequest({ port, host: '127.0.0.1', path: '/echo?x=1', method: 'POST', headers }, (answer) => answer.resume());
        client.on('error', reject);
        client.end(body);
      });
    });
  }

  it("hands a body read whole over as a Request that reads as undici's does", async () => {
    // A byte order mark, a bad byte and non-ASCII text: decoded alike.
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"name":"Café"}'), Buffer.from([0xff])]);
    const reads = async (request: Request) => {
      const text = await request.text();
      const again = await request.text().then(
        () => 'read twice',
        (error: Error) => `${error.name}: ${error.message}`,
      );
      return { text, again, used: request.bodyUsed, method: request.method, url: request.url, type: request.headers.get('content-type') };
    };
    const fromNode = await handed(bytes, { 'content-type': 'text/plain' }, async (request) => ({
      isRequest: request instanceof Request,
      ...(await reads(request)),
    }));
    const undici = await reads(new Request('http://localhost/echo?x=1', { method: 'POST', body: bytes, headers: { 'content-type': 'text/plain' } }));
    expect(fromNode).toEqual({ isRequest: true, ...undici });
    expect(undici.again).toMatch(/^TypeError: /);
  });

  it('serves what it does not hold from an undici Request over the same body: streams, forms, clones', async () => {
    const form = 'a=1&b=two+words';
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(await handed(form, headers, async (request) => Object.fromEntries(await request.formData()))).toEqual({ a: '1', b: 'two words' });
    expect(await handed(form, headers, async (request) => [await request.clone().text(), await request.text(), request.bodyUsed])).toEqual([form, form, true]);
    expect(
      await handed(form, headers, async (request) => {
        const chunks: Uint8Array[] = [];
        const reader = request.body!.getReader();
        for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
        return [Buffer.concat(chunks).toString(), request.bodyUsed, request.cache, String(request)];
      }),
    ).toEqual([form, true, 'default', '[object Request]']);
    // Read here first, the body is spent for the undici Request too.
    expect(
      await handed(form, headers, async (request) => {
        await request.arrayBuffer();
        return [
          request.bodyUsed,
          await request.formData().then(
            () => 'read twice',
            () => 'refused',
          ),
        ];
      }),
    ).toEqual([true, 'refused']);
  });

  it('gives a GET no body, as fetch does', async () => {
    const port = await serving(async (request, _incoming, outgoing) => {
      outgoing.end(JSON.stringify({ body: request.body, used: request.bodyUsed, text: await request.text() }));
    });
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).json()).toEqual({ body: null, used: false, text: '' });
  });
});

describe("request headers read from Node's parsed headers", () => {
  const incoming = { host: 'localhost:3000', authorization: 'Bearer abc', cookie: 'a=1; b=2', 'set-cookie': ['one=1', 'two=2'], 'x-empty': '' };

  it('answers get and has as a Headers list filled with the same fields does', () => {
    const filled = new Headers(webHeaders(incoming));
    const read = new IncomingHeaders(incoming);
    for (const name of ['Authorization', 'host', 'COOKIE', 'set-cookie', 'x-empty', 'x-missing']) {
      expect([read.get(name), read.has(name)]).toEqual([filled.get(name), filled.has(name)]);
    }
    expect(read).toBeInstanceOf(Headers);
  });

  it('iterates, lists Set-Cookie and changes as a Headers list, from the first such call on', () => {
    const read = new IncomingHeaders(incoming);
    expect(read.getSetCookie()).toEqual(['one=1', 'two=2']);
    expect([...read]).toEqual([...new Headers(webHeaders(incoming))]);
    read.set('authorization', 'Bearer other');
    read.delete('cookie');
    read.append('x-added', '1');
    expect(read.get('authorization')).toBe('Bearer other');
    expect(read.has('cookie')).toBe(false);
    expect(Object.fromEntries(read.entries())).toMatchObject({ authorization: 'Bearer other', 'x-added': '1', host: 'localhost:3000' });
    // The fields Node parsed are copied, never changed.
    expect(incoming.authorization).toBe('Bearer abc');
  });

  it('gives an undici Request made over them every field', () => {
    const request = new Request('http://localhost/x', { headers: new IncomingHeaders(incoming) });
    expect([request.headers.get('authorization'), request.headers.get('cookie'), request.headers.getSetCookie()]).toEqual([
      'Bearer abc',
      'a=1; b=2',
      ['one=1', 'two=2'],
    ]);
  });
});
