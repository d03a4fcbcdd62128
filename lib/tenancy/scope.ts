import { and, eq, exists, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { connections, grantLocations, locations } from '@/db/schema';
import { forbidden, notFound } from '@/lib/errors';
import type { MerchantRole } from './roles';

/**
 * Which locations a partner token reaches (docs/contract.md#device-flow, "Scope of a token"). A device-flow token reaches exactly
 * the locations the merchant chose for its grant on /activate, and only while its partner is still connected
 * there; a client-credentials token reaches every location its partner is connected to. A POS vendor serves many
 * merchants, so the partner alone never decides: merchant B's device must not reach merchant A's locations.
 */
export type LocationScope = { kind: 'DEVICE_GRANT'; partnerId: string; grantId: string } | { kind: 'PARTNER_CONNECTIONS'; partnerId: string };

/** A caller of the partner API, as far as location access goes: the verified principal carries its scope. */
export interface ScopedCaller {
  scope: LocationScope;
}

/**
 * A merchant acting, in the dashboard through one of its members: reaches the merchant's own locations, or only
 * `locationIds` for a member restricted to some (docs/domain.md#merchant-teams). What the member may do there is its
 * role's (`can` in lib/tenancy/roles.ts). Without `locationIds` (the merchant's own work, outside any member) it
 * reaches every location of the merchant.
 */
export interface MerchantCaller {
  merchantId: string;
  role?: MerchantRole;
  locationIds?: readonly string[] | null;
}

/** A merchant: its id alone when it acts for itself (every location), or a member acting for it. */
export type MerchantReach = string | MerchantCaller;

export const merchantCaller = (reach: MerchantReach): MerchantCaller => (typeof reach === 'string' ? { merchantId: reach } : reach);

/** Whoever asks: a partner token or a merchant user. */
export type Caller = ScopedCaller | MerchantCaller;

const isPartner = (caller: Caller): caller is ScopedCaller => 'scope' in caller;

/** The partner whose request causes a change, left out of its event's recipients (docs/contract.md#recipients); null for merchants. */
export const actingPartnerId = (caller: Caller): string | null => (isPartner(caller) ? caller.scope.partnerId : null);

export function locationScopeOf(grant: { kind: 'DEVICE_CODE' | 'CLIENT_CREDENTIALS'; partnerId: string; grantId: string }): LocationScope {
  return grant.kind === 'DEVICE_CODE'
    ? { kind: 'DEVICE_GRANT', partnerId: grant.partnerId, grantId: grant.grantId }
    : { kind: 'PARTNER_CONNECTIONS', partnerId: grant.partnerId };
}

// The subqueries below read these aliases, never the plain tables (see inScope).
const ownedLocation = alias(locations, 'scope_location');
const scopeConnection = alias(connections, 'scope_connection');
const scopeGrantLocation = alias(grantLocations, 'scope_grant_location');

/**
 * The one place a scope becomes SQL: a condition true when `location` (a column, or a value) is within the
 * caller's reach. Every partner-side read, update and delete filters by it in its own statement, so a row out of
 * scope is never touched, whatever the route checked before.
 */
export function inScope(db: Executor, caller: Caller, location: AnyPgColumn | SQL | string): SQL {
  // The subqueries read aliased tables, so a `location` column of the same table (locations.id, say) still means the
  // outer query's row rather than the subquery's own.
  if (!isPartner(caller)) {
    return exists(
      db
        .select({ one: sql`1` })
        .from(ownedLocation)
        .where(
          and(
            eq(ownedLocation.id, location),
            eq(ownedLocation.merchantId, caller.merchantId),
            // A restricted member reaches its own locations only; an empty restriction reaches none.
            caller.locationIds ? inArray(ownedLocation.id, [...caller.locationIds]) : undefined,
          ),
        ),
    );
  }
  const { scope } = caller;
  if (scope.kind === 'PARTNER_CONNECTIONS') {
    return exists(
      db
        .select({ one: sql`1` })
        .from(scopeConnection)
        .where(and(eq(scopeConnection.partnerId, scope.partnerId), eq(scopeConnection.locationId, location))),
    );
  }
  return exists(
    db
      .select({ one: sql`1` })
      .from(scopeGrantLocation)
      .innerJoin(scopeConnection, and(eq(scopeConnection.partnerId, scope.partnerId), eq(scopeConnection.locationId, scopeGrantLocation.locationId)))
      .where(and(eq(scopeGrantLocation.grantId, scope.grantId), eq(scopeGrantLocation.locationId, location))),
  );
}

export async function isInScope(db: Executor, caller: Caller, locationId: string): Promise<boolean> {
  const [row] = rowsOf<{ reachable: boolean }>(await db.execute(sql`select ${inScope(db, caller, locationId)} as reachable`));
  return row?.reachable === true;
}

/**
 * A partner request that names a location outside its token's scope (a list filter, a new resource's location) is
 * 403, as docs/contract.md#statuses answers "the connection does not allow it"; resources read by id answer 404 instead, through
 * `inScope` in their own query.
 */
export async function assertInScope(db: Executor, caller: Caller, locationId: string): Promise<void> {
  if (await isInScope(db, caller, locationId)) return;
  // docs/contract.md#tenancy: a merchant asking for another merchant's location is answered as if it did not exist.
  if (!isPartner(caller)) throw notFound('Location');
  throw forbidden(`This token does not reach location ${locationId}.`);
}

/**
 * For the routes whose reference answers 404 for a location that does not exist (the Tables API): a location outside the
 * token's scope is 404 when the partner has no connection there either, unknown or another tenant's alike (docs/contract.md#device-flow:
 * as if it did not exist), and 403 when the partner is connected there but this device's grant leaves it out
 * (docs/contract.md#errors: the connection does not allow it).
 */
export async function assertLocationReachable(db: Executor, caller: Caller, locationId: string): Promise<void> {
  if (await isInScope(db, caller, locationId)) return;
  if (isPartner(caller) && caller.scope.kind === 'DEVICE_GRANT') {
    const partnerWide: ScopedCaller = { scope: { kind: 'PARTNER_CONNECTIONS', partnerId: caller.scope.partnerId } };
    if (await isInScope(db, partnerWide, locationId)) throw forbidden(`This token does not reach location ${locationId}.`);
  }
  throw notFound('Location');
}

/**
 * Which of a partner's events a token may read back (the catch-up feed). Events are addressed to partners, which is
 * exactly a client-credentials token's reach, including loyalty onboarding requests for locations the partner is not
 * connected to yet. A device token is one device of its partner: it reads its own locations' events and those that
 * belong to no location.
 */
export function eventInScope(db: Executor, caller: ScopedCaller, eventLocation: AnyPgColumn): SQL | undefined {
  if (caller.scope.kind === 'PARTNER_CONNECTIONS') return undefined;
  return or(isNull(eventLocation), inScope(db, caller, eventLocation));
}

/** Every location the caller reaches, sorted: what a token's `locations` claim names. */
export async function locationsInScope(db: Executor, scope: LocationScope): Promise<string[]> {
  const rows =
    scope.kind === 'PARTNER_CONNECTIONS'
      ? await db.select({ locationId: connections.locationId }).from(connections).where(eq(connections.partnerId, scope.partnerId))
      : await db
          .select({ locationId: grantLocations.locationId })
          .from(grantLocations)
          .innerJoin(connections, and(eq(connections.partnerId, scope.partnerId), eq(connections.locationId, grantLocations.locationId)))
          .where(eq(grantLocations.grantId, scope.grantId));
  return rows.map((row) => row.locationId).sort();
}

/** A partner acting on its own partner-side resources (its sandbox, later its portal): it reaches only its own. */
export interface PartnerCaller {
  partnerId: string;
}

/**
 * The one condition a partner-owned row (a sandbox, keyed by its owner's partner id) passes for `caller`: a partner
 * reaches its own sandbox and never another partner's, which is answered 404 as if it did not exist.
 */
export function ownedByPartner(caller: PartnerCaller, ownerColumn: AnyPgColumn): SQL {
  return eq(ownerColumn, caller.partnerId);
}

/** Real merchants only: a partner's sandbox merchant (merchants.sandbox_partner_id) is never counted or listed with them. */
export function realMerchant(sandboxPartnerColumn: AnyPgColumn): SQL {
  return isNull(sandboxPartnerColumn);
}
