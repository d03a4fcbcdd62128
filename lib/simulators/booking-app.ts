import { randomInt } from 'node:crypto';
import type { CounterpartClient, CounterpartEvent } from '../../sdk/src/index';
import { describeError, followEvents, wait, type SimulatorLog } from './shared';

export interface BookingAppWork {
  api: CounterpartClient;
  locations: string[];
  /** Bookings made a minute. */
  rate: number;
  signal: AbortSignal;
  log: SimulatorLog;
}

const NAMES = ['Charlotte Nguyen', 'Oliver Smith', 'Amelia Brown', 'Jack Wilson', 'Isla Taylor', 'Noah Martin'];

/** A booking app at work: books tables at `rate` per minute and logs each booking's journey from its events, until `signal` aborts. */
export async function workAsBookingApp(options: BookingAppWork) {
  const { api, log, signal } = options;
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
    1000,
    log,
  );
  const tableNumbers = new Map<string, string[]>();
  for (const locationId of options.locations) {
    const { data } = await api.GET('/tables', { params: { query: { locationId } } });
    tableNumbers.set(locationId, data?.results.map((table) => table.number) ?? []);
  }
  log(`booking ${options.rate} tables a minute at ${options.locations.join(', ')}`);
  while (!signal.aborted) {
    const locationId = options.locations[counts.placed % options.locations.length]!;
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
  return counts;
}

const pickTable = (numbers: string[]) => (numbers.length ? numbers[randomInt(numbers.length)]! : '1');
