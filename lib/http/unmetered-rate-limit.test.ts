import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishUnmeteredRateLimit } from './unmetered-rate-limit';

// How a route may answer: Next writes headers with setHeader, with writeHead's argument, or implicitly at end().
const answers: Record<string, (response: ServerResponse) => void> = {
  '/implicit': (response) => response.end('ok'),
  '/write-head': (response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('ok');
  },
  '/metered': (response) => {
    response.setHeader('RateLimit-Limit', '600');
    response.setHeader('RateLimit-Remaining', '599');
    response.setHeader('RateLimit-Reset', '60');
    response.end('ok');
  },
  '/metered-in-write-head': (response) => {
    response.writeHead(429, { 'RateLimit-Limit': '3', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '12' });
    response.end();
  },
};

const server = createServer((request, response) => {
  publishUnmeteredRateLimit(response);
  answers[request.url ?? '']!(response);
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const limits = async (path: string) => {
  const response = await fetch(`${base}${path}`);
  return ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'].map((name) => response.headers.get(name));
};

describe('RateLimit headers on unmetered surfaces', () => {
  it('a response without its own limits publishes the unmetered policy, however its headers are written', async () => {
    expect(await limits('/implicit')).toEqual(['2147483647', '2147483647', '60']);
    expect(await limits('/write-head')).toEqual(['2147483647', '2147483647', '60']);
  });

  it("a metered route's own limits are kept as they are", async () => {
    expect(await limits('/metered')).toEqual(['600', '599', '60']);
    expect(await limits('/metered-in-write-head')).toEqual(['3', '0', '12']);
  });
});
