import type { DatabaseHandle } from '@/db/client';
import type { Loop } from '@/lib/loop';
import { createMailSender } from './mail-sender';
import { sweepOldMail } from './outbox';

const SWEEP_BATCH = 500;

/** Mail's background work: the sender, and the retention sweep of finished mail (MAIL_RETENTION_DAYS). */
export function mailLoops(handle: DatabaseHandle): Loop[] {
  return [
    createMailSender(handle).loop,
    { name: 'mail-retention', idleMs: 60 * 60 * 1000, busyMs: 250, run: async () => (await sweepOldMail(handle.db, SWEEP_BATCH)) === SWEEP_BATCH },
  ];
}
