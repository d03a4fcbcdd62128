import type { DatabaseHandle } from '@/db/client';
import { merchantAlertsLoop } from '@/lib/alerts/merchant-alerts';
import { availabilityLoop } from '@/lib/availability/scheduler';
import { authHousekeepingLoop } from '@/lib/auth/auth-housekeeping';
import { eventLoops } from '@/lib/events/loops';
import { mailLoops } from '@/lib/mail/loops';
import { opsLoops } from '@/lib/ops/endpoint-health';
import { autoRejectLoop } from '@/lib/orders/auto-reject';
import type { Loop } from '@/lib/background/runner';

/** Every background loop of the process; each domain adds its own here. */
export function backgroundLoops(handle: DatabaseHandle): Loop[] {
  return [
    ...eventLoops(handle),
    autoRejectLoop(handle),
    availabilityLoop(handle),
    merchantAlertsLoop(handle),
    authHousekeepingLoop(handle),
    ...mailLoops(handle),
    ...opsLoops(handle),
  ];
}
