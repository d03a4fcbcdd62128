import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { connections, grantLocations, locations } from '@/db/schema';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations, type TestPartner } from '@/lib/testing/fixtures';
import { assertInScope, assertLocationReachable, inScope, isInScope, locationsInScope, type Caller } from './scope';

const { db } = useTestDatabase();
let mine: string[];
let theirs: string[];
let merchantId: string;
let device: TestPartner;
let app: TestPartner;

beforeAll(async () => {
  const first = await createMerchantWithLocations(db(), 2);
  const second = await createMerchantWithLocations(db(), 1);
  merchantId = first.merchant.id;
  mine = first.locationIds;
  theirs = second.locationIds;
  // One POS partner connected to all three locations, through a device grant that names only the first.
  device = await createConnectedPartner(db(), 'POS', [...mine, ...theirs]);
  await db().delete(grantLocations).where(eq(grantLocations.grantId, device.grantId));
  await db().insert(grantLocations).values({ grantId: device.grantId, locationId: mine[0]! });
  app = await createConnectedPartner(db(), 'ORDERING_APP', [mine[1]!, theirs[0]!]);
});

const deviceCaller = (): Caller => ({ scope: { kind: 'DEVICE_GRANT', partnerId: device.partnerId, grantId: device.grantId } });
const appCaller = (): Caller => ({ scope: { kind: 'PARTNER_CONNECTIONS', partnerId: app.partnerId } });

/** The locations a caller reaches, asked as a filter on the locations table itself (the self-reference case). */
async function reachedLocations(caller: Caller) {
  const rows = await db()
    .select({ id: locations.id })
    .from(locations)
    .where(inScope(db(), caller, locations.id))
    .orderBy(asc(locations.id));
  return rows.map((row) => row.id);
}

describe('scope', () => {
  it('a merchant reaches its own locations, even filtering the locations table by itself', async () => {
    expect(await reachedLocations({ merchantId })).toEqual([...mine].sort());
    expect(await isInScope(db(), { merchantId }, theirs[0]!)).toBe(false);
  });

  it('a device token reaches exactly its grant’s locations, a client-credentials token its partner’s connections', async () => {
    expect(await reachedLocations(deviceCaller())).toEqual([mine[0]]);
    expect(await reachedLocations(appCaller())).toEqual([mine[1]!, theirs[0]!].sort());
    expect(await locationsInScope(db(), { kind: 'DEVICE_GRANT', partnerId: device.partnerId, grantId: device.grantId })).toEqual([mine[0]]);
    expect(await isInScope(db(), deviceCaller(), theirs[0]!)).toBe(false);
  });

  it('a named location out of reach is 404 unless the partner is connected there and only the device grant leaves it out (403)', async () => {
    const statusOf = (caller: Caller, locationId: string) =>
      assertLocationReachable(db(), caller, locationId).then(
        () => 200,
        (error: { status: number }) => error.status,
      );
    const { locationIds: strangers } = await createMerchantWithLocations(db(), 1);
    expect(await statusOf(deviceCaller(), mine[0]!)).toBe(200);
    expect(await statusOf(deviceCaller(), mine[1]!)).toBe(403);
    expect(await statusOf(deviceCaller(), theirs[0]!)).toBe(403);
    expect(await statusOf(deviceCaller(), strangers[0]!)).toBe(404);
    expect(await statusOf(deviceCaller(), 'no-such-location')).toBe(404);
    expect(await statusOf(appCaller(), mine[0]!)).toBe(404);
    expect(await statusOf(appCaller(), 'no-such-location')).toBe(404);
    expect(await statusOf({ merchantId }, theirs[0]!)).toBe(404);
  });

  it('a device grant loses a location where its partner is no longer connected', async () => {
    await db()
      .delete(connections)
      .where(and(eq(connections.partnerId, device.partnerId), eq(connections.locationId, mine[0]!)));
    expect(await reachedLocations(deviceCaller())).toEqual([]);
    expect(await isInScope(db(), deviceCaller(), mine[0]!)).toBe(false);
  });
});

describe('scope of merchant members', () => {
  it('a member restricted to some locations reaches only those; an unrestricted one the whole merchant', async () => {
    expect(await reachedLocations({ merchantId, role: 'STAFF', locationIds: [mine[0]!] })).toEqual([mine[0]]);
    expect(await reachedLocations({ merchantId, role: 'MANAGER', locationIds: null })).toEqual([...mine].sort());
    await expect(assertInScope(db(), { merchantId, role: 'STAFF', locationIds: [mine[0]!] }, mine[1]!)).rejects.toMatchObject({ status: 404 });
    // A restriction to nothing reaches nothing, rather than everything.
    expect(await reachedLocations({ merchantId, role: 'STAFF', locationIds: [] })).toEqual([]);
  });

  it('two merchants sharing one POS vendor: a member never reaches the other merchant, whatever its restriction names', async () => {
    // The POS partner of this file serves both merchants; each merchant's members stay within their own merchant.
    const [other] = await db().select({ merchantId: locations.merchantId }).from(locations).where(eq(locations.id, theirs[0]!));
    const staffOfMine: Caller = { merchantId, role: 'STAFF', locationIds: [mine[0]!, theirs[0]!] };
    expect(await reachedLocations(staffOfMine)).toEqual([mine[0]]);
    const ownerOfTheirs: Caller = { merchantId: other!.merchantId, role: 'OWNER', locationIds: null };
    expect(await reachedLocations(ownerOfTheirs)).toEqual(theirs);
    for (const location of mine) expect(await isInScope(db(), ownerOfTheirs, location)).toBe(false);
    expect(await isInScope(db(), { merchantId: other!.merchantId, role: 'STAFF', locationIds: [mine[0]!] }, mine[0]!)).toBe(false);
  });
});
