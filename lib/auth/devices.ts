import { and, asc, desc, eq, inArray, isNull, ne, notExists } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { connections, grantLocations, grants, locations, partners } from '@/db/schema';
import { announceAccessChange } from '@/lib/tenancy/access-notices';
import { inScope, isInScope, merchantCaller, type MerchantReach } from '@/lib/tenancy/scope';
import { revokeGrant } from './grants';

/** A POS device a merchant approved on /activate and has not disconnected. */
export interface ConnectedDevice {
  grantId: string;
  partnerName: string;
  locations: { locationId: string; name: string }[];
  connectedAt: Date;
  lastUsedAt: Date | null;
}

/**
 * The merchant's connected POS devices: live device grants serving at least one location the caller reaches, with those
 * of its locations (a member restricted to some locations sees nothing of the others).
 */
export async function connectedDevices(db: Executor, merchant: MerchantReach): Promise<ConnectedDevice[]> {
  const rows = await db
    .select({
      grantId: grants.id,
      partnerName: partners.name,
      connectedAt: grants.createdAt,
      lastUsedAt: grants.lastUsedAt,
      locationId: locations.id,
      locationName: locations.name,
    })
    .from(grants)
    .innerJoin(partners, eq(partners.id, grants.partnerId))
    .innerJoin(grantLocations, eq(grantLocations.grantId, grants.id))
    .innerJoin(locations, eq(locations.id, grantLocations.locationId))
    .where(and(eq(grants.kind, 'DEVICE_CODE'), isNull(grants.revokedAt), inScope(db, merchantCaller(merchant), locations.id)))
    .orderBy(desc(grants.createdAt), asc(locations.name));
  const devices = new Map<string, ConnectedDevice>();
  for (const row of rows) {
    const device = devices.get(row.grantId) ?? {
      grantId: row.grantId,
      partnerName: row.partnerName,
      locations: [],
      connectedAt: row.connectedAt,
      lastUsedAt: row.lastUsedAt,
    };
    device.locations.push({ locationId: row.locationId, name: row.locationName });
    devices.set(row.grantId, device);
  }
  return [...devices.values()];
}

/**
 * Disconnects a device: its grant is revoked, so every token it holds stops working at once, and the POS loses
 * its connection to each of these locations that no other live device of the same POS still serves. Another
 * merchant's device is answered as not found (false), and so is one serving a location a restricted member does not reach.
 */
export async function disconnectDevice(db: Database, merchant: MerchantReach, grantId: string): Promise<boolean> {
  const caller = merchantCaller(merchant);
  return db.transaction(async (tx) => {
    const [grant] = await tx
      .select({ partnerId: grants.partnerId })
      .from(grants)
      .where(and(eq(grants.id, grantId), eq(grants.kind, 'DEVICE_CODE'), isNull(grants.revokedAt)))
      .for('update');
    if (!grant) return false;
    const served = await tx
      .select({ locationId: grantLocations.locationId, merchantId: locations.merchantId })
      .from(grantLocations)
      .innerJoin(locations, eq(locations.id, grantLocations.locationId))
      .where(eq(grantLocations.grantId, grantId));
    if (served.length === 0 || served.some((location) => location.merchantId !== caller.merchantId)) return false;
    for (const location of served) if (!(await isInScope(tx, caller, location.locationId))) return false;
    await revokeGrant(tx, grantId);
    const removed = await tx
      .delete(connections)
      .where(
        and(
          eq(connections.partnerId, grant.partnerId),
          inArray(
            connections.locationId,
            served.map((location) => location.locationId),
          ),
          notExists(servedByAnotherDevice(tx, grant.partnerId, grantId)),
        ),
      )
      .returning({ locationId: connections.locationId });
    for (const { locationId } of removed) {
      await announceAccessChange(tx, { kind: 'CONNECTION_REMOVED', partnerId: grant.partnerId, locationId });
    }
    return true;
  });
}

function servedByAnotherDevice(db: Executor, partnerId: string, grantId: string) {
  return db
    .select({ one: grantLocations.grantId })
    .from(grantLocations)
    .innerJoin(grants, eq(grants.id, grantLocations.grantId))
    .where(
      and(
        eq(grantLocations.locationId, connections.locationId),
        eq(grants.partnerId, partnerId),
        ne(grants.id, grantId),
        eq(grants.kind, 'DEVICE_CODE'),
        isNull(grants.revokedAt),
      ),
    );
}
