import { sampleOrderRequest } from '@/lib/orders/sample-order';
import { getAvailability, locationUnavailable, type CounterpartClient, type CounterpartEvent } from '../../sdk/src/index';
import { describeError, followEvents, receiveWebhooks, wait, type SimulatorLog } from './shared';

export interface OrderingAppWork {
  api: CounterpartClient;
  locations: string[];
  /** Orders placed a minute. */
  rate: number;
  /** Seconds after READY before the customer collects (FULFILLED). */
  collectDelay: number;
  /** Receive webhooks on this port (with these secrets) instead of reading the events feed. */
  webhookPort?: number;
  webhookSecret?: string[];
  /** After stopping, wait this many seconds for open orders to finish. */
  drainTimeout: number;
  signal: AbortSignal;
  log: SimulatorLog;
  /** Logs a progress line this often (the command line does, every 5 s). */
  progressEveryMs?: number;
}

const FINAL = new Set(['REJECTED', 'CANCELLED_BY_MERCHANT', 'CANCELLED_BY_CUSTOMER', 'FULFILLED']);
/** While a location is held, its availability is read again this often, in case an event was missed. */
const RECHECK_MS = 15_000;

/** What the app knows of a location's availability: orders go out only while `state` is OPEN. */
interface Held {
  state: string;
  reason: string | null;
  note: string | null;
  until: string | null;
  nextOpenAt: string | null;
  checkedAt: number;
}

/**
 * An ordering app at work: places sample orders at `rate` per minute, logs each order's journey from its events
 * (webhooks when `webhookPort` is given, else the catch-up feed), and collects (FULFILLED) every order that becomes
 * READY, until `signal` aborts; then it waits up to `drainTimeout` for the open orders and answers its summary.
 */
export async function workAsOrderingApp(options: OrderingAppWork) {
  const { api, log, signal } = options;
  const orders = new Map<string, { reference: string; status: string }>();
  const counts = { placed: 0, failed: 0, held: 0, refused: 0 };
  const availability = createAvailability(api, log);

  // An event can overtake the POST's own answer (a quick POS): it waits here until the order is known.
  const early = new Map<string, CounterpartEvent>();
  const onEvent = async (event: CounterpartEvent) => {
    if (event.type === 'LOCATION_AVAILABILITY_UPDATED') {
      if (options.locations.includes(event.data.id)) await availability.read(event.data.id);
      return;
    }
    if (event.data.resource !== 'order') return;
    const order = orders.get(event.data.id);
    if (!order) return void early.set(event.data.id, event);
    const status = event.type.replace(/^ORDER_/, '');
    order.status = status;
    log(`${order.reference} ${event.data.id} → ${status} (v${event.data.version})`);
    if (status === 'READY')
      void collect(api, event.data.id, options.collectDelay, log).then((collected) => {
        // The app's own change raises no event for the app itself (docs/contract.md#events), so it records the final status here.
        if (collected) {
          order.status = 'FULFILLED';
          log(`${order.reference} ${event.data.id} → FULFILLED (collected)`);
        }
      });
  };

  const stopReceiving = options.webhookPort ? receiveWebhooks(options.webhookPort, options.webhookSecret ?? [], onEvent, log) : undefined;
  const feedStop = new AbortController();
  const following = options.webhookPort ? Promise.resolve() : followEvents(api, onEvent, feedStop.signal, 1000, log);
  log(`placing ${options.rate} orders a minute at ${options.locations.join(', ')}`);
  for (const locationId of options.locations) await availability.read(locationId);

  const progress = options.progressEveryMs ? setInterval(() => log(progressLine(orders, counts)), options.progressEveryMs) : undefined;
  let turn = 0;
  while (!signal.aborted) {
    const locationId = options.locations[turn++ % options.locations.length]!;
    // A closed or paused location gets no orders: its turn is held (not sent) until it opens again.
    if (!(await availability.open(locationId))) {
      counts.held += 1;
      await wait(60_000 / options.rate, signal);
      continue;
    }
    try {
      const body = sampleOrderRequest(locationId);
      const { data } = await api.POST('/orders', { body });
      orders.set(data!.id, { reference: body.origin.orderReference ?? data!.id, status: data!.status });
      counts.placed += 1;
      log(
        `${body.origin.orderReference} ${data!.id} placed at ${locationId}: ${body.items.length} items, ${(body.total.amount / 100).toFixed(2)} ${body.total.currency}`,
      );
      const overtaken = early.get(data!.id);
      early.delete(data!.id);
      if (overtaken) await onEvent(overtaken);
    } catch (error) {
      const unavailable = locationUnavailable(error);
      if (unavailable) {
        // Refused because the location stopped taking orders before the app heard of it: hold it, never retry at once.
        counts.refused += 1;
        log(`an order to ${locationId} was refused: ${describeError(error)}`);
        availability.hold(locationId, { ...unavailable, note: null });
      } else {
        counts.failed += 1;
        log(`placing an order failed: ${describeError(error)}`);
      }
    }
    await wait(60_000 / options.rate, signal);
  }

  log(`stopped placing; waiting up to ${options.drainTimeout} s for ${[...orders.values()].filter((order) => !FINAL.has(order.status)).length} open orders `);
  const drainUntil = Date.now() + options.drainTimeout * 1000;
  while (Date.now() < drainUntil && [...orders.values()].some((order) => !FINAL.has(order.status))) await wait(500);
  clearInterval(progress);
  feedStop.abort();
  await following;
  await stopReceiving?.();
  const byStatus: Record<string, number> = {};
  for (const order of orders.values()) byStatus[order.status] = (byStatus[order.status] ?? 0) + 1;
  return { ...counts, byStatus, orders: Object.fromEntries([...orders].map(([id, order]) => [id, order.status])) };
}

async function collect(api: CounterpartClient, orderId: string, delaySeconds: number, log: (message: string) => void): Promise<boolean> {
  await wait(delaySeconds * 1000);
  try {
    await api.PATCH('/orders/{orderId}', { params: { path: { orderId } }, body: { status: 'FULFILLED' } });
    return true;
  } catch (error) {
    log(`collecting ${orderId} failed: ${describeError(error)}`);
    return false;
  }
}

function progressLine(orders: Map<string, { status: string }>, counts: { placed: number; failed: number }) {
  const open = [...orders.values()].filter((order) => !FINAL.has(order.status)).length;
  return `progress: ${counts.placed} placed, ${open} in progress, ${orders.size - open} final, ${counts.failed} failed`;
}

/**
 * The app's view of each location's availability: read at start, read again on LOCATION_AVAILABILITY_UPDATED (and, while
 * a location is held, every RECHECK_MS or once its `until` has passed), logging each change of state once.
 */
function createAvailability(api: CounterpartClient, log: (message: string) => void) {
  const held = new Map<string, Held>();
  const timezones = new Map<string, string>();
  const at = (locationId: string, iso: string) => {
    const date = new Date(iso);
    const sameDay = Math.abs(date.getTime() - Date.now()) < 20 * 3600_000;
    return new Intl.DateTimeFormat('en-AU', {
      timeZone: timezones.get(locationId),
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
      ...(sameDay ? {} : { weekday: 'short', day: 'numeric', month: 'short' }),
    }).format(date);
  };
  const describe = (locationId: string, state: Omit<Held, 'checkedAt'>) => {
    const until = state.until ?? state.nextOpenAt;
    const why = state.note ?? state.reason;
    return `${locationId} ${state.state.toLowerCase()} ${until ? `until ${at(locationId, until)}` : 'until further notice'}${why ? ` (${why})` : ''}: holding orders`;
  };
  const hold = (locationId: string, state: Omit<Held, 'checkedAt'>) => {
    const before = held.get(locationId);
    held.set(locationId, { ...state, checkedAt: Date.now() });
    if (!before || before.state !== state.state || before.reason !== state.reason || before.until !== state.until || before.note !== state.note)
      log(describe(locationId, state));
  };
  const read = async (locationId: string) => {
    try {
      const now = await getAvailability(api, locationId);
      timezones.set(locationId, now.timezone);
      const busy = now.busy ? `, busy +${now.busy.minutes} min` : '';
      if (now.state === 'OPEN') {
        if (held.delete(locationId)) log(`${locationId} open again${busy}: sending orders`);
        return;
      }
      hold(locationId, { state: now.state, reason: now.reason, note: now.note, until: now.until, nextOpenAt: now.nextOpenAt });
    } catch (error) {
      // Unknown: keep what is known, and let POST /orders say (409 LOCATION_UNAVAILABLE) if it does not take orders.
      log(`reading ${locationId}'s availability failed: ${describeError(error)}`);
      const known = held.get(locationId);
      if (known) known.checkedAt = Date.now();
    }
  };
  /** Whether orders go to `locationId` now; a held location is read again when its hold may have ended. */
  const open = async (locationId: string) => {
    const known = held.get(locationId);
    if (!known) return true;
    const ends = known.until ?? known.nextOpenAt;
    if (Date.now() - known.checkedAt >= RECHECK_MS || (ends !== null && Date.parse(ends) <= Date.now())) await read(locationId);
    return !held.has(locationId);
  };
  return { read, hold, open };
}
