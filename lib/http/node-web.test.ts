import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { toWebRequest } from './node-web';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A server that hands each request to `handle` as a Web Request; answers its port. */
async function serving(handle: (request: Request, incoming: IncomingMessage, outgoing: ServerResponse) => void): Promise<number> {
  const server = createServer((incoming, outgoing) => handle(toWebRequest(incoming, `http://localhost${incoming.url ?? '/'}`, outgoing), incoming, outgoing));
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
});
