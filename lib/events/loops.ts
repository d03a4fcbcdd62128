import type { DatabaseHandle } from '@/db/client';
import type { Loop } from '@/lib/background/runner';
import { sweepExpiredEvents } from './catch-up';
import { createWebhookDispatcher } from './webhook-dispatcher';

// A batch of events also deletes their recipients, deliveries and attempts (cascades): a few thousand rows, some tens
// of milliseconds, repeated after a pause while a backlog remains (bench/data.ts measures the order cycle meanwhile).
const SWEEP_BATCH = 1000;
const SWEEP_PAUSE_MS = 250;

/** The events engine's background work: webhook delivery and the 30-day retention sweep (CONTRACT §7). */
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
