import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { CounterpartProblem, EventConsumer, verifyWebhook, type CounterpartClient, type CounterpartEvent } from '../../sdk/src/index';

// What the partner simulators share (the `npm run simulate` commands and the sandboxes' simulated counterparts run
// them alike): they talk to Counterpart only through @counterpart/client, as a partner's own code would.

/** Where a simulator writes one readable line per step. */
export type SimulatorLog = (message: string) => void;

export const wait = (ms: number, signal?: AbortSignal) => sleep(ms, undefined, { signal }).catch(() => undefined);

/**
 * Follows the caller's events on GET /connect/events (the catch-up feed) from now on, handing each to an ordered,
 * de-duplicating consumer. Apps without a public webhook URL see their orders' journey this way.
 */
export async function followEvents(
  api: CounterpartClient,
  handle: (event: CounterpartEvent) => Promise<void> | void,
  signal: AbortSignal,
  intervalMs = 1000,
  log: SimulatorLog = (message) => console.error(message),
) {
  const consumer = new EventConsumer({ handle });
  let after: string | undefined;
  try {
    after = await feedHead(api);
  } catch (error) {
    log(`events feed: ${describeError(error)}`);
  }
  while (!signal.aborted) {
    try {
      const { data } = await api.GET('/events', { params: { query: { ...(after ? { after } : {}), limit: 50 } } });
      for (const event of data?.results ?? []) await consumer.consume(event);
      after = data?.lastEventId ?? after;
      if (data?.hasMore) continue;
    } catch (error) {
      log(`events feed: ${describeError(error)}`);
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

/** A Standard Webhooks receiver on `port`, verified with the SDK (every current secret accepted while rotating). */
export function receiveWebhooks(port: number, secrets: string[], onEvent: (event: CounterpartEvent) => Promise<void> | void, log: SimulatorLog) {
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
