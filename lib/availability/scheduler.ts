import { isDeepStrictEqual } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from '@/db/client';
import { connections, locationAvailability, locations, partners, posPresence } from '@/db/schema';
import type { Loop } from '@/lib/background/runner';
import { freshPresence } from '@/lib/events/pos-presence';
import { emitEvent } from '@/lib/events/outbox';
import { evaluateAvailability } from './evaluate';
import { availabilityAudience, loadAvailability, lockAvailability, publishedState } from './location-availability';
import { config } from '@/lib/config';
import { alertPosOfflinePause } from '@/lib/alerts/merchant-alerts';

const BATCH = 50;

// What a location without a row was last told, implicitly: open at all times.
const NEVER_TOLD = publishedState(
  evaluateAvailability(
    { timezone: 'UTC', hours: null, specialDays: [], pause: null, busy: null, posOfflinePause: false, posOfflineAfterSeconds: 0, posOfflineSince: null },
    0,
  ),
);

/**
 * The locations whose state may have changed by the clock: a scheduled change is due (opening, closing, a pause or
 * busy mode ending), their POS has been offline past the rule's time since the scheduler last looked, or the POS is
 * back after a POS-offline pause. By the database clock, which every instance shares.
 */
async function dueLocations(db: Executor, limit: number): Promise<string[]> {
  const fresh = sql`exists (select 1 from ${posPresence} where ${posPresence.locationId} = ${locations.id} and ${freshPresence()})`;
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .leftJoin(locationAvailability, eq(locationAvailability.locationId, locations.id))
    .where(
      sql`${locationAvailability.nextCheckAt} <= now()
        or (coalesce(${locationAvailability.posOfflinePause}, ${config().POS_OFFLINE_PAUSE_DEFAULT}) and ${locations.lastOnlineAt} is not null
          and ${locations.lastOnlineAt} + make_interval(secs => coalesce(${locationAvailability.posOfflineAfterSeconds}, 120)) <= now()
          and ${locationAvailability.posOfflineSeenFor} is distinct from ${locations.lastOnlineAt}
          and not ${fresh}
          and exists (select 1 from ${connections} join ${partners} on ${partners.id} = ${connections.partnerId}
            where ${connections.locationId} = ${locations.id} and ${partners.type} = 'POS'))
        or (${locationAvailability.posOfflineSeenFor} is not null and ${fresh})`,
    )
    .orderBy(locations.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Tells partners what the clock changed at one location, exactly once across instances: the row is claimed with
 * FOR UPDATE SKIP LOCKED (another instance on it: skipped), and an event is emitted only when the state differs from
 * the one last published, in the same transaction that records it as published. Returns whether it emitted.
 */
export async function publishScheduledChange(db: Executor, locationId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.insert(locationAvailability).values({ locationId, posOfflinePause: config().POS_OFFLINE_PAUSE_DEFAULT }).onConflictDoNothing();
    if (!(await lockAvailability(tx, locationId, { skipLocked: true }))) return false;
    const loaded = (await loadAvailability(tx, locationId))!;
    const state = evaluateAvailability(loaded.settings, loaded.now);
    const told = publishedState(state);
    const changed = !isDeepStrictEqual(told, loaded.published ?? NEVER_TOLD);
    const version = changed ? loaded.version + 1 : loaded.version;
    await tx
      .update(locationAvailability)
      .set({
        published: told,
        version,
        nextCheckAt: state.nextChangeAt === null ? null : new Date(state.nextChangeAt),
        posOfflineSeenFor: loaded.posOfflineSince,
      })
      .where(eq(locationAvailability.locationId, locationId));
    if (changed) {
      await emitEvent(tx, {
        type: 'LOCATION_AVAILABILITY_UPDATED',
        locationId,
        resource: 'location',
        resourceId: locationId,
        version,
        actorPartnerId: null,
        audience: availabilityAudience,
      });
      // docs/domain.md#email-alerts: the team hears of a POS-offline pause once per offline episode, with the pause.
      if (state.reason === 'POS_OFFLINE' && loaded.posOfflineSince) await alertPosOfflinePause(tx, locationId, loaded.posOfflineSince);
    }
    return changed;
  });
}

/** One scheduler pass: every due location, in batches. Returns how many locations it looked at and how many emitted. */
export async function publishScheduledChanges(db: Executor, limit = BATCH): Promise<{ looked: number; emitted: number }> {
  const due = await dueLocations(db, limit);
  let emitted = 0;
  for (const locationId of due) if (await publishScheduledChange(db, locationId)) emitted += 1;
  return { looked: due.length, emitted };
}

/** Every second, so a scheduled change reaches partners within about a second of its minute (lib/background/loops.ts). */
export function availabilityLoop(handle: DatabaseHandle): Loop {
  return {
    name: 'availability-schedule',
    idleMs: 1000,
    async run() {
      const { looked } = await publishScheduledChanges(handle.db);
      return looked === BATCH;
    },
  };
}
