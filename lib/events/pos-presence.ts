import { and, eq, lt, sql, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { asDate } from '@/db/rows';
import { connections, locations, partners, posPresence } from '@/db/schema';
import { notFound } from '@/lib/http/errors';
import { inScope, type ScopedCaller } from '@/lib/tenancy/scope';

/** A socket whose heartbeat is older than this no longer counts (a crashed instance's sockets go RED within a minute). */
export const PRESENCE_STALE_MS = 60_000;

/** The oldest heartbeat that still counts, by the database's clock (every instance asks the same one). */
const presenceCutoff = () => sql`now() - make_interval(secs => ${PRESENCE_STALE_MS / 1000})`;

/**
 * Whether a presence row counts: a socket open with a fresh heartbeat, so its location is GREEN (CONTRACT §7). The one
 * definition every reader uses; `heartbeatAt` is the column, or an aliased copy of it in raw SQL.
 */
export const freshPresence = (heartbeatAt: SQLWrapper = posPresence.heartbeatAt) => sql`${heartbeatAt} > ${presenceCutoff()}`;

export interface SupportedApi {
  name: string;
  version: string;
}

export async function openPresence(db: Executor, input: { id: string; instanceId: string; locationId: string; partnerId: string }) {
  await db.insert(posPresence).values(input);
  await db
    .update(locations)
    .set({ lastOnlineAt: sql`now()` })
    .where(eq(locations.id, input.locationId));
}

export async function recordHello(db: Executor, id: string, hello: { posVersion: string; supportedApis: SupportedApi[] }) {
  await db
    .update(posPresence)
    .set({ posVersion: hello.posVersion, supportedApis: hello.supportedApis, heartbeatAt: sql`now()` })
    .where(eq(posPresence.id, id));
}

/** The socket closed: the location was online until now (`lastOnlineAt`). */
export async function closePresence(db: Executor, id: string) {
  const [row] = await db.delete(posPresence).where(eq(posPresence.id, id)).returning({ locationId: posPresence.locationId });
  if (row)
    await db
      .update(locations)
      .set({ lastOnlineAt: sql`now()` })
      .where(eq(locations.id, row.locationId));
}

/** Refreshes every socket this instance holds, and folds other instances' stale sockets into `lastOnlineAt`. */
export async function heartbeatPresence(db: Executor, instanceId: string) {
  await db
    .update(posPresence)
    .set({ heartbeatAt: sql`now()` })
    .where(eq(posPresence.instanceId, instanceId));
  const stale = await db.delete(posPresence).where(lt(posPresence.heartbeatAt, presenceCutoff())).returning({
    locationId: posPresence.locationId,
    heartbeatAt: posPresence.heartbeatAt,
  });
  for (const row of stale) {
    await db
      .update(locations)
      .set({ lastOnlineAt: sql`greatest(${locations.lastOnlineAt}, ${row.heartbeatAt.toISOString()}::timestamptz)` })
      .where(eq(locations.id, row.locationId));
  }
}

export const locationStatusSchema = z
  .object({
    locationId: z.string(),
    name: z.string(),
    pos: z.object({
      vendor: z.string().nullable(),
      version: z.string().optional(),
      apis: z.array(z.object({ api: z.string(), version: z.string() })).optional(),
    }),
    status: z.object({ code: z.enum(['GREEN', 'RED']), lastOnlineAt: z.string().nullable() }),
    posStatus: z.object({ status: z.enum(['GREEN', 'RED']), lastOnlineAt: z.string().nullable() }),
  })
  .meta({
    id: 'LocationStatus',
    description: 'A location and its POS online status: GREEN while a POS holds a notification socket open, RED otherwise.',
  });

/**
 * CONTRACT §6 Locations: the POS online status of a location within the caller's scope (any other location is
 * 404). The status is read from the database so every instance answers alike.
 */
export async function locationStatus(db: Executor, caller: ScopedCaller, locationId: string) {
  const [location] = await db
    .select({ id: locations.id, name: locations.name, lastOnlineAt: locations.lastOnlineAt })
    .from(locations)
    .where(and(eq(locations.id, locationId), inScope(db, caller, locations.id)))
    .limit(1);
  if (!location) throw notFound('Location');
  const [live] = await db
    .select({ partnerName: partners.name, posVersion: posPresence.posVersion, supportedApis: posPresence.supportedApis, heartbeatAt: posPresence.heartbeatAt })
    .from(posPresence)
    .innerJoin(partners, eq(partners.id, posPresence.partnerId))
    .where(and(eq(posPresence.locationId, locationId), freshPresence()))
    .orderBy(sql`${posPresence.heartbeatAt} desc`)
    .limit(1);
  const [connectedPos] = live
    ? []
    : await db
        .select({ name: partners.name })
        .from(connections)
        .innerJoin(partners, eq(partners.id, connections.partnerId))
        .where(and(eq(connections.locationId, locationId), eq(partners.type, 'POS')))
        .limit(1);
  const code = live ? 'GREEN' : 'RED';
  const times = [asDate(location.lastOnlineAt), asDate(live?.heartbeatAt)].filter((time): time is Date => time !== null);
  const lastOnlineAt = times.length ? new Date(Math.max(...times.map((time) => time.getTime()))).toISOString() : null;
  return locationStatusSchema.parse({
    locationId: location.id,
    name: location.name,
    pos: live
      ? {
          vendor: live.partnerName,
          ...(live.posVersion ? { version: live.posVersion } : {}),
          ...(live.supportedApis ? { apis: live.supportedApis.map((api) => ({ api: api.name, version: api.version })) } : {}),
        }
      : { vendor: connectedPos?.name ?? null },
    status: { code, lastOnlineAt },
    posStatus: { status: code, lastOnlineAt },
  });
}
