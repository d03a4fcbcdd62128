import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { expect, test } from '@playwright/test';

// The server runs with the default MAX_CONNECTIONS_PER_ADDRESS.
const CAP = 1000;
const EXTRA = 25;

function healthCheck(port: number, path: string, from: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, path, localAddress: from, agent: false }, (incoming) => {
      incoming.resume();
      incoming.on('end', () => resolve(incoming.statusCode ?? 0));
    });
    outgoing.setTimeout(5_000, () => outgoing.destroy(new Error(`${path} did not answer within 5 s`)));
    outgoing.on('error', reject);
    outgoing.end();
  });
}

test('one address holding its connection cap is refused further connections, and health checks from elsewhere still answer', async ({ baseURL }) => {
  const port = Number(new URL(baseURL!).port);
  const sockets: Socket[] = [];
  const answers: string[] = [];
  try {
    // Slow senders: half a request each, then nothing.
    for (let i = 0; i < CAP + EXTRA; i++) {
      await new Promise<void>((resolve, reject) => {
        const socket = connect({ host: '127.0.0.1', port, localAddress: '127.0.0.1' }, () => {
          socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
          resolve();
        });
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => answers.push(chunk));
        socket.once('error', reject);
        sockets.push(socket);
      });
    }
    await expect.poll(() => answers.filter((answer) => answer.startsWith('HTTP/1.1 429 ')).length).toBeGreaterThanOrEqual(EXTRA);
    expect(answers.find((answer) => answer.startsWith('HTTP/1.1 429 '))).toMatch(/\r\nRetry-After: 1\r\n/);
    const held = sockets.filter((socket) => !socket.destroyed).length;
    expect(held).toBeLessThanOrEqual(CAP);
    expect(held).toBeGreaterThan(CAP - 50);
    for (const path of ['/healthz', '/readyz']) expect(await healthCheck(port, path, '127.0.0.2'), path).toBe(200);
  } finally {
    for (const socket of sockets) socket.destroy();
  }
});
