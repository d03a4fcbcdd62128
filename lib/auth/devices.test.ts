import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { connections } from '@/db/schema';
import { connectBaseUrl } from '@/lib/config';
import { useTestDatabase } from '@/lib/testing/database';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { createClient, createPartner } from '@/lib/tenancy/partners';
import { createUser } from '@/lib/tenancy/users';
import { verifyAccessToken } from './access-tokens';
import { authenticateClient, type AuthenticatedClient } from './client-authentication';
import { approveDevice } from './device-approval';
import { deviceCodeGrant, startDeviceAuthorization } from './device-flow';
import { connectedDevices, disconnectDevice } from './devices';

const { db } = useTestDatabase();
let pos: AuthenticatedClient;
let merchant: { id: string; userId: string; locationIds: string[] };
let run = 0;

beforeAll(async () => {
  const partner = await createPartner(db(), { name: 'Kitchen POS', type: 'POS' });
  pos = await authenticateClient(db(), { clientId: (await createClient(db(), partner.id)).client_id, method: 'none' });
  const created = await createMerchantWithLocations(db(), 2);
  const user = await createUser(db(), { email: `d-${Date.now()}@example.test`, password: 'correct horse', role: 'MERCHANT', merchantId: created.merchant.id });
  merchant = { id: created.merchant.id, userId: user.id, locationIds: created.locationIds };
});

/** A device approved for `locationIds`, with the access token it obtained. */
async function connectDevice(locationIds: string[]) {
  const device = await startDeviceAuthorization(db(), pos, connectBaseUrl());
  run++;
  await approveDevice(db(), {
    userCode: device.user_code,
    user: { id: merchant.userId, merchantId: merchant.id },
    source: { userId: `devices-${run}`, address: `198.18.0.${run}` },
    locationIds,
  });
  const tokens = await deviceCodeGrant(db(), pos, device.device_code);
  const principal = await verifyAccessToken(db(), tokens.access_token);
  return { grantId: principal.grantId, token: tokens.access_token };
}

const posLocations = async () => (await db().select().from(connections).where(eq(connections.partnerId, pos.partnerId))).map((row) => row.locationId).sort();

describe('connected devices', () => {
  it('lists the merchant’s devices with partner, locations and last use, and disconnects one at once', async () => {
    const first = await connectDevice([merchant.locationIds[0]!]);
    const second = await connectDevice(merchant.locationIds);
    const devices = await connectedDevices(db(), merchant.id);
    expect(devices.map((device) => device.grantId).sort()).toEqual([first.grantId, second.grantId].sort());
    const listed = devices.find((device) => device.grantId === second.grantId)!;
    expect(listed.partnerName).toBe('Kitchen POS');
    expect(listed.locations.map((location) => location.locationId).sort()).toEqual([...merchant.locationIds].sort());
    expect(listed.lastUsedAt).toBeInstanceOf(Date);

    expect(await disconnectDevice(db(), merchant.id, second.grantId)).toBe(true);
    await expect(verifyAccessToken(db(), second.token)).rejects.toMatchObject({ status: 401 });
    expect((await verifyAccessToken(db(), first.token)).grantId).toBe(first.grantId);
    // The first device still serves location 0, so only location 1 loses its connection.
    expect(await posLocations()).toEqual([merchant.locationIds[0]]);
    expect((await connectedDevices(db(), merchant.id)).map((device) => device.grantId)).toEqual([first.grantId]);

    expect(await disconnectDevice(db(), merchant.id, first.grantId)).toBe(true);
    expect(await posLocations()).toEqual([]);
    expect(await disconnectDevice(db(), merchant.id, first.grantId)).toBe(false);
  });

  it("does not show or disconnect another merchant's device", async () => {
    const device = await connectDevice([merchant.locationIds[1]!]);
    const stranger = await createMerchantWithLocations(db(), 1);
    expect(await connectedDevices(db(), stranger.merchant.id)).toEqual([]);
    expect(await disconnectDevice(db(), stranger.merchant.id, device.grantId)).toBe(false);
    expect((await verifyAccessToken(db(), device.token)).grantId).toBe(device.grantId);
  });
});
