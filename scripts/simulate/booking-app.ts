import { randomInt } from 'node:crypto';
import type { CounterpartEvent } from '../../sdk/src/index';
import { appClient, describeError, followEvents, logger, printSummary, stopSignal, wait, type CommonOptions } from './shared';

export interface BookingAppOptions extends CommonOptions {
  rate: number;
}

const NAMES = ['Charlotte Nguyen', 'Oliver Smith', 'Amelia Brown', 'Jack Wilson', 'Isla Taylor', 'Noah Martin'];

/** A booking app: books tables at `rate` per minute and prints each booking's journey from its events. */
export async function runBookingApp(options: BookingAppOptions) {
  const log = logger('booking-app');
  const api = appClient(options);
  const signal = stopSignal(options.duration);
  const bookings = new Map<string, string>();
  const counts = { placed: 0, failed: 0, events: 0 };
  const feedStop = new AbortController();
  const following = followEvents(
    api,
    (event: CounterpartEvent) => {
      if (event.data.resource !== 'booking') return;
      counts.events += 1;
      log(`${bookings.get(event.data.id) ?? 'walk-in'} ${event.data.id} ${event.type.replace(/^BOOKING_/, '').toLowerCase()} (v${event.data.version})`);
    },
    feedStop.signal,
  );
  const tableNumbers = new Map<string, string[]>();
  for (const locationId of options.location) {
    const { data } = await api.GET('/tables', { params: { query: { locationId } } });
    tableNumbers.set(locationId, data?.results.map((table) => table.number) ?? []);
  }
  log(`booking ${options.rate} tables a minute at ${options.location.join(', ')} on ${options.url} (Ctrl-C to stop)`);
  while (!signal.aborted) {
    const locationId = options.location[counts.placed % options.location.length]!;
    const name = NAMES[randomInt(NAMES.length)]!;
    const people = 2 + randomInt(5);
    try {
      const startTime = new Date(Date.now() + (1 + randomInt(48)) * 30 * 60_000).toISOString();
      const { data } = await api.POST('/bookings', {
        body: {
          locationId,
          origin: { bookingReference: `sim-${Date.now()}` },
          asset: { type: 'TABLE', tables: [{ number: pickTable(tableNumbers.get(locationId) ?? []) }] },
          numberOfPeople: people,
          startTime,
          customer: { name },
        },
      });
      bookings.set(data!.id, `${name} (${people})`);
      counts.placed += 1;
      log(`${name} (${people}) ${data!.id} booked at ${locationId} for ${startTime.slice(0, 16).replace('T', ' ')} UTC`);
    } catch (error) {
      counts.failed += 1;
      log(`booking failed: ${describeError(error)}`);
    }
    await wait(60_000 / options.rate, signal);
  }
  feedStop.abort();
  await following;
  printSummary('booking-app', counts);
}

const pickTable = (numbers: string[]) => (numbers.length ? numbers[randomInt(numbers.length)]! : '1');
