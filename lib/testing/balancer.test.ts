import { createServer, connect, type AddressInfo, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type Balancer, roundRobinBalancer } from './balancer';

/** A TCP server that greets each connection with its name and then echoes. */
async function namedServer(name: string): Promise<Server> {
  const server = createServer((socket) => {
    socket.write(`${name}:`);
    socket.pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const portOf = (server: Server) => (server.address() as AddressInfo).port;

/** Connects through the balancer, sends `text` and reads the greeting and the echo. */
function exchange(balancer: Balancer, text: string): Promise<{ answer: string; target: number | undefined }> {
  return new Promise((resolve, reject) => {
    const socket = connect(balancer.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.endsWith(text)) {
        const target = balancer.targetOf(socket.localPort!);
        socket.end();
        resolve({ answer, target });
      }
    });
    socket.on('error', reject);
    socket.on('connect', () => socket.write(text));
  });
}

describe('roundRobinBalancer', () => {
  const servers: Server[] = [];
  let balancer: Balancer | undefined;
  afterEach(async () => {
    await balancer?.close();
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('sends each new connection to the next target and passes bytes both ways untouched', async () => {
    servers.push(await namedServer('a'), await namedServer('b'));
    balancer = await roundRobinBalancer(servers.map((server) => ({ host: '127.0.0.1', port: portOf(server) })));
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await exchange(balancer, `hello ${i}`));
    expect(answers).toEqual([
      { answer: 'a:hello 0', target: 0 },
      { answer: 'b:hello 1', target: 1 },
      { answer: 'a:hello 2', target: 0 },
      { answer: 'b:hello 3', target: 1 },
    ]);
  });

  it('skips a target marked down until it is marked up again', async () => {
    servers.push(await namedServer('a'), await namedServer('b'));
    balancer = await roundRobinBalancer(servers.map((server) => ({ host: '127.0.0.1', port: portOf(server) })));
    balancer.markDown(0);
    const whileDown = [];
    for (let i = 0; i < 3; i++) whileDown.push((await exchange(balancer, 'x')).answer);
    expect(whileDown).toEqual(['b:x', 'b:x', 'b:x']);
    balancer.markUp(0);
    const afterwards = [];
    for (let i = 0; i < 2; i++) afterwards.push((await exchange(balancer, 'y')).answer);
    expect(afterwards.sort()).toEqual(['a:y', 'b:y']);
  });

  it('fails a connection over to the next target when its target refuses it, and resets the client when all do', async () => {
    const a = await namedServer('a');
    servers.push(await namedServer('b'));
    const aPort = portOf(a);
    await new Promise((resolve) => a.close(resolve)); // as a crashed instance: nothing listens on its port
    balancer = await roundRobinBalancer([
      { host: '127.0.0.1', port: aPort },
      { host: '127.0.0.1', port: portOf(servers[0]!) },
    ]);
    for (let i = 0; i < 2; i++) expect(await exchange(balancer, 'z')).toEqual({ answer: 'b:z', target: 1 });

    balancer.markDown(1);
    await expect(exchange(balancer, 'nobody')).rejects.toMatchObject({ code: 'ECONNRESET' });
  });
});
