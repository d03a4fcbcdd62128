import type { DatabaseHandle } from '@/db/client';
import type { Loop } from '@/lib/background/runner';
import { sweepExpiredEvents } from './catch-up';
import { createWebhookDispatcher } from './webhook-dispatcher';

// A batch of events also deletes their recipients, deliveries and attempts (cascades). Small batches with a pause
// between them keep the sweep to a fraction of the database's time while a backlog remains, still thousands of events
// a second (bench/data.ts measures the order cycle meanwhile; 1000 back to back made its p99 several times worse).
const SWEEP_BATCH = 500;
const SWEEP_PAUSE_MS = 250;

/** The events engine's background work: webhook delivery and the 30-day retention sweep (docs/contract.md#webhooks). */
export function eventLoops(handle: DatabaseHandle): Loop[] {
  return [
    createWebhookDispatcher(handle).loop,
    {
      name: 'event-retention',
      idleMs: 60 * 60 * 1000,
      busyMs: SWEEP_PAUSE_MS,
      run: async () => (await sweepExpiredEvents(handle.db, SWEEP_BATCH)) === SWEEP_BATCH,
    },
  ];
}
