import { workAsBookingApp } from '@/lib/simulators/booking-app';
import { appClient, logger, printSummary, stopSignal, type CommonOptions } from './shared';

export interface BookingAppOptions extends CommonOptions {
  rate: number;
}

/** A booking app (lib/simulators/booking-app.ts) on the command line, until Ctrl-C or --duration. */
export async function runBookingApp(options: BookingAppOptions) {
  const log = logger('booking-app');
  const api = appClient(options);
  const signal = stopSignal(options.duration);
  log(`on ${options.url} (Ctrl-C to stop)`);
  printSummary('booking-app', await workAsBookingApp({ ...options, api, locations: options.location, signal, log }));
}
