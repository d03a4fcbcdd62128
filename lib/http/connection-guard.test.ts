import { EventEmitter } from 'node:events';
import { createServer, get, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CONNECTION_TIMEOUTS, guardConnections, processConnectionCap, type ConnectionGuard, type ConnectionGuardOptions } from './connection-guard';

const docsUrl = () => 'http://localhost:3000/docs';
const servers: Server[] = [];
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

/** A server as server.ts builds it: the guard, a health check, `/hold` answers only when the test ends. */
async function guardedServer(options: Omit<ConnectionGuardOptions, 'docsUrl'>) {
  const server = createServer(CONNECTION_TIMEOUTS, (request, response) => {
    if (request.url === '/hold') response.writeHead(200).write('held\n');
    else response.end('ok');
  });
  const guard = guardConnections(server, { ...options, docsUrl });
  server.on('upgrade', (_request, socket: Socket) => {
    sockets.push(socket);
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: test\r\nConnection: Upgrade\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  servers.push(server);
  return { server, guard, port: (server.address() as AddressInfo).port };
}

interface Opened {
  socket: Socket;
  /** Everything the server sent until it closed the connection. */
  closed: Promise<string>;
}

/** A raw connection from `from` (a loopback address) that sends `text` and waits. */
function open(port: number, from: string, text: string): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from });
    sockets.push(socket);
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const closed = new Promise<string>((done) => socket.once('close', () => done(received)));
    socket.once('error', () => {});
    socket.once('connect', () => {
      socket.write(text);
      resolve({ socket, closed });
    });
    socket.once('error', reject);
  });
}

const partialHeaders = 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ';

async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function healthz(port: number, from: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/healthz', localAddress: from, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    }).on('error', reject);
  });
}

const heldBy = (guard: ConnectionGuard, address: string) => guard.heldBy(address);

describe('connection guard', () => {
  it('holds one address to its cap, refuses its further connections with 429, and still answers another address', async () => {
    const cap = 40;
    const { port, guard } = await guardedServer({ perAddress: cap, total: 0 });
    const held = await Promise.all(Array.from({ length: cap }, () => open(port, '127.0.0.1', partialHeaders)));
    await until(() => heldBy(guard, '127.0.0.1') === cap, 'the cap to fill');
    const extra = await Promise.all(Array.from({ length: 10 }, () => open(port, '127.0.0.1', partialHeaders)));
    for (const { closed } of extra) {
      const answer = await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/);
      expect(answer).toContain('\r\nRetry-After: 1\r\n');
      expect(answer).toContain('\r\nRateLimit-Remaining: 0\r\n');
      expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    }
    expect(heldBy(guard, '127.0.0.1')).toBe(cap);
    // The health checker comes from elsewhere and is served while the cap is held.
    for (let i = 0; i < 5; i++) expect(await healthz(port, '127.0.0.2')).toEqual({ status: 200, body: 'ok' });
    expect(held.every(({ socket }) => !socket.destroyed)).toBe(true);
    // A connection given back makes room for the next one from the same address.
    held[0]!.socket.destroy();
    await until(() => heldBy(guard, '127.0.0.1') === cap - 1, 'a connection to close');
    expect(await healthz(port, '127.0.0.1')).toEqual({ status: 200, body: 'ok' });
  });

  it('at the process cap, lets a new connection in by closing the one that has waited longest without a request', async () => {
    const { port, guard } = await guardedServer({ perAddress: 0, total: 10 });
    const silent: Opened[] = [];
    for (let i = 0; i < 10; i++) {
      silent.push(await open(port, '127.0.0.1', partialHeaders));
      await until(() => guard.open === i + 1, 'the connection to count');
    }
    expect(await healthz(port, '127.0.0.2')).toEqual({ status: 200, body: 'ok' });
    expect(await silent[0]!.closed).toBe('');
    expect(silent.slice(1).every(({ socket }) => !socket.destroyed)).toBe(true);
  });

  it('refuses with 503 only when every connection at the process cap is being served', async () => {
    const { port, guard } = await guardedServer({ perAddress: 0, total: 4 });
    const busy = await Promise.all([
      ...Array.from({ length: 3 }, () => open(port, '127.0.0.1', 'GET /hold HTTP/1.1\r\nHost: localhost\r\n\r\n')),
      open(port, '127.0.0.1', 'GET /ws HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: test\r\n\r\n'),
    ]);
    await until(() => guard.open === 4, 'the connections to count');
    // Each has been answered (held open, or upgraded), so none of them is a slow sender to close.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await open(port, '127.0.0.2', partialHeaders);
    const answer = await refused.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(answer).toContain('\r\nRetry-After: 1\r\n');
    expect(busy.slice(0, 3).every(({ socket }) => !socket.destroyed)).toBe(true);
  });

  it('counts an IPv6 client by its /64', async () => {
    const { server, guard } = await guardedServer({ perAddress: 2, total: 0 });
    // Sockets as the server sees them: two addresses of one /64 fill its cap, a third is refused.
    const fake = (remoteAddress: string) => {
      const written: string[] = [];
      const socket = Object.assign(new EventEmitter(), {
        remoteAddress,
        end: (text: string) => written.push(text),
        destroySoon: () => {},
        destroy: () => {},
      });
      return { socket, written };
    };
    const [a, b, c, other] = ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::9', '2001:db8:1:3::1'].map(fake);
    for (const { socket } of [a, b, c, other]) server.emit('connection', socket);
    expect(a!.written).toEqual([]);
    expect(b!.written).toEqual([]);
    expect(c!.written[0]).toMatch(/^HTTP\/1\.1 429 /);
    expect(other!.written).toEqual([]);
    expect(guard.heldBy('2001:db8:1:2::77')).toBe(2);
  });

  it('cuts a client that sends its headers too slowly within seconds, not Node’s minute', async () => {
    const { port } = await guardedServer({ perAddress: 0, total: 0 });
    const started = Date.now();
    const slow = await open(port, '127.0.0.1', partialHeaders);
    const answer = await slow.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(Date.now() - started).toBeLessThan(CONNECTION_TIMEOUTS.headersTimeout + 3 * CONNECTION_TIMEOUTS.connectionsCheckingInterval + 1_000);
  }, 30_000);

  it('leaves the process a reserve of its open-file limit', () => {
    const limits = (soft: string) =>
      `Limit                     Soft Limit           Hard Limit           Units     \nMax open files            ${soft}                65536                files     \n`;
    expect(processConnectionCap(limits('20000'))).toBe(19_000);
    expect(processConnectionCap(limits('1024'))).toBe(768);
    expect(processConnectionCap(limits('300'))).toBe(150);
    expect(processConnectionCap(limits('unlimited'))).toBe(0);
    expect(processConnectionCap('')).toBe(0);
  });
});
