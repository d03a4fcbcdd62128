import { sampleOrderRequest } from '@/lib/orders/sample-order';
import type { CounterpartClient, CounterpartEvent } from '../../sdk/src/index';
import { appClient, describeError, followEvents, logger, printSummary, receiveWebhooks, stopSignal, wait, type CommonOptions } from './shared';

export interface OrderingAppOptions extends CommonOptions {
  rate: number;
  collectDelay: number;
  webhookPort?: number;
  webhookSecret?: string[];
  drainTimeout: number;
}

const FINAL = new Set(['REJECTED', 'CANCELLED_BY_MERCHANT', 'CANCELLED_BY_CUSTOMER', 'FULFILLED']);

/**
 * An ordering app: places sample orders at `rate` per minute, prints each order's journey from its events (webhooks
 * when --webhook-port is given, else the catch-up feed), and collects (FULFILLED) every order that becomes READY.
 */
export async function runOrderingApp(options: OrderingAppOptions) {
  const log = logger('ordering-app');
  const api = appClient(options);
  const signal = stopSignal(options.duration);
  const orders = new Map<string, { reference: string; status: string }>();
  const counts = { placed: 0, failed: 0 };

  // An event can overtake the POST's own answer (a quick POS): it waits here until the order is known.
  const early = new Map<string, CounterpartEvent>();
  const onEvent = async (event: CounterpartEvent) => {
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
  const following = options.webhookPort ? Promise.resolve() : followEvents(api, onEvent, feedStop.signal);
  log(`placing ${options.rate} orders a minute at ${options.location.join(', ')} on ${options.url} (Ctrl-C to stop)`);

  const progress = setInterval(() => log(progressLine(orders, counts)), 5000);
  while (!signal.aborted) {
    const locationId = options.location[counts.placed % options.location.length]!;
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
      counts.failed += 1;
      log(`placing an order failed: ${describeError(error)}`);
    }
    await wait(60_000 / options.rate, signal);
  }

  log(
    `stopped placing; waiting up to ${options.drainTimeout} s for ${[...orders.values()].filter((order) => !FINAL.has(order.status)).length} open orders (Ctrl-C again to quit)`,
  );
  const drainUntil = Date.now() + options.drainTimeout * 1000;
  while (Date.now() < drainUntil && [...orders.values()].some((order) => !FINAL.has(order.status))) await wait(500);
  clearInterval(progress);
  feedStop.abort();
  await following;
  await stopReceiving?.();
  const byStatus: Record<string, number> = {};
  for (const order of orders.values()) byStatus[order.status] = (byStatus[order.status] ?? 0) + 1;
  printSummary('ordering-app', { ...counts, byStatus, orders: Object.fromEntries([...orders].map(([id, order]) => [id, order.status])) });
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
