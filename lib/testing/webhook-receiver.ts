import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedRequest {
  webhookId: string;
  body: string;
  event: { id: string; type: string; data: { id: string; resource: string; version: number } };
  headers: Record<string, string>;
  /** Secrets (by index in `secrets`) whose signature verified with the standardwebhooks package. */
  verifiedWith: number[];
  receivedAt: number;
  answered: number | 'hang' | 'garbage';
}

export type Behaviour = (request: ReceivedRequest, index: number) => number | 'hang' | 'garbage' | Promise<number | 'hang' | 'garbage'>;

/**
 * A real HTTP receiver for webhook tests: it verifies every delivery with the `standardwebhooks` package and answers
 * as `behaviour` says (a status, never answering, or bytes that are not HTTP).
 */
export async function startWebhookReceiver(secrets: () => string[], behaviour: Behaviour = () => 200) {
  const requests: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  let inFlight = 0;
  let maxInFlightPerId = 0;
  const inFlightById = new Map<string, number>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, String(value)]));
      const verifiedWith = secrets().flatMap((secret, index) => {
        try {
          new Webhook(secret).verify(body, headers);
          return [index];
        } catch {
          return [];
        }
      });
      const received: ReceivedRequest = {
        webhookId: headers['webhook-id'] ?? '',
        body,
        event: JSON.parse(body),
        headers,
        verifiedWith,
        receivedAt: performance.now(),
        answered: 0,
      };
      const index = requests.push(received) - 1;
      inFlight++;
      const current = (inFlightById.get(received.webhookId) ?? 0) + 1;
      inFlightById.set(received.webhookId, current);
      maxInFlightPerId = Math.max(maxInFlightPerId, current);
      const answer = await behaviour(received, index);
      received.answered = answer;
      const done = () => {
        inFlight--;
        inFlightById.set(received.webhookId, (inFlightById.get(received.webhookId) ?? 1) - 1);
      };
      if (answer === 'hang') {
        request.socket.once('close', done);
        return;
      }
      if (answer === 'garbage') {
        request.socket.end('this is not HTTP at all\r\n\r\n');
        done();
        return;
      }
      response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'receiver says no');
      done();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    requests,
    get inFlight() {
      return inFlight;
    },
    get maxInFlightPerId() {
      return maxInFlightPerId;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
