import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { dashboardSessions, locations, memberLocations, partners, users } from '@/db/schema';
import { announceAccessChange } from '@/lib/tenancy/access-notices';
import { ApiError, conflict } from '@/lib/errors';
import { pgErrorCode } from '@/db/errors';
import { newId } from '@/lib/ids';
import { requireMerchant } from './merchants';
import type { createUserSchema } from './schemas';
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS, SESSION_RENEW_SECONDS } from './session-lifetime';
import { isMerchantRole, type MerchantRole } from './roles';
import { hashPassword, passwordMatches, randomSecret, secretDigest } from './secrets';

export type UserRole = MerchantRole | 'LOYALTY_PARTNER' | 'PARTNER_DEVELOPER' | 'ADMIN';

/**
 * A signed-in merchant member: its role and, for a member restricted to some locations, those locations (null: all of
 * the merchant's). It is the MerchantCaller (lib/tenancy/scope.ts) of everything the member does in the dashboard.
 */
export type MerchantMember = { id: string; role: MerchantRole; merchantId: string; locationIds: readonly string[] | null };

/** A signed-in dashboard user of each role, with the tenant that role acts for. */
export type DashboardUser = MerchantMember | { id: string; role: 'LOYALTY_PARTNER'; partnerId: string } | { id: string; role: 'ADMIN' };

/** A session's user as its role's type; undefined for a user without the tenant its role needs. */
export function asDashboardUser(
  user: { id?: string; role?: UserRole; merchantId?: string | null; partnerId?: string | null; locationIds?: readonly string[] | null } | undefined,
): DashboardUser | undefined {
  if (!user?.id) return undefined;
  if (isMerchantRole(user.role) && user.merchantId) {
    return { id: user.id, role: user.role, merchantId: user.merchantId, locationIds: user.locationIds?.length ? user.locationIds : null };
  }
  if (user.role === 'LOYALTY_PARTNER' && user.partnerId) return { id: user.id, role: 'LOYALTY_PARTNER', partnerId: user.partnerId };
  if (user.role === 'ADMIN') return { id: user.id, role: 'ADMIN' };
  return undefined;
}

/** `MERCHANT`, the role before merchants had teams, is an owner. */
export const normalisedRole = (role: UserRole | 'MERCHANT'): UserRole => (role === 'MERCHANT' ? 'OWNER' : role);

export async function createUser(db: Executor, input: Omit<z.output<typeof createUserSchema>, 'role'> & { role: UserRole | 'MERCHANT' }) {
  const role = normalisedRole(input.role);
  const merchantId = isMerchantRole(role) ? input.merchantId! : null;
  if (merchantId) await requireMerchant(db, merchantId);
  const locationIds = merchantId ? await merchantLocationIds(db, merchantId, input.locationIds) : [];
  if (role === 'PARTNER_DEVELOPER') {
    const [partner] = await db.select({ id: partners.id }).from(partners).where(eq(partners.id, input.partnerId!));
    if (!partner) throw new ApiError('UNPROCESSABLE_ENTITY', `Partner ${input.partnerId} does not exist.`, { status: 422 });
  }
  if (role === 'LOYALTY_PARTNER') {
    const [partner] = await db.select().from(partners).where(eq(partners.id, input.partnerId!));
    if (!partner || partner.type !== 'LOYALTY') {
      throw new ApiError('UNPROCESSABLE_ENTITY', `Partner ${input.partnerId} is not a loyalty partner.`, { status: 422 });
    }
  }
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          id: newId(),
          email: input.email,
          name: input.name,
          passwordHash: await hashPassword(input.password),
          role,
          merchantId,
          partnerId: role === 'LOYALTY_PARTNER' || role === 'PARTNER_DEVELOPER' ? input.partnerId : null,
        })
        .returning();
      await restrictMember(tx, user!.id, locationIds);
      return { id: user!.id, email: user!.email, role: user!.role };
    });
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw conflict(`A user with email ${input.email} already exists.`, 'USER_EXISTS');
    throw error;
  }
}

/**
 * The merchant's own locations among `wanted`, all of them or 422: a member is never restricted to another merchant's
 * location. Undefined or empty `wanted` means every location (no restriction).
 */
export async function merchantLocationIds(db: Executor, merchantId: string, wanted: readonly string[] | undefined | null): Promise<string[]> {
  const unique = [...new Set(wanted ?? [])];
  if (!unique.length) return [];
  const own = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.merchantId, merchantId), inArray(locations.id, unique)));
  const known = new Set(own.map((row) => row.id));
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length) throw new ApiError('UNPROCESSABLE_ENTITY', `Location ${unknown[0]} is not one of the merchant's locations.`, { status: 422 });
  return unique.sort();
}

/** Sets the locations a member is restricted to (none: every location of its merchant). */
export async function restrictMember(db: Executor, userId: string, locationIds: readonly string[]): Promise<void> {
  await db.delete(memberLocations).where(eq(memberLocations.userId, userId));
  if (locationIds.length) await db.insert(memberLocations).values(locationIds.map((locationId) => ({ userId, locationId })));
}

/** The locations a member is restricted to, sorted; null for a member who reaches every location of its merchant. */
export async function memberLocationIds(db: Executor, userId: string): Promise<string[] | null> {
  const rows = await db
    .select({ locationId: memberLocations.locationId })
    .from(memberLocations)
    .where(eq(memberLocations.userId, userId))
    .orderBy(asc(memberLocations.locationId));
  return rows.length ? rows.map((row) => row.locationId) : null;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
  role: UserRole;
  merchantId: string | null;
  partnerId: string | null;
  /** A restricted merchant member's locations; null otherwise. */
  locationIds: string[] | null;
}

/** What a signed-in session knows of a user: its tenant, role and (for a restricted member) locations. */
export const sessionUserOf = async (db: Executor, user: typeof users.$inferSelect): Promise<SessionUser> => ({
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  merchantId: user.merchantId,
  partnerId: user.partnerId,
  locationIds: isMerchantRole(user.role) ? await memberLocationIds(db, user.id) : null,
});

// A hash no password matches, made once with the parameters every stored hash has, for emails of no account.
let noAccountHashMade: Promise<string> | undefined;
const noAccountHash = () => (noAccountHashMade ??= hashPassword(randomSecret(32)));

/**
 * Checks a dashboard sign-in; undefined for an unknown email, a disabled account or a wrong password alike, after the
 * same work: an email of no account is checked against a hash of the same cost, so the answer's timing does not tell
 * which emails have an account.
 */
export async function authenticateUser(db: Executor, email: string, password: string): Promise<SessionUser | undefined> {
  // Awaited by every sign-in, so the one that makes it is not the only one slower.
  const standIn = await noAccountHash();
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  const matches = await passwordMatches(password, user?.passwordHash ?? standIn);
  if (!user || !matches || user.disabledAt) return undefined;
  return sessionUserOf(db, user);
}

/**
 * The key a dashboard session is stored under: a digest of its id, so neither a database dump nor anything that
 * names a session by its key (a stream watching it, a notice of its end) can be used as the session.
 */
export const dashboardSessionKey = (sessionId: string) => secretDigest(sessionId);

/** Records a new dashboard session for a user who has just signed in; returns its id for the session cookie. */
export async function startDashboardSession(db: Executor, userId: string, now = new Date()): Promise<string> {
  const id = randomSecret(32);
  // Sign-in is rare next to page views, so it is where sessions that simply ran out are swept away.
  await db.delete(dashboardSessions).where(lt(dashboardSessions.expiresAt, now));
  await db.insert(dashboardSessions).values({
    idHash: dashboardSessionKey(id),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_IDLE_SECONDS * 1000),
  });
  return id;
}

/**
 * The user of a live dashboard session (as the database says now: role and tenancy included), renewing its idle
 * expiry; undefined once the session was ended, ran out or outlived its absolute lifetime.
 */
export async function liveDashboardSession(db: Executor, sessionId: string, now = new Date()): Promise<SessionUser | undefined> {
  const idHash = dashboardSessionKey(sessionId);
  const [row] = await db
    .select({ user: users, expiresAt: dashboardSessions.expiresAt })
    .from(dashboardSessions)
    .innerJoin(users, eq(users.id, dashboardSessions.userId))
    .where(
      and(
        eq(dashboardSessions.idHash, idHash),
        isNull(users.disabledAt),
        gt(dashboardSessions.expiresAt, now),
        gt(dashboardSessions.createdAt, new Date(now.getTime() - SESSION_ABSOLUTE_SECONDS * 1000)),
      ),
    );
  if (!row) return undefined;
  const renewed = now.getTime() + SESSION_IDLE_SECONDS * 1000;
  if (renewed - row.expiresAt.getTime() >= SESSION_RENEW_SECONDS * 1000) {
    await db
      .update(dashboardSessions)
      .set({ expiresAt: new Date(renewed) })
      .where(eq(dashboardSessions.idHash, idHash));
  }
  return sessionUserOf(db, row.user);
}

/**
 * When each of the sessions `keys` ends unless it is used again: its idle expiry, or its absolute lifetime when that
 * comes first. A session that was ended, ran out or whose user is disabled has none.
 */
export async function dashboardSessionDeadlines(db: Executor, keys: readonly string[], now = new Date()): Promise<Map<string, Date>> {
  if (!keys.length) return new Map();
  const rows = await db
    .select({ key: dashboardSessions.idHash, createdAt: dashboardSessions.createdAt, expiresAt: dashboardSessions.expiresAt })
    .from(dashboardSessions)
    .innerJoin(users, eq(users.id, dashboardSessions.userId))
    .where(
      and(
        // One array parameter however many sessions are watched.
        sql`${dashboardSessions.idHash} = any(${sql.param([...keys])}::text[])`,
        isNull(users.disabledAt),
        gt(dashboardSessions.expiresAt, now),
        gt(dashboardSessions.createdAt, new Date(now.getTime() - SESSION_ABSOLUTE_SECONDS * 1000)),
      ),
    );
  return new Map(rows.map((row) => [row.key, new Date(Math.min(row.expiresAt.getTime(), row.createdAt.getTime() + SESSION_ABSOLUTE_SECONDS * 1000))]));
}

/**
 * Ends one dashboard session (sign-out): its cookie opens nothing from now on, and its open live streams end on every
 * instance.
 */
export async function endDashboardSession(db: Executor, sessionId: string): Promise<void> {
  const sessionKey = dashboardSessionKey(sessionId);
  await db.delete(dashboardSessions).where(eq(dashboardSessions.idHash, sessionKey));
  await announceAccessChange(db, { kind: 'DASHBOARD_SESSION_ENDED', sessionKey });
}

/**
 * Ends every dashboard session of a user, on every browser, with their open live streams on every instance (told on
 * commit when `db` is a transaction); returns how many were open.
 */
export async function endUserSessions(db: Executor, userId: string): Promise<number> {
  const ended = await db.delete(dashboardSessions).where(eq(dashboardSessions.userId, userId)).returning({ idHash: dashboardSessions.idHash });
  if (ended.length) await announceAccessChange(db, { kind: 'USER_SESSIONS_ENDED', userId });
  return ended.length;
}

/** Sets a user's password and signs the user out everywhere, so whoever knew the old password loses access too. */
export async function setUserPassword(db: Executor, userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [updated] = await tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning({ id: users.id });
    if (!updated) throw new ApiError('NOT_FOUND', `User ${userId} does not exist.`, { status: 404 });
    await endUserSessions(tx, userId);
  });
}

/** Disables a user: sign-in is refused from now on and every open session of the user ends at once. */
export async function disableUser(db: Executor, userId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [updated] = await tx.update(users).set({ disabledAt: now }).where(eq(users.id, userId)).returning({ id: users.id });
    if (!updated) throw new ApiError('NOT_FOUND', `User ${userId} does not exist.`, { status: 404 });
    await endUserSessions(tx, userId);
  });
}
