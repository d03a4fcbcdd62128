import type { DatabaseHandle } from '@/db/client';
import { merchantAlertsLoop } from '@/lib/alerts/merchant-alerts';
import { availabilityLoop } from '@/lib/availability/scheduler';
import { authHousekeepingLoop } from '@/lib/auth/auth-housekeeping';
import { eventLoops } from '@/lib/events/loops';
import { mailLoops } from '@/lib/mail/loops';
import { opsLoops } from '@/lib/ops/endpoint-health';
import { autoRejectLoop } from '@/lib/orders/auto-reject';
import { createSandboxRunner } from '@/lib/sandbox/runner';
import type { Loop } from '@/lib/background/runner';

/**
 * Every background loop of the process; each domain adds its own here. `selfOrigin` is where the process's own API
 * answers: the sandboxes' simulators run only where it is given (the server, not a benchmark's loops).
 */
export function backgroundLoops(handle: DatabaseHandle, options: { selfOrigin?: string } = {}): Loop[] {
  return [
    ...eventLoops(handle),
    autoRejectLoop(handle),
    availabilityLoop(handle),
    merchantAlertsLoop(handle),
    authHousekeepingLoop(handle),
    ...mailLoops(handle),
    ...opsLoops(handle),
    ...(options.selfOrigin ? [createSandboxRunner(handle, { origin: options.selfOrigin }).loop] : []),
  ];
}
