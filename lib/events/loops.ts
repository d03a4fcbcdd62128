import type { DatabaseHandle } from '@/db/client';
import type { Loop } from '@/lib/background/runner';
import { sweepExpiredEvents } from './catch-up';
import { createWebhookDispatcher } from './webhook-dispatcher';

const SWEEP_BATCH = 1000;

/** The events engine's background work: webhook delivery and the 30-day retention sweep (CONTRACT §7). */
export function eventLoops(handle: DatabaseHandle): Loop[] {
  return [
    createWebhookDispatcher(handle).loop,
    {
      name: 'event-retention',
      idleMs: 60 * 60 * 1000,
      run: async () => (await sweepExpiredEvents(handle.db, SWEEP_BATCH)) === SWEEP_BATCH,
    },
  ];
}
