import { workAsOrderingApp } from '@/lib/simulators/ordering-app';
import { appClient, logger, printSummary, stopSignal, type CommonOptions } from './shared';

export interface OrderingAppOptions extends CommonOptions {
  rate: number;
  collectDelay: number;
  webhookPort?: number;
  webhookSecret?: string[];
  drainTimeout: number;
}

/** An ordering app (lib/simulators/ordering-app.ts) on the command line: Ctrl-C stops placing, a second one quits. */
export async function runOrderingApp(options: OrderingAppOptions) {
  const log = logger('ordering-app');
  const api = appClient(options);
  const signal = stopSignal(options.duration);
  log(`on ${options.url} (Ctrl-C to stop, again to quit)`);
  const summary = await workAsOrderingApp({ ...options, api, locations: options.location, signal, log, progressEveryMs: 5000 });
  printSummary('ordering-app', summary);
}
