import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import { createServer as createTcpServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Browser } from '@playwright/test';
import {
  clientCredentials,
  createCounterpartClient,
  MemoryTokenStore,
  pollDeviceAuthorization,
  refreshingTokens,
  startDeviceAuthorization,
} from '../../sdk/src/index';
import { approveOnActivate, manage } from '../support';

/** An app partner connected to `locationIds`, talking through the SDK with client-credentials tokens. */
export async function sdkApp(request: APIRequestContext, baseUrl: string, type: 'ORDERING_APP' | 'BOOKING_APP' | 'LOYALTY', locationIds: readonly string[]) {
  const partner = await manage<{ id: string }>(request, '/partners', { name: `SDK ${type} ${Date.now()}`, type });
  const client = await manage<{ client_id: string; client_secret: string }>(request, `/partners/${partner.id}/clients`);
  for (const locationId of locationIds) await manage(request, `/partners/${partner.id}/connections`, { locationId });
  const tokens = clientCredentials({ baseUrl, clientId: client.client_id, clientSecret: client.client_secret });
  return {
    partnerId: partner.id,
    clientId: client.client_id,
    clientSecret: client.client_secret,
    tokens,
    api: createCounterpartClient({ baseUrl, auth: tokens }),
  };
}

/** A POS partner signed in through the SDK's device flow, approved on /activate while the SDK polls. */
export async function sdkPos(browser: Browser, request: APIRequestContext, baseUrl: string, locationIds: readonly string[], apiBaseUrl = baseUrl) {
  const partner = await manage<{ id: string }>(request, '/partners', { name: `SDK POS ${Date.now()}`, type: 'POS' });
  const { client_id: clientId } = await manage<{ client_id: string }>(request, `/partners/${partner.id}/clients`);
  const device = await startDeviceAuthorization({ baseUrl, clientId, audience: `${baseUrl}/connect` });
  const polls: string[] = [];
  const polling = pollDeviceAuthorization({ baseUrl, clientId, device, onPoll: (error) => polls.push(error) });
  await approveOnActivate(browser, device.verificationUriComplete, locationIds);
  const store = new MemoryTokenStore(await polling);
  const tokens = refreshingTokens({ baseUrl, clientId, store });
  return { partnerId: partner.id, clientId, device, polls, store, tokens, api: createCounterpartClient({ baseUrl: apiBaseUrl, auth: tokens }) };
}

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real webhook receiver on a local port that records every delivery and answers 204. */
export async function webhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const server = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * A TCP relay in front of the server that can drop every open connection and refuse new ones for a while: the link
 * failing between a POS and Counterpart, as a network or load balancer does.
 */
export async function tcpRelay(targetPort: number) {
  const open = new Set<Socket>();
  let refusing = false;
  const server = createTcpServer((inbound) => {
    if (refusing) return inbound.destroy();
    const outbound = connect(targetPort, '127.0.0.1');
    open.add(inbound).add(outbound);
    inbound.pipe(outbound).pipe(inbound);
    const drop = () => {
      inbound.destroy();
      outbound.destroy();
      open.delete(inbound);
      open.delete(outbound);
    };
    inbound.on('error', drop).on('close', drop);
    outbound.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    /** Drops every connection and refuses new ones until `restore`. */
    cut() {
      refusing = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    restore() {
      refusing = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function eventually<T>(read: () => T | Promise<T>, accept: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
