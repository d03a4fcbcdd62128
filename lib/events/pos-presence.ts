import { and, eq, lt, sql, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { asDate, rowsOf } from '@/db/rows';
import { connections, locations, partners, posPresence } from '@/db/schema';
import { notFound } from '@/lib/errors';
import { inScope, type ScopedCaller } from '@/lib/tenancy/scope';

/** A socket whose heartbeat is older than this no longer counts (a crashed instance's sockets go RED within a minute). */
export const PRESENCE_STALE_MS = 60_000;

/**
 * How long a location stays GREEN after its socket dropped (no close frame from the POS) or was closed by an instance
 * restarting (1012): long enough for the POS to reconnect, to this or another instance, without its location turning
 * RED in between. A POS that closes its socket itself, or whose token no longer reaches the location, turns RED at once.
 */
export const PRESENCE_GRACE_MS = 15_000;

/** The oldest heartbeat that still counts, by the database's clock (every instance asks the same one). */
const presenceCutoff = () => sql`now() - make_interval(secs => ${PRESENCE_STALE_MS / 1000})`;

/**
 * Whether a presence row counts: a socket open with a fresh heartbeat, so its location is GREEN (docs/contract.md#pos-websocket). The one
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

/**
 * The socket closed, but its POS is expected back (see PRESENCE_GRACE_MS): the row is kept, held by no instance (so no
 * heartbeat refreshes it), with a heartbeat old enough that it counts for PRESENCE_GRACE_MS more; the stale sweep
 * removes it after that. A reconnection, to any instance, adds a row of its own.
 */
export async function closePresenceWithGrace(db: Executor, ids: readonly string[]) {
  if (!ids.length) return;
  const rows = rowsOf<{ location_id: string }>(
    await db.execute(sql`
      update ${posPresence} set instance_id = '', heartbeat_at = least(heartbeat_at, now() - make_interval(secs => ${(PRESENCE_STALE_MS - PRESENCE_GRACE_MS) / 1000}))
      where id = any(${sql.param(ids)}::text[]) returning location_id`),
  );
  await touchLocations(
    db,
    rows.map((row) => row.location_id),
  );
}

/** Marks `locationIds` online until now (`lastOnlineAt`), one statement for all. */
async function touchLocations(db: Executor, locationIds: readonly string[]) {
  if (!locationIds.length) return;
  await db.execute(sql`update ${locations} set last_online_at = now() where id = any(${sql.param([...new Set(locationIds)])}::text[])`);
}

type PresenceOpen = { id: string; instanceId: string; locationId: string; partnerId: string };
type PresenceHello = { posVersion: string; supportedApis: SupportedApi[] };

/**
 * The presence writes of one instance's sockets, gathered for `delayMs` and written a few statements per batch rather
 * than two or three per socket: when thousands of POS reconnect at once (an instance restarted), a statement per
 * socket kept the pool, and PostgreSQL, busy longer than the upgrades themselves. Each call resolves once its batch is
 * written; batches are written one after another, in the order of the calls.
 */
export function presenceWriter(db: Executor, options: { delayMs?: number } = {}) {
  const delayMs = options.delayMs ?? 10;
  let opens: PresenceOpen[] = [];
  let hellos = new Map<string, PresenceHello>();
  let closes: string[] = [];
  let graceCloses: string[] = [];
  let waiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  // While a batch is being written, what comes meanwhile waits for it and goes in one batch after it, however long the
  // write takes: when the pool is busy, many small batches in a row would each pay for every statement.
  let busy = false;
  let again = false;

  const write = async (batch: { opens: PresenceOpen[]; hellos: Map<string, PresenceHello>; closes: string[]; graceCloses: string[] }) => {
    if (batch.opens.length) {
      await db.insert(posPresence).values(batch.opens).onConflictDoNothing();
      await touchLocations(
        db,
        batch.opens.map((open) => open.locationId),
      );
    }
    if (batch.hellos.size) {
      const ids = [...batch.hellos.keys()];
      const values = [...batch.hellos.values()];
      await db.execute(sql`
        update ${posPresence} p set pos_version = v.pos_version, supported_apis = v.apis::jsonb, heartbeat_at = now()
        from unnest(${sql.param(ids)}::text[], ${sql.param(values.map((hello) => hello.posVersion))}::text[],
          ${sql.param(values.map((hello) => JSON.stringify(hello.supportedApis)))}::text[]) as v(id, pos_version, apis)
        where p.id = v.id and p.instance_id <> ''`);
    }
    if (batch.closes.length) {
      const rows = await db
        .delete(posPresence)
        .where(sql`${posPresence.id} = any(${sql.param(batch.closes)}::text[])`)
        .returning({ locationId: posPresence.locationId });
      await touchLocations(
        db,
        rows.map((row) => row.locationId),
      );
    }
    await closePresenceWithGrace(db, batch.graceCloses);
  };

  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const batch = { opens, hellos, closes, graceCloses };
    const batchWaiters = waiters;
    opens = [];
    hellos = new Map();
    closes = [];
    graceCloses = [];
    waiters = [];
    busy = true;
    writing = writing
      .then(() =>
        write(batch).then(
          () => batchWaiters.forEach((waiter) => waiter.resolve()),
          (error: unknown) => batchWaiters.forEach((waiter) => waiter.reject(error)),
        ),
      )
      .finally(() => {
        busy = false;
        if (again) {
          again = false;
          void flush();
        }
      });
    return writing;
  };

  const due = () => {
    timer = undefined;
    if (busy) again = true;
    else void flush();
  };
  const queued = () =>
    new Promise<void>((resolve, reject) => {
      waiters.push({ resolve, reject });
      timer ??= setTimeout(due, delayMs);
    });

  return {
    /** A socket opened: the location is GREEN once this resolves. */
    open(row: PresenceOpen) {
      opens.push(row);
      return queued();
    },
    hello(id: string, hello: PresenceHello) {
      hellos.set(id, hello);
      return queued();
    },
    /** The socket closed; with `grace`, its location stays GREEN for PRESENCE_GRACE_MS (closePresenceWithGrace). */
    close(id: string, grace = false) {
      (grace ? graceCloses : closes).push(id);
      return queued();
    },
    /** Writes whatever waits now. */
    flush,
  };
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

// The reference locations spec's api-spec enum: the APIs a POS may say it supports.
export const POS_APIS = ['BOOKING', 'FOOD_ORDERING', 'LOYALTY', 'PAYMENTS', 'SALES', 'LOCATION'] as const;
type PosApi = (typeof POS_APIS)[number];

// HELLO names an API freely ("ordering", "Sales", "FOOD_ORDERING"); these are the spellings that mean one of POS_APIS.
const posApiAliases: Record<string, PosApi> = {
  BOOKING: 'BOOKING',
  BOOKINGS: 'BOOKING',
  FOOD_ORDERING: 'FOOD_ORDERING',
  ORDERING: 'FOOD_ORDERING',
  ORDERS: 'FOOD_ORDERING',
  LOYALTY: 'LOYALTY',
  PAYMENT: 'PAYMENTS',
  PAYMENTS: 'PAYMENTS',
  SALE: 'SALES',
  SALES: 'SALES',
  LOCATION: 'LOCATION',
  LOCATIONS: 'LOCATION',
};

/** The APIs of a HELLO as the reference names them, first mention of each kept; names it has no value for are left out. */
export function posApisOf(supportedApis: readonly SupportedApi[]): { api: PosApi; version: string }[] {
  const apis = new Map<PosApi, string>();
  for (const { name, version } of supportedApis) {
    const api =
      posApiAliases[
        name
          .trim()
          .toUpperCase()
          .replace(/[^A-Z]+/g, '_')
      ];
    if (api && !apis.has(api)) apis.set(api, version);
  }
  return [...apis].map(([api, version]) => ({ api, version }));
}

/** Reference locations spec: "when the code changed to RED, this property provides the reason for the change". */
export function redReason(input: { posConnected: boolean; lastOnlineAt: string | null }): string {
  if (!input.posConnected) return 'No POS is connected to this location.';
  if (input.lastOnlineAt === null) return 'The POS has never opened its notification WebSocket.';
  return 'The POS notification WebSocket closed or stopped answering heartbeats.';
}

export const locationStatusSchema = z
  .object({
    locationId: z.string(),
    name: z.string(),
    pos: z.object({
      vendor: z.string().nullable(),
      version: z.string().optional(),
      apis: z
        .array(z.object({ api: z.enum(POS_APIS), version: z.string() }))
        .optional()
        .describe('The APIs the POS said it supports in its HELLO, by the reference’s names; other names are left out.'),
    }),
    status: z.object({
      code: z.enum(['GREEN', 'RED']),
      lastOnlineAt: z.string().nullable(),
      reason: z.string().optional().describe('Why the status is RED; absent while GREEN.'),
    }),
    posStatus: z.object({ status: z.enum(['GREEN', 'RED']), lastOnlineAt: z.string().nullable() }),
  })
  .meta({
    id: 'LocationStatus',
    description: 'A location and its POS online status: GREEN while a POS holds a notification socket open, RED otherwise.',
  });

/**
 * docs/contract.md#locations: the POS online status of a location within the caller's scope (any other location is
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
          ...(live.supportedApis ? { apis: posApisOf(live.supportedApis) } : {}),
        }
      : { vendor: connectedPos?.name ?? null },
    status: { code, lastOnlineAt, ...(live ? {} : { reason: redReason({ posConnected: connectedPos !== undefined, lastOnlineAt }) }) },
    posStatus: { status: code, lastOnlineAt },
  });
}
