import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@/db/client';
import { sandboxes } from '@/db/schema';
import type { Loop } from '@/lib/loop';
import { config } from '@/lib/config';
import { newId } from '@/lib/ids';
import { logger } from '@/lib/log';
import { startCounterpart, type RunningCounterpart } from './simulated-counterpart';

export interface SandboxRunnerOptions {
  /** Where this instance's own API answers, e.g. `http://127.0.0.1:3000`: the simulators are its clients. */
  origin: string;
  /** How often the runner looks at the sandboxes (default 2 s): how soon a new or reawakened one starts. */
  tickMs?: number;
  /** How long a lease lasts unrenewed (default 30 s): how soon another instance takes over from a crashed one. */
  leaseSeconds?: number;
}

export interface SandboxRunner {
  loop: Loop;
  /** One pass: start the sandboxes in use whose lease this instance holds or wins, stop the idle and lost ones. */
  tick(): Promise<void>;
  /** The partners whose sandbox simulator runs in this instance. */
  running(): string[];
  /** Stops every simulator and gives up the leases (shutdown). */
  stop(): Promise<void>;
}

/**
 * Runs the sandboxes' simulated counterparts on demand. A sandbox is in use while it was asked for (createSandbox,
 * resetSandbox), or its partner made a change at the sandbox location, within SANDBOX_IDLE_MINUTES; one instance at a
 * time runs its simulator, the one holding its lease, which it renews on every pass, so with several instances on one
 * PostgreSQL a simulator runs exactly once, and moves to another instance when its holder stops renewing.
 */
export function createSandboxRunner(handle: DatabaseHandle, options: SandboxRunnerOptions): SandboxRunner {
  const db = handle.db;
  const instance = newId();
  const leaseSeconds = options.leaseSeconds ?? 30;
  const log = logger().child({ loop: 'sandboxes' });
  const running = new Map<string, Promise<RunningCounterpart>>();

  const stopOne = async (partnerId: string) => {
    const counterpart = running.get(partnerId);
    running.delete(partnerId);
    if (!counterpart) return;
    // One that failed to start has nothing to stop (its failure was logged where it started).
    await counterpart.then(
      (running) => running.stop(),
      () => undefined,
    );
    log.info({ partnerId }, 'sandbox simulator stopped');
  };
  const release = (partnerId: string) =>
    db
      .update(sandboxes)
      .set({ runner: null, leaseUntil: null })
      .where(and(eq(sandboxes.partnerId, partnerId), eq(sandboxes.runner, instance)));

  const tick = async () => {
    const idleMinutes = config().SANDBOX_IDLE_MINUTES;
    // In use: asked for lately, or its partner's own requests changed something at the sandbox location lately.
    const rows = await db
      .select({
        partnerId: sandboxes.partnerId,
        locationId: sandboxes.locationId,
        simulatedPartnerIds: sandboxes.simulatedPartnerIds,
        inUse: sql<boolean>`greatest(${sandboxes.activeAt}, (select max(e.created_at) from events e
          where e.location_id = ${sandboxes.locationId} and e.actor_partner_id = ${sandboxes.partnerId}))
          > now() - make_interval(mins => ${idleMinutes})`,
      })
      .from(sandboxes);
    const present = new Set(rows.map((row) => row.partnerId));
    for (const partnerId of running.keys()) if (!present.has(partnerId)) await stopOne(partnerId);
    for (const row of rows) {
      if (!row.inUse) {
        if (running.has(row.partnerId)) {
          await stopOne(row.partnerId);
          await release(row.partnerId);
        }
        continue;
      }
      const claimed = await db
        .update(sandboxes)
        .set({ runner: instance, leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(
          and(
            eq(sandboxes.partnerId, row.partnerId),
            or(eq(sandboxes.runner, instance), isNull(sandboxes.runner), isNull(sandboxes.leaseUntil), lt(sandboxes.leaseUntil, sql`now()`)),
          ),
        )
        .returning({ partnerId: sandboxes.partnerId });
      if (!claimed.length) {
        // Another instance holds it (this one may have stalled past its lease): only one runs it.
        if (running.has(row.partnerId)) await stopOne(row.partnerId);
        continue;
      }
      if (running.has(row.partnerId)) continue;
      const simulatorLog = (message: string) => log.debug({ partnerId: row.partnerId }, message);
      const starting = startCounterpart(db, row, options.origin, simulatorLog);
      running.set(row.partnerId, starting);
      try {
        await starting;
        log.info({ partnerId: row.partnerId, locationId: row.locationId }, 'sandbox simulator started');
      } catch (error) {
        running.delete(row.partnerId);
        await release(row.partnerId);
        log.error({ err: error, partnerId: row.partnerId }, 'sandbox simulator did not start');
      }
    }
  };

  const stop = async () => {
    for (const partnerId of [...running.keys()]) {
      await stopOne(partnerId);
      await release(partnerId);
    }
  };

  return {
    loop: { name: 'sandboxes', idleMs: options.tickMs ?? 2000, run: async () => (await tick(), false), stop },
    tick,
    running: () => [...running.keys()],
    stop,
  };
}
