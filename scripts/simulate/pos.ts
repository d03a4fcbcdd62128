import { randomInt } from 'node:crypto';
import { createInterface } from 'node:readline';
import {
  clearBusy,
  createCounterpartClient,
  getAvailability,
  pauseOrdering,
  resumeOrdering,
  setBusy,
  FileTokenStore,
  pollDeviceAuthorization,
  PosNotifications,
  refreshingTokens,
  startDeviceAuthorization,
  type CounterpartClient,
  type CounterpartEvent,
} from '../../sdk/src/index';
import { describeError, logger, printSummary, stopSignal, wait, type CommonOptions } from './shared';

export interface PosOptions extends CommonOptions {
  tokenFile: string;
  acceptDelay: number;
  prepareDelay: number;
  readyDelay: number;
  rejectShare: number;
  saleEvery: number;
  /** `at-once`: seat and finalise each booking right after accepting it; `never`: accept only, the host seats it. */
  seatBookings: 'at-once' | 'never';
  /** At start, pause ordering at every location for this many minutes, or until resumed. */
  pause?: number | 'until-resumed';
  reason?: string;
  /** At start, set busy mode (orders ready this many minutes later) at every location. */
  busy?: number;
}

type Log = (message: string) => void;

/**
 * A POS: signs in with the device flow (printing the code and the URL to approve), holds the notification WebSocket of
 * each location, accepts, prepares and readies orders after the configured delays (or rejects a share of them), accepts
 * bookings (and with `--seat-bookings at-once` seats and finalises them at once), and opens and closes sales on tables.
 */
export async function runPos(options: PosOptions) {
  const log = logger('pos');
  const clientId = options.clientId ?? process.env.COUNTERPART_CLIENT_ID;
  if (!clientId) throw new Error('The POS needs --client-id (or COUNTERPART_CLIENT_ID): the demo prints the POS client id at first start.');
  const signal = stopSignal(options.duration);
  const store = new FileTokenStore(options.tokenFile);
  if (!(await store.load())) {
    const device = await startDeviceAuthorization({ baseUrl: options.url, clientId });
    log(`to connect this POS, open ${device.verificationUriComplete}`);
    log(`  or go to ${device.verificationUri} and enter the code ${device.userCode}`);
    await store.save(await pollDeviceAuthorization({ baseUrl: options.url, clientId, device, signal }));
    log('device approved; tokens saved to ' + options.tokenFile);
  }
  const api = createCounterpartClient({ baseUrl: options.url, auth: refreshingTokens({ baseUrl: options.url, clientId, store }) });
  const counts = { accepted: 0, rejected: 0, ready: 0, bookingsFinalised: 0, salesOpened: 0, salesClosed: 0, events: 0, errors: 0 };
  const work = new Set<Promise<void>>();
  const track = (task: Promise<void>) => {
    work.add(task);
    void task.finally(() => work.delete(task));
  };

  const onEvent = (event: CounterpartEvent) => {
    counts.events += 1;
    if (event.type === 'ORDER_CREATED') track(handleOrder(api, event.data.id, options, counts, log));
    if (event.type === 'BOOKING_CREATED') track(handleBooking(api, event.data.id, options, counts, log));
    if (event.type === 'LOCATION_AVAILABILITY_UPDATED') track(logAvailability(api, event.data.id, log));
  };
  const sockets = options.location.map((locationId) =>
    new PosNotifications({
      client: api,
      locationId,
      posVersion: 'counterpart-simulator',
      supportedApis: [
        { name: 'ordering', version: '1.0' },
        { name: 'booking', version: '1.0' },
      ],
      onEvent,
      onState: (state) =>
        log(
          `${locationId} socket ${state.state}${'code' in state ? ` (${state.code}${state.reason ? ` ${state.reason}` : ''})` : ''}${'caughtUp' in state && state.caughtUp ? `, caught up ${state.caughtUp} events` : ''}`,
        ),
      onError: (error) => log(`${locationId} socket error: ${describeError(error)}`),
    }).start(),
  );
  for (const locationId of options.location) {
    if (options.pause !== undefined) await availabilityCommand(api, locationId, { pause: options.pause, reason: options.reason }, counts, log);
    if (options.busy !== undefined) await availabilityCommand(api, locationId, { busy: options.busy }, counts, log);
  }
  const commands = readCommands(api, options.location, counts, log);
  const sales = options.saleEvery > 0 ? runSales(api, options, counts, log, signal) : Promise.resolve();
  const progress = setInterval(
    () =>
      log(
        `progress: ${counts.accepted} accepted, ${counts.ready} ready, ${counts.rejected} rejected, ${counts.bookingsFinalised} bookings finalised, ${counts.salesOpened} sales opened`,
      ),
    5000,
  );

  await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  log('stopping: finishing orders in hand (Ctrl-C again to quit)');
  clearInterval(progress);
  commands.close();
  await Promise.allSettled([...work]);
  await sales;
  await Promise.all(sockets.map((socket) => socket.stop()));
  printSummary('pos', counts);
}

async function patchOrder(api: CounterpartClient, orderId: string, body: { status: 'ACCEPTED' | 'BEING_PREPARED' | 'READY' | 'REJECTED'; reason?: string }) {
  await api.PATCH('/orders/{orderId}', { params: { path: { orderId } }, body });
}

async function handleOrder(api: CounterpartClient, orderId: string, options: PosOptions, counts: Record<string, number>, log: Log) {
  try {
    const { data: order } = await api.GET('/orders/{orderId}', { params: { path: { orderId } } });
    const label = order?.origin.orderReference ?? orderId;
    await wait(options.acceptDelay * 1000);
    if (Math.random() < options.rejectShare) {
      await patchOrder(api, orderId, { status: 'REJECTED', reason: 'Kitchen closing' });
      counts.rejected! += 1;
      return log(`${label} rejected`);
    }
    await patchOrder(api, orderId, { status: 'ACCEPTED' });
    counts.accepted! += 1;
    log(`${label} accepted (${order?.items.length ?? '?'} items)`);
    await wait(options.prepareDelay * 1000);
    await patchOrder(api, orderId, { status: 'BEING_PREPARED' });
    await wait(options.readyDelay * 1000);
    await patchOrder(api, orderId, { status: 'READY' });
    counts.ready! += 1;
    log(`${label} ready`);
  } catch (error) {
    counts.errors! += 1;
    log(`order ${orderId}: ${describeError(error)}`);
  }
}

async function handleBooking(api: CounterpartClient, bookingId: string, options: PosOptions, counts: Record<string, number>, log: Log) {
  try {
    await wait(options.acceptDelay * 1000);
    await api.PATCH('/bookings/{bookingId}', { params: { path: { bookingId } }, body: { bookingStatus: 'ACCEPTED' } });
    log(`booking ${bookingId} accepted`);
    if (options.seatBookings === 'never') return;
    for (const tableStatus of ['SEATED', 'DINING', 'CLOSING', 'FINALISED'] as const) {
      await wait(options.prepareDelay * 1000);
      await api.PATCH('/bookings/{bookingId}', { params: { path: { bookingId } }, body: { asset: { tableStatus } } });
      log(`booking ${bookingId} ${tableStatus.toLowerCase()}`);
    }
    counts.bookingsFinalised! += 1;
  } catch (error) {
    counts.errors! += 1;
    log(`booking ${bookingId}: ${describeError(error)}`);
  }
}

/** Every `saleEvery` seconds: a party sits at a free table (an OPEN sale), and pays a little later (CLOSED). */
async function runSales(api: CounterpartClient, options: PosOptions, counts: Record<string, number>, log: Log, signal: AbortSignal) {
  while (!signal.aborted) {
    await wait(options.saleEvery * 1000, signal);
    if (signal.aborted) break;
    const locationId = options.location[randomInt(options.location.length)]!;
    try {
      const { data: tables } = await api.GET('/tables', { params: { query: { locationId, openSales: 'false' } } });
      const table = tables?.results[randomInt(Math.max(1, tables.results.length))];
      if (!table) continue;
      const now = () => new Date().toISOString();
      const amount = 1000 + randomInt(9000);
      const money = (value: number) => ({ amount: value, currency: 'AUD' as const });
      const tax = Math.round(amount / 11);
      const { data: sale } = await api.POST('/sales', {
        body: {
          locationId,
          origin: { saleId: `sim-${Date.now()}` },
          status: 'OPEN',
          openedZonedDateTime: now(),
          table: { number: table.number },
          items: [
            { id: 'i1', name: 'Dinner', sku: 'DINNER', quantity: 1, unitPrice: money(amount), unitPriceTax: money(tax), tax: money(tax), total: money(amount) },
          ],
        },
      });
      counts.salesOpened! += 1;
      log(`table ${table.number} at ${locationId}: sale opened`);
      await wait(options.readyDelay * 2000);
      await api.PATCH('/sales/{saleId}', {
        params: { path: { saleId: sale!.id } },
        body: { version: sale!.version, status: 'CLOSED', closedZonedDateTime: now(), tax: money(tax), total: money(amount) },
      });
      counts.salesClosed! += 1;
      log(`table ${table.number} at ${locationId}: sale closed, ${(amount / 100).toFixed(2)} AUD`);
    } catch (error) {
      counts.errors! += 1;
      log(`sale at ${locationId}: ${describeError(error)}`);
    }
  }
}

type AvailabilityCommand = { pause: number | 'until-resumed'; reason?: string } | { resume: true } | { busy: number } | { clearBusy: true };

/** Pauses, resumes, sets or clears busy mode at a location through PATCH …/availability, and logs the state it leads to. */
async function availabilityCommand(api: CounterpartClient, locationId: string, command: AvailabilityCommand, counts: Record<string, number>, log: Log) {
  try {
    if ('pause' in command) {
      const until = command.pause === 'until-resumed' ? undefined : new Date(Date.now() + command.pause * 60_000).toISOString();
      await pauseOrdering(api, locationId, { until, reason: command.reason });
    } else if ('resume' in command) await resumeOrdering(api, locationId);
    else if ('busy' in command) await setBusy(api, locationId, command.busy);
    else await clearBusy(api, locationId);
    await logAvailability(api, locationId, log);
  } catch (error) {
    counts.errors! += 1;
    log(`${locationId} availability: ${describeError(error)}`);
  }
}

/** One line of a location's availability: its state, why, until when, and busy mode. */
async function logAvailability(api: CounterpartClient, locationId: string, log: Log) {
  try {
    const now = await getAvailability(api, locationId);
    const clock = (iso: string) =>
      new Intl.DateTimeFormat('en-AU', { timeZone: now.timezone, hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso));
    const why = now.note ?? now.reason;
    const busy = now.busy ? `, busy +${now.busy.minutes} min${now.busy.until ? ` until ${clock(now.busy.until)}` : ''}` : '';
    log(`${locationId} ${now.state}${now.until ? ` until ${clock(now.until)}` : ''}${why ? ` (${why})` : ''}${busy}`);
  } catch (error) {
    log(`${locationId} availability: ${describeError(error)}`);
  }
}

export const POS_COMMANDS = [
  'pause <minutes|until-resumed> [reason]   pause ordering at every location',
  'resume                                   take orders again',
  'busy <minutes>                           busy mode: orders ready 5–120 minutes later',
  'clear-busy                               end busy mode',
  'status                                   print each location’s availability',
];

/** Commands typed at the running POS (or piped to it), applied to every location it works at. */
function readCommands(api: CounterpartClient, locations: string[], counts: Record<string, number>, log: Log) {
  const prompt = createInterface({ input: process.stdin, terminal: false });
  if (process.stdin.isTTY) log(`commands: ${POS_COMMANDS.map((line) => line.split(/\s{2,}/)[0]).join(' · ')}`);
  prompt.on('line', (line) => {
    const [word, argument, ...rest] = line.trim().split(/\s+/);
    let command: AvailabilityCommand | 'status' | undefined;
    const minutes = Number(argument);
    if (word === 'pause' && (argument === 'until-resumed' || (Number.isFinite(minutes) && minutes > 0)))
      command = { pause: argument === 'until-resumed' ? 'until-resumed' : minutes, reason: rest.join(' ') || undefined };
    else if (word === 'resume') command = { resume: true };
    else if (word === 'busy' && Number.isFinite(minutes)) command = { busy: minutes };
    else if (word === 'clear-busy') command = { clearBusy: true };
    else if (word === 'status') command = 'status';
    if (!command) return void (word && log(`unknown command; try: ${POS_COMMANDS.map((entry) => entry.split(/\s{2,}/)[0]).join(' · ')}`));
    for (const locationId of locations)
      void (command === 'status' ? logAvailability(api, locationId, log) : availabilityCommand(api, locationId, command, counts, log));
  });
  return prompt;
}
