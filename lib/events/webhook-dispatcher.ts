import { retryDelayFrom } from '@/lib/retry-delay';
import type { DatabaseHandle } from '@/db/client';
import type { Loop } from '@/lib/background/runner';
import { config } from '@/lib/config';
import { logger } from '@/lib/log';
import { wakeSignal } from '@/lib/wake-signal';
import { metrics } from '@/lib/ops/metrics';
import { claimDueDeliveries, msUntilNextDue, recordAttempts, type AttemptRecord, type ClaimedDelivery } from './deliveries-claim';
import { eventBody } from './event-json';
import { EVENTS_CHANNEL, parseEventNotice } from './outbox';
import { postWebhook } from './webhook-sender';
import { webhookHeaders } from './webhook-signature';

export interface WebhookDispatcherOptions {
  /** Deliveries claimed (and recorded) per statement. */
  batchSize?: number;
  /** Batches the background loop keeps in flight, so one slow endpoint does not hold up everyone else. */
  maxBatchesInFlight?: number;
  /**
   * The longest an idle loop sleeps (1 s). It wakes earlier for a commit, a released successor or the next retry it
   * knows of; this bound covers retries recorded by other instances and leases that expire.
   */
  idleWaitMs?: number;
}

export interface WebhookDispatcher {
  /** Claims one batch of due deliveries, sends them and records every attempt; resolves with the number sent. */
  dispatchBatch(): Promise<number>;
  /** The background loop: batches run concurrently; a NOTIFY, or a finished batch that released a successor, wakes it. */
  loop: Loop;
  /** Waits for the loop's batches in flight. */
  drain(): Promise<void>;
}

// The lease outlives the attempt's own timeout, so a claimed delivery is never sent twice in parallel.
const LEASE_MARGIN_SECONDS = 30;

/** Seconds before retry number `retryIndex`, with up to 10 % jitter so failing receivers are not hit in lockstep. */
export function retryDelayMs(retryIndex: number, schedule: readonly number[] = config().WEBHOOK_RETRY_SCHEDULE): number | null {
  return retryDelayFrom(schedule, retryIndex);
}

// docs/contract.md#operations: webhook_deliveries_total{result}; a failed attempt with a retry left counts as `retrying`.
function countAttempts(records: AttemptRecord[]) {
  const counter = metrics().webhookDeliveries;
  for (const record of records) counter.inc({ result: record.outcome.succeeded ? 'succeeded' : record.retryInMs === null ? 'failed' : 'retrying' });
}

async function attempt(delivery: ClaimedDelivery, timeoutMs: number): Promise<AttemptRecord> {
  const body = eventBody(delivery.payload);
  const attemptedAt = new Date();
  const outcome = await postWebhook(delivery.url, webhookHeaders(delivery.eventId, body, delivery, attemptedAt), body, timeoutMs);
  // docs/contract.md#webhooks: anything but a 2xx in time is retried on WEBHOOK_RETRY_SCHEDULE, then the delivery fails for good.
  return { delivery, attemptedAt, outcome, retryInMs: outcome.succeeded ? null : retryDelayMs(delivery.attemptCount - 1) };
}

export function createWebhookDispatcher(handle: DatabaseHandle, options: WebhookDispatcherOptions = {}): WebhookDispatcher {
  const batchSize = options.batchSize ?? 200;
  const maxBatchesInFlight = options.maxBatchesInFlight ?? 8;
  const idleWaitMs = options.idleWaitMs ?? 1000;
  const log = logger().child({ loop: 'webhook-dispatcher' });
  const inFlight = new Set<Promise<unknown>>();
  const signal = wakeSignal();
  let listening: Promise<unknown> | undefined;

  const sendAndRecord = async (claimed: ClaimedDelivery[]) => {
    const timeoutMs = config().WEBHOOK_TIMEOUT_MS;
    const records = await Promise.all(claimed.map((delivery) => attempt(delivery, timeoutMs)));
    const recorded = await recordAttempts(handle.db, records);
    countAttempts(records);
    const retries = records.flatMap((record) => (record.retryInMs === null ? [] : [record.retryInMs]));
    // docs/contract.md#webhooks: a retry goes out when WEBHOOK_RETRY_SCHEDULE says, so the loop wakes at the earliest one it knows.
    if (retries.length) signal.wakeIn(Math.min(...retries));
    return recorded;
  };

  const claim = () => claimDueDeliveries(handle.db, batchSize, Math.ceil(config().WEBHOOK_TIMEOUT_MS / 1000) + LEASE_MARGIN_SECONDS);

  const dispatchBatch = async () => {
    const claimed = await claim();
    if (claimed.length) await sendAndRecord(claimed);
    return claimed.length;
  };

  // Whether deliveries may be due right now without a wake-up: at start, and after a claim that filled its batch.
  let mayBeMoreDue = true;

  const loop: Loop = {
    name: 'webhook-dispatcher',
    idleMs: 0,
    async run() {
      listening ??= handle
        .listen(EVENTS_CHANNEL, (payload) => {
          if (parseEventNotice(payload).mayHaveDeliveries) signal.wake();
        })
        .catch((error: unknown) => log.error({ err: error }, 'cannot LISTEN for events'));
      if (inFlight.size >= maxBatchesInFlight) {
        await Promise.race(inFlight);
        return true;
      }
      // Nothing was left at the last claim: sleep until a commit queues deliveries, a finished batch releases a
      // successor or the next retry comes due, and at most idleWaitMs.
      if (!mayBeMoreDue) await signal.sleep(idleWaitMs);
      signal.clear();
      const claimed = await claim();
      mayBeMoreDue = claimed.length === batchSize;
      if (!claimed.length) {
        const nextDueMs = await msUntilNextDue(handle.db);
        if (nextDueMs !== null && nextDueMs < idleWaitMs) signal.wakeIn(nextDueMs);
        return true;
      }
      const batch = sendAndRecord(claimed)
        .then(({ successorsPending }) => {
          // A finished delivery may have released the next event of the same resource.
          if (successorsPending) signal.wake();
        })
        .catch((error: unknown) => log.error({ err: error }, 'recording webhook attempts failed; the leases expire and the deliveries are retried'))
        .finally(() => inFlight.delete(batch));
      inFlight.add(batch);
      return true;
    },
  };

  return {
    dispatchBatch,
    loop,
    async drain() {
      await Promise.all(inFlight);
    },
  };
}
