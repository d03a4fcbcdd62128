import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

/** A throwaway HTTP server on a free port that answers with `handler` and records every request. */
export async function localServer(handler: (request: RecordedRequest, response: ServerResponse, index: number) => void) {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded = { method: request.method!, url: request.url!, headers: request.headers, body: Buffer.concat(chunks).toString(), at: Date.now() };
      requests.push(recorded);
      handler(recorded, response, requests.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export function problem(response: ServerResponse, status: number, code: string, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) {
  response.writeHead(status, { 'content-type': 'application/problem+json', ...headers });
  response.end(JSON.stringify({ type: 'about:blank', title: code, status, detail: code, code, error: `${code} happened`, ...extra }));
}
