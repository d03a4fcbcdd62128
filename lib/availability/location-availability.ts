import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { asDate } from '@/db/rows';
import { connections, locationAvailability, locations, partners, posPresence } from '@/db/schema';
import { freshPresence } from '@/lib/events/pos-presence';
import { emitEvent } from '@/lib/events/outbox';
import { notFound } from '@/lib/errors';
import { actingPartnerId, inScope, type Caller } from '@/lib/tenancy/scope';
import { evaluateAvailability, type AvailabilitySettings, type AvailabilityState, type PausedBy, type SpecialDay, type WeeklyRange } from './evaluate';
import { availabilitySchema, type Availability, type MerchantAvailabilityChange } from './schema';
import { localDay, shiftDay } from './zoned-time';
import { config } from '@/lib/config';

type AvailabilityRow = typeof locationAvailability.$inferSelect;

export interface LoadedAvailability {
  locationId: string;
  settings: AvailabilitySettings;
  /** The database clock (every instance asks the same one). */
  now: number;
  version: number;
  published: unknown;
  posOfflineSince: Date | null;
}

// Every partner type hears it (docs/contract.md#availability: every partner connected to the location).
const AUDIENCE = { connectedPartnerTypes: ['POS', 'ORDERING_APP', 'BOOKING_APP', 'LOYALTY'] as const };

/**
 * Reads a location's availability inputs in one statement: its row (or the defaults), its zone, and whether its POS
 * has been RED since when. The POS-offline rule counts only where a POS is connected and was online at least once,
 * so a location that never had a POS keeps taking orders as before.
 */
export async function loadAvailability(db: Executor, locationId: string, options: { caller?: Caller } = {}): Promise<LoadedAvailability | null> {
  const query = db
    .select({
      locationId: locations.id,
      timezone: locations.timezone,
      lastOnlineAt: locations.lastOnlineAt,
      now: sql<string>`now()`,
      posOnline: sql<boolean>`exists (select 1 from ${posPresence} where ${posPresence.locationId} = ${locations.id} and ${freshPresence()})`,
      posConnected: sql<boolean>`exists (select 1 from ${connections} join ${partners} on ${partners.id} = ${connections.partnerId}
        where ${connections.locationId} = ${locations.id} and ${partners.type} = 'POS')`,
      row: locationAvailability,
    })
    .from(locations)
    .leftJoin(locationAvailability, eq(locationAvailability.locationId, locations.id))
    .where(and(eq(locations.id, locationId), options.caller ? inScope(db, options.caller, locations.id) : undefined))
    .limit(1);
  const [found] = await query;
  if (!found) return null;
  const lastOnlineAt = asDate(found.lastOnlineAt);
  const posOfflineSince = found.posConnected && !found.posOnline && lastOnlineAt ? lastOnlineAt : null;
  return {
    locationId: found.locationId,
    settings: settingsOf(found.row, found.timezone, posOfflineSince),
    now: asDate(found.now)!.getTime(),
    version: found.row?.version ?? 0,
    published: found.row?.published ?? null,
    posOfflineSince,
  };
}

function settingsOf(row: AvailabilityRow | null, timezone: string, posOfflineSince: Date | null): AvailabilitySettings {
  const time = (value: unknown) => asDate(value)?.getTime() ?? null;
  return {
    timezone,
    hours: (row?.hours as WeeklyRange[] | null | undefined) ?? null,
    specialDays: (row?.specialDays as SpecialDay[] | undefined) ?? [],
    pause: row?.pausedAt ? { until: time(row.pauseUntil), reason: row.pauseReason, by: (row.pausedBy as PausedBy | null) ?? 'MERCHANT' } : null,
    busy: row?.busyMinutes ? { minutes: row.busyMinutes, until: time(row.busyUntil) } : null,
    posOfflinePause: row?.posOfflinePause ?? config().POS_OFFLINE_PAUSE_DEFAULT,
    posOfflineAfterSeconds: row?.posOfflineAfterSeconds ?? 120,
    posOfflineSince: posOfflineSince?.getTime() ?? null,
  };
}

/**
 * Locks a location's availability row for the transaction; with `skipLocked`, false when another transaction holds it
 * (a scheduler on another instance is on it).
 */
export async function lockAvailability(tx: Executor, locationId: string, { skipLocked = false } = {}): Promise<boolean> {
  const locked = await tx
    .select({ locationId: locationAvailability.locationId })
    .from(locationAvailability)
    .where(eq(locationAvailability.locationId, locationId))
    .for('update', skipLocked ? { skipLocked: true } : {});
  return locked.length > 0;
}

const isoOrNull = (instant: number | null) => (instant === null ? null : new Date(instant).toISOString());

/** What partners are told: a change of any of these is an event, whether a person or the clock made it. */
export function publishedState(state: AvailabilityState) {
  return {
    state: state.state,
    reason: state.reason,
    note: state.note,
    until: isoOrNull(state.until),
    nextOpenAt: isoOrNull(state.nextOpenAt),
    busy: state.busy ? { minutes: state.busy.minutes, until: isoOrNull(state.busy.until) } : null,
  };
}

export function availabilityResponse(loaded: LoadedAvailability, state = evaluateAvailability(loaded.settings, loaded.now)): Availability {
  const today = localDay(loaded.settings.timezone, loaded.now);
  const lastDay = shiftDay(today, 13);
  return availabilitySchema.parse({
    locationId: loaded.locationId,
    ...publishedState(state),
    timezone: loaded.settings.timezone,
    hours: loaded.settings.hours,
    specialDays: loaded.settings.specialDays.filter((day) => day.date >= today && day.date <= lastDay).sort((a, b) => a.date.localeCompare(b.date)),
    posOffline: { pauseOrdering: loaded.settings.posOfflinePause, afterSeconds: loaded.settings.posOfflineAfterSeconds },
    version: loaded.version,
  });
}

/** GET …/availability: every partner connected to the location (another tenant's location is 404). */
export async function readAvailability(db: Executor, caller: Caller, locationId: string): Promise<Availability> {
  const loaded = await loadAvailability(db, locationId, { caller });
  if (!loaded) throw notFound('Location');
  return availabilityResponse(loaded);
}

/** Who changed it, for the pause's `by` and the event's recipients. */
export interface AvailabilityActor {
  caller: Caller;
  /** A POS pauses as PAUSED_BY_POS; the merchant (dashboard) as PAUSED_BY_MERCHANT. */
  by: PausedBy;
}

/**
 * PATCH …/availability (POS: pause and busy mode) and the dashboard (also hours, special days and the POS-offline rule).
 * The change, its new published state and LOCATION_AVAILABILITY_UPDATED commit together (docs/contract.md#events); the row is
 * locked so a scheduler run waits for it and then finds nothing new to tell.
 */
export async function changeAvailability(
  db: Executor,
  actor: AvailabilityActor,
  locationId: string,
  change: MerchantAvailabilityChange,
): Promise<Availability> {
  return db.transaction(async (tx) => {
    const [reachable] = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.id, locationId), inScope(tx, actor.caller, locations.id)));
    if (!reachable) throw notFound('Location');
    await tx.insert(locationAvailability).values({ locationId, posOfflinePause: config().POS_OFFLINE_PAUSE_DEFAULT }).onConflictDoNothing();
    await lockAvailability(tx, locationId);
    const before = (await loadAvailability(tx, locationId))!;
    const values: Partial<typeof locationAvailability.$inferInsert> = {};
    if (change.pause === null) Object.assign(values, { pausedAt: null, pauseUntil: null, pauseReason: null, pausedBy: null });
    else if (change.pause)
      Object.assign(values, {
        pausedAt: new Date(before.now),
        pauseUntil: change.pause.until ? new Date(change.pause.until) : null,
        pauseReason: change.pause.reason ?? null,
        pausedBy: actor.by,
      });
    if (change.busy === null) Object.assign(values, { busyMinutes: null, busyUntil: null });
    else if (change.busy) Object.assign(values, { busyMinutes: change.busy.minutes, busyUntil: change.busy.until ? new Date(change.busy.until) : null });
    if (change.hours !== undefined) values.hours = change.hours;
    if (change.specialDays) {
      const yesterday = shiftDay(localDay(before.settings.timezone, before.now), -1);
      values.specialDays = change.specialDays.filter((day) => day.date >= yesterday);
    }
    if (change.posOffline) Object.assign(values, { posOfflinePause: change.posOffline.pauseOrdering, posOfflineAfterSeconds: change.posOffline.afterSeconds });
    if (!Object.keys(values).length) return availabilityResponse(before);

    const [row] = await tx
      .update(locationAvailability)
      .set({ ...values, version: sql`${locationAvailability.version} + 1`, updatedAt: sql`now()` })
      .where(eq(locationAvailability.locationId, locationId))
      .returning();
    const after: LoadedAvailability = { ...before, settings: settingsOf(row!, before.settings.timezone, before.posOfflineSince), version: row!.version };
    const state = evaluateAvailability(after.settings, after.now);
    await tx
      .update(locationAvailability)
      .set({ published: publishedState(state), nextCheckAt: state.nextChangeAt === null ? null : new Date(state.nextChangeAt) })
      .where(eq(locationAvailability.locationId, locationId));
    await emitEvent(tx, {
      type: 'LOCATION_AVAILABILITY_UPDATED',
      locationId,
      resource: 'location',
      resourceId: locationId,
      version: row!.version,
      actorPartnerId: actingPartnerId(actor.caller),
      audience: AUDIENCE,
    });
    return availabilityResponse(after, state);
  });
}

export { AUDIENCE as availabilityAudience };
