import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { attachPosNotifications } from './pos-notifications';

const database = useTestDatabase();
let server: Server;
let notifications: ReturnType<typeof attachPosNotifications>;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((_request, response) => response.writeHead(404).end());
  notifications = attachPosNotifications(server, database.handle(), { helloTimeoutMs: 1500, pingIntervalMs: 60_000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await notifications.close();
  await new Promise((resolve) => server.close(resolve));
});

/** The refused upgrade's status and body; `rawLocation` goes into the path exactly as given. */
function refusal(rawLocation: string, token: string) {
  const socket = new WebSocket(`${baseUrl}/connect/pos/notifications/${rawLocation}`, { headers: { authorization: `Bearer ${token}` } });
  socket.on('error', () => {});
  return new Promise<{ status: number; contentType?: string; body: Record<string, unknown> }>((resolve, reject) => {
    socket.once('open', () => reject(new Error('upgrade accepted')));
    socket.once('unexpected-response', (_request, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'], body: JSON.parse(Buffer.concat(chunks).toString()) }),
      );
    });
  });
}

describe('POS notifications WebSocket: malformed location ids', () => {
  let token: string;
  beforeAll(async () => {
    const { locationIds } = await createMerchantWithLocations(database.db(), 1);
    token = (await createConnectedPartner(database.db(), 'POS', locationIds)).token;
  });

  it.each(['%E0%A4%A', '%', '%zz', '%00', 'a%0Ab'])('refuses /connect/pos/notifications/%s with a 400 problem, not 503', async (rawLocation) => {
    const refused = await refusal(rawLocation, token);
    expect(refused.status).toBe(400);
    expect(refused.contentType).toBe('application/problem+json');
    expect(refused.body).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
  });
});
