import { clientCredentials, createCounterpartClient, type CounterpartClient } from '../../sdk/src/index';

export { describeError, followEvents, receiveWebhooks, wait } from '@/lib/simulators/shared';

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

/** Prints the final counts as one JSON line (`summary {...}`), for people and for scripts that compare them. */
export function printSummary(name: string, summary: Record<string, unknown>) {
  console.log(`summary ${JSON.stringify({ simulator: name, ...summary })}`);
}
