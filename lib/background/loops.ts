import type { DatabaseHandle } from '@/db/client';
import { eventLoops } from '@/lib/events/loops';
import { autoRejectLoop } from '@/lib/orders/auto-reject';
import type { Loop } from './runner';

/** Every background loop of the process; each domain adds its own here. */
export function backgroundLoops(handle: DatabaseHandle): Loop[] {
  void handle;
  return [
    ...eventLoops(handle),
    autoRejectLoop(handle),
  ];
}
