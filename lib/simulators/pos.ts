import { randomInt } from 'node:crypto';
import { PosNotifications, type CounterpartClient, type CounterpartEvent } from '../../sdk/src/index';
import { describeError, wait, type SimulatorLog } from './shared';

export interface PosTiming {
  /** Seconds before accepting (or rejecting) an order. */
  acceptDelay: number;
  prepareDelay: number;
  readyDelay: number;
  /** Share of orders rejected, 0–1. */
  rejectShare: number;
  /** Open (and later close) a table sale this often, in seconds; 0 never. */
  saleEvery: number;
  /** `at-once`: seat and finalise each booking right after accepting it; `never`: accept only, the host seats it. */
  seatBookings: 'at-once' | 'never';
}

export interface PosCounts {
  accepted: number;
  rejected: number;
  ready: number;
  bookingsFinalised: number;
  salesOpened: number;
  salesClosed: number;
  events: number;
  errors: number;
}

export interface PosWork {
  api: CounterpartClient;
  locations: string[];
  timing: PosTiming;
  signal: AbortSignal;
  log: SimulatorLog;
  /** Whether the orders already waiting (CREATED) when it starts are worked too, not only those announced after. */
  workWaitingOrders?: boolean;
  /** Logs a progress line this often (the command line does, every 5 s). */
  progressEveryMs?: number;
  /** Sees every event too (the command-line POS prints availability changes). */
  onEvent?: (event: CounterpartEvent) => void;
}

/**
 * A POS at work: holds the notification WebSocket of each location, accepts, prepares and readies orders after the
 * configured delays (or rejects a share of them), accepts bookings (and with `seatBookings: 'at-once'` seats and
 * finalises them at once), and opens and closes sales on tables, until `signal` aborts; then it finishes the orders in
 * hand and answers its counts.
 */
export async function workAsPos(work: PosWork): Promise<PosCounts> {
  const { api, timing, log, signal } = work;
  const counts: PosCounts = { accepted: 0, rejected: 0, ready: 0, bookingsFinalised: 0, salesOpened: 0, salesClosed: 0, events: 0, errors: 0 };
  const inHand = new Set<Promise<void>>();
  const handled = new Set<string>();
  const track = (task: Promise<void>) => {
    inHand.add(task);
    void task.finally(() => inHand.delete(task));
  };
  const takeOrder = (orderId: string) => {
    if (handled.has(orderId)) return;
    handled.add(orderId);
    track(handleOrder(api, orderId, timing, counts, log));
  };

  const onEvent = (event: CounterpartEvent) => {
    counts.events += 1;
    if (event.type === 'ORDER_CREATED') takeOrder(event.data.id);
    if (event.type === 'BOOKING_CREATED') track(handleBooking(api, event.data.id, timing, counts, log));
    work.onEvent?.(event);
  };
  // The waiting orders are read once every socket is open: an order created before then is in that read, and one
  // created after arrives on the socket (a first connection reads no catch-up feed).
  const opened = new Map<string, () => void>();
  const allOpen = Promise.all(work.locations.map((locationId) => new Promise<void>((resolve) => opened.set(locationId, resolve))));
  const sockets = work.locations.map((locationId) =>
    new PosNotifications({
      client: api,
      locationId,
      posVersion: 'counterpart-simulator',
      supportedApis: [
        { name: 'ordering', version: '1.0' },
        { name: 'booking', version: '1.0' },
      ],
      onEvent,
      onState: (state) => {
        if (state.state === 'open') opened.get(locationId)?.();
        log(
          `${locationId} socket ${state.state}${'code' in state ? ` (${state.code}${state.reason ? ` ${state.reason}` : ''})` : ''}${'caughtUp' in state && state.caughtUp ? `, caught up ${state.caughtUp} events` : ''}`,
        );
      },
      onError: (error) => log(`${locationId} socket error: ${describeError(error)}`),
    }).start(),
  );
  if (work.workWaitingOrders) {
    await Promise.race([allOpen, wait(15_000), new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }))]);
    for (const locationId of work.locations) {
      try {
        const { data } = await api.GET('/orders', { params: { query: { locationId, status: 'CREATED' } } });
        for (const order of data?.results ?? []) takeOrder(order.id);
      } catch (error) {
        counts.errors += 1;
        log(`${locationId} waiting orders: ${describeError(error)}`);
      }
    }
  }
  const sales = timing.saleEvery > 0 ? runSales(api, work.locations, timing, counts, log, signal) : Promise.resolve();
  const progress = work.progressEveryMs
    ? setInterval(
        () =>
          log(
            `progress: ${counts.accepted} accepted, ${counts.ready} ready, ${counts.rejected} rejected, ${counts.bookingsFinalised} bookings finalised, ${counts.salesOpened} sales opened`,
          ),
        work.progressEveryMs,
      )
    : undefined;

  await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
  clearInterval(progress);
  await Promise.allSettled([...inHand]);
  await sales;
  await Promise.all(sockets.map((socket) => socket.stop()));
  return counts;
}

async function patchOrder(api: CounterpartClient, orderId: string, body: { status: 'ACCEPTED' | 'BEING_PREPARED' | 'READY' | 'REJECTED'; reason?: string }) {
  await api.PATCH('/orders/{orderId}', { params: { path: { orderId } }, body });
}

async function handleOrder(api: CounterpartClient, orderId: string, timing: PosTiming, counts: PosCounts, log: SimulatorLog) {
  try {
    const { data: order } = await api.GET('/orders/{orderId}', { params: { path: { orderId } } });
    const label = order?.origin.orderReference ?? orderId;
    await wait(timing.acceptDelay * 1000);
    if (Math.random() < timing.rejectShare) {
      await patchOrder(api, orderId, { status: 'REJECTED', reason: 'Kitchen closing' });
      counts.rejected += 1;
      return log(`${label} rejected`);
    }
    await patchOrder(api, orderId, { status: 'ACCEPTED' });
    counts.accepted += 1;
    log(`${label} accepted (${order?.items.length ?? '?'} items)`);
    await wait(timing.prepareDelay * 1000);
    await patchOrder(api, orderId, { status: 'BEING_PREPARED' });
    await wait(timing.readyDelay * 1000);
    await patchOrder(api, orderId, { status: 'READY' });
    counts.ready += 1;
    log(`${label} ready`);
  } catch (error) {
    counts.errors += 1;
    log(`order ${orderId}: ${describeError(error)}`);
  }
}

async function handleBooking(api: CounterpartClient, bookingId: string, timing: PosTiming, counts: PosCounts, log: SimulatorLog) {
  try {
    await wait(timing.acceptDelay * 1000);
    await api.PATCH('/bookings/{bookingId}', { params: { path: { bookingId } }, body: { bookingStatus: 'ACCEPTED' } });
    log(`booking ${bookingId} accepted`);
    if (timing.seatBookings === 'never') return;
    for (const tableStatus of ['SEATED', 'DINING', 'CLOSING', 'FINALISED'] as const) {
      await wait(timing.prepareDelay * 1000);
      await api.PATCH('/bookings/{bookingId}', { params: { path: { bookingId } }, body: { asset: { tableStatus } } });
      log(`booking ${bookingId} ${tableStatus.toLowerCase()}`);
    }
    counts.bookingsFinalised += 1;
  } catch (error) {
    counts.errors += 1;
    log(`booking ${bookingId}: ${describeError(error)}`);
  }
}

/** Every `saleEvery` seconds: a party sits at a free table (an OPEN sale), and pays a little later (CLOSED). */
async function runSales(api: CounterpartClient, locations: string[], timing: PosTiming, counts: PosCounts, log: SimulatorLog, signal: AbortSignal) {
  while (!signal.aborted) {
    await wait(timing.saleEvery * 1000, signal);
    if (signal.aborted) break;
    const locationId = locations[randomInt(locations.length)]!;
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
      counts.salesOpened += 1;
      log(`table ${table.number} at ${locationId}: sale opened`);
      await wait(timing.readyDelay * 2000);
      await api.PATCH('/sales/{saleId}', {
        params: { path: { saleId: sale!.id } },
        body: { version: sale!.version, status: 'CLOSED', closedZonedDateTime: now(), tax: money(tax), total: money(amount) },
      });
      counts.salesClosed += 1;
      log(`table ${table.number} at ${locationId}: sale closed, ${(amount / 100).toFixed(2)} AUD`);
    } catch (error) {
      counts.errors += 1;
      log(`sale at ${locationId}: ${describeError(error)}`);
    }
  }
}
