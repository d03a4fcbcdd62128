import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  clientCredentials,
  createCounterpartClient,
  CounterpartProblem,
  EventConsumer,
  verifyWebhook,
  type CounterpartClient,
  type CounterpartEvent,
} from '../../sdk/src/index';

export interface CommonOptions {
  url: string;
  clientId?: string;
  clientSecret?: string;
  location: string[];
  duration?: number;
}

/** One readable line per step, prefixed with the time and the simulator's name. */
export function logger(name: string) {
  return (message: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${name.padEnd(12)} ${message}`);
}

/** An app's client from --client-id/--client-secret (or COUNTERPART_CLIENT_ID/COUNTERPART_CLIENT_SECRET). */
export function appClient(options: CommonOptions): CounterpartClient {
  const clientId = options.clientId ?? process.env.COUNTERPART_CLIENT_ID;
  const clientSecret = options.clientSecret ?? process.env.COUNTERPART_CLIENT_SECRET;
  if (!clientId || !clientSecret) {
    throw new Error(
      'An app needs --client-id and --client-secret (or COUNTERPART_CLIENT_ID and COUNTERPART_CLIENT_SECRET); the demo prints them at first start.',
    );
  }
  return createCounterpartClient({ baseUrl: options.url, auth: clientCredentials({ baseUrl: options.url, clientId, clientSecret }) });
}

/**
 * Stops on Ctrl-C (or SIGTERM, or after --duration seconds): `stopping` aborts, the simulator winds down and prints its
 * summary; a second Ctrl-C exits at once.
 */
export function stopSignal(durationSeconds?: number): AbortSignal {
  const controller = new AbortController();
  const stop = () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (durationSeconds) setTimeout(stop, durationSeconds * 1000).unref();
  return controller.signal;
}

export const wait = (ms: number, signal?: AbortSignal) => sleep(ms, undefined, { signal }).catch(() => undefined);

/**
 * Follows the caller's events on GET /connect/events (the catch-up feed) from now on, handing each to an ordered,
 * de-duplicating consumer. Apps without a public webhook URL see their orders' journey this way.
 */
export async function followEvents(api: CounterpartClient, handle: (event: CounterpartEvent) => Promise<void> | void, signal: AbortSignal, intervalMs = 1000) {
  const consumer = new EventConsumer({ handle });
  let after = await feedHead(api);
  while (!signal.aborted) {
    try {
      const { data } = await api.GET('/events', { params: { query: { ...(after ? { after } : {}), limit: 50 } } });
      for (const event of data?.results ?? []) await consumer.consume(event);
      after = data?.lastEventId ?? after;
      if (data?.hasMore) continue;
    } catch (error) {
      console.error(`events feed: ${(error as Error).message}`);
    }
    await wait(intervalMs, signal);
  }
}

/** The id of the caller's newest event, so following starts now rather than 30 days back. */
async function feedHead(api: CounterpartClient): Promise<string | undefined> {
  let after: string | undefined;
  for (;;) {
    const { data } = await api.GET('/events', { params: { query: { ...(after ? { after } : {}), limit: 50 } } });
    after = data?.lastEventId ?? after;
    if (!data?.hasMore) return after;
  }
}

export function describeError(error: unknown): string {
  if (error instanceof CounterpartProblem && error.errors.length) {
    return `${error.message} (${error.errors.map((violation) => `${violation.segment} ${violation.path}: ${violation.message}`).join('; ')})`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Prints the final counts as one JSON line (`summary {...}`), for people and for scripts that compare them. */
export function printSummary(name: string, summary: Record<string, unknown>) {
  console.log(`summary ${JSON.stringify({ simulator: name, ...summary })}`);
}

/** A Standard Webhooks receiver on `port`, verified with the SDK (every current secret accepted while rotating). */
export function receiveWebhooks(port: number, secrets: string[], onEvent: (event: CounterpartEvent) => Promise<void> | void, log: (message: string) => void) {
  const consumer = new EventConsumer({ handle: onEvent });
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const event = verifyWebhook(secrets, request.headers, Buffer.concat(chunks));
        response.writeHead(204).end();
        void consumer.consume(event);
      } catch (error) {
        log(`refused a webhook: ${describeError(error)}`);
        response.writeHead(400).end();
      }
    });
  });
  server.listen(port);
  log(`receiving webhooks on port ${port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
