import { randomInt } from 'node:crypto';
import {
  createCounterpartClient,
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
