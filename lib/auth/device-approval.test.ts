import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, connections, deviceAuthorizations, grantLocations } from '@/db/schema';
import { connectBaseUrl } from '@/lib/config';
import { useTestDatabase } from '@/lib/testing/database';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { createClient, createPartner } from '@/lib/tenancy/partners';
import { createUser } from '@/lib/tenancy/users';
import { authenticateClient, type AuthenticatedClient } from './client-authentication';
import { approveDevice, checkUserCode, denyDevice } from './device-approval';
import { startDeviceAuthorization } from './device-flow';
import { WRONG_USER_CODES_PER_MINUTE } from './user-code-attempts';

const { db } = useTestDatabase();
let pos: AuthenticatedClient;
let merchant: { id: string; userId: string; email: string; locationIds: string[] };
let otherMerchantLocation: string;
let run = 0;

beforeAll(async () => {
  const partner = await createPartner(db(), { name: 'Approval POS', type: 'POS' });
  const { client_id } = await createClient(db(), partner.id);
  pos = await authenticateClient(db(), { clientId: client_id, method: 'none' });
  const created = await createMerchantWithLocations(db(), 2);
  const email = `a-${Date.now()}@example.test`;
  const user = await createUser(db(), { email, password: 'correct horse', role: 'MERCHANT', merchantId: created.merchant.id });
  merchant = { id: created.merchant.id, userId: user.id, email, locationIds: created.locationIds };
  otherMerchantLocation = (await createMerchantWithLocations(db(), 1)).locationIds[0]!;
});

/** Every test gets its own user id and address so lockouts do not leak between tests. */
function source() {
  run++;
  return { userId: `user-${run}`, address: `203.0.113.${run}` };
}

const newDevice = () => startDeviceAuthorization(db(), pos, connectBaseUrl());

describe('checkUserCode', () => {
  it('finds a pending device whatever the case and dashes, and names the POS asking', async () => {
    const device = await newDevice();
    const check = await checkUserCode(db(), device.user_code.toLowerCase().replace('-', ''), source());
    expect(check).toMatchObject({ ok: true, device: { userCode: device.user_code, partnerName: 'Approval POS' } });
  });

  it('locks a user out after 5 wrong codes a minute, even when the next code is right', async () => {
    const device = await newDevice();
    const attacker = source();
    for (let i = 0; i < WRONG_USER_CODES_PER_MINUTE; i++) {
      expect(await checkUserCode(db(), 'CCCC-CCCC', attacker)).toMatchObject({ ok: false, reason: 'WRONG_CODE' });
    }
    const locked = await checkUserCode(db(), device.user_code, attacker);
    expect(locked).toMatchObject({ ok: false, reason: 'LOCKED_OUT', retryAfterSeconds: expect.any(Number) });
    // The same user from another address, and another user from the same address, are locked out too.
    expect(await checkUserCode(db(), device.user_code, { ...attacker, address: '192.0.2.200' })).toMatchObject({ reason: 'LOCKED_OUT' });
    expect(await checkUserCode(db(), device.user_code, { ...source(), address: attacker.address })).toMatchObject({ reason: 'LOCKED_OUT' });
    // Nobody else is affected.
    expect(await checkUserCode(db(), device.user_code, source())).toMatchObject({ ok: true });
    // Approving is guarded by the same lockout.
    const approval = await approveDevice(db(), {
      userCode: device.user_code,
      user: { id: merchant.userId, merchantId: merchant.id },
      source: attacker,
      locationIds: merchant.locationIds,
    });
    expect(approval).toMatchObject({ ok: false });
  });

  it('counts malformed, expired and already decided codes as wrong', async () => {
    const attempt = source();
    const device = await newDevice();
    await denyDevice(db(), { userCode: device.user_code, user: { id: merchant.userId, merchantId: merchant.id }, source: source() });
    const expired = await newDevice();
    await db()
      .update(deviceAuthorizations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deviceAuthorizations.userCode, expired.user_code.replace('-', '')));
    for (const code of ['nonsense', device.user_code, expired.user_code]) {
      expect(await checkUserCode(db(), code, attempt)).toMatchObject({ ok: false, reason: 'WRONG_CODE' });
    }
  });
});

describe('checkUserCode under a burst', () => {
  it('checks at most the limit of 40 parallel wrong codes, then refuses the right one unread', async () => {
    const device = await newDevice();
    const attacker = source();
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => checkUserCode(db(), `CCCC-CC${String(i).padStart(2, 'C')}`, attacker)));
    const checked = burst.filter((check) => !check.ok && check.reason === 'WRONG_CODE').length;
    console.log(`/activate burst of 40 wrong codes: ${checked} checked, ${burst.length - checked} refused`);
    expect(checked).toBe(WRONG_USER_CODES_PER_MINUTE);
    expect(burst.filter((check) => !check.ok && check.reason === 'LOCKED_OUT')).toHaveLength(40 - WRONG_USER_CODES_PER_MINUTE);
    expect(await checkUserCode(db(), device.user_code, attacker)).toMatchObject({ ok: false, reason: 'LOCKED_OUT' });
  });

  it('a burst from many users of one address is held to the address’s limit', async () => {
    const address = source().address;
    const burst = await Promise.all(Array.from({ length: 20 }, () => checkUserCode(db(), 'CCCC-CCCC', { ...source(), address })));
    expect(burst.filter((check) => !check.ok && check.reason === 'WRONG_CODE')).toHaveLength(WRONG_USER_CODES_PER_MINUTE);
  });

  it('a right code gives its attempt back, so checking the code before approving never locks the merchant out', async () => {
    const merchantSource = source();
    const devices = await Promise.all(Array.from({ length: WRONG_USER_CODES_PER_MINUTE }, () => newDevice()));
    const checks = await Promise.all(devices.map((device) => checkUserCode(db(), device.user_code, merchantSource)));
    expect(checks.every((check) => check.ok)).toBe(true);
    for (const device of devices) expect(await checkUserCode(db(), device.user_code, merchantSource)).toMatchObject({ ok: true });
    for (let i = 0; i < WRONG_USER_CODES_PER_MINUTE - 1; i++)
      expect(await checkUserCode(db(), 'CCCC-CCCC', merchantSource)).toMatchObject({ reason: 'WRONG_CODE' });
    expect(await checkUserCode(db(), devices[0]!.user_code, merchantSource)).toMatchObject({ ok: true });
  });
});

describe('approveDevice', () => {
  const user = () => ({ id: merchant.userId, merchantId: merchant.id });

  it('connects the POS to the chosen locations and records them on the grant', async () => {
    const device = await newDevice();
    const result = await approveDevice(db(), { userCode: device.user_code, user: user(), source: source(), locationIds: [merchant.locationIds[1]!] });
    expect(result).toEqual({ ok: true, partnerName: 'Approval POS' });
    const [row] = await db()
      .select()
      .from(deviceAuthorizations)
      .where(eq(deviceAuthorizations.userCode, device.user_code.replace('-', '')));
    expect(row).toMatchObject({ status: 'APPROVED', decidedByUserId: merchant.userId, grantId: expect.any(String) });
    const granted = await db().select().from(grantLocations).where(eq(grantLocations.grantId, row!.grantId!));
    expect(granted.map((location) => location.locationId)).toEqual([merchant.locationIds[1]]);
    const connected = await db().select().from(connections).where(eq(connections.partnerId, pos.partnerId));
    expect(connected.map((connection) => connection.locationId)).toContain(merchant.locationIds[1]);
    // A decided code cannot be decided again.
    expect(await denyDevice(db(), { userCode: device.user_code, user: user(), source: source() })).toMatchObject({ ok: false });
  });

  it("refuses another merchant's location and an empty choice, leaving the code pending", async () => {
    const device = await newDevice();
    expect(
      await approveDevice(db(), { userCode: device.user_code, user: user(), source: source(), locationIds: [merchant.locationIds[0]!, otherMerchantLocation] }),
    ).toMatchObject({ ok: false });
    expect(await approveDevice(db(), { userCode: device.user_code, user: user(), source: source(), locationIds: [] })).toMatchObject({ ok: false });
    const [row] = await db()
      .select()
      .from(deviceAuthorizations)
      .where(eq(deviceAuthorizations.userCode, device.user_code.replace('-', '')));
    expect(row!.status).toBe('PENDING');
    const connected = await db().select().from(connections).where(eq(connections.locationId, otherMerchantLocation));
    expect(connected).toEqual([]);
  });
});

describe('device decisions in the audit log', () => {
  const user = () => ({ id: merchant.userId, merchantId: merchant.id });
  const deviceRow = async (userCode: string) =>
    (
      await db()
        .select()
        .from(deviceAuthorizations)
        .where(eq(deviceAuthorizations.userCode, userCode.replace('-', '')))
    )[0]!;

  it('audits an approval with the merchant user, the device grant and the chosen locations, and no code', async () => {
    const device = await newDevice();
    await approveDevice(db(), { userCode: device.user_code, user: user(), source: source(), locationIds: [merchant.locationIds[0]!] });
    const row = await deviceRow(device.user_code);
    const entries = await db().select().from(auditLog).where(eq(auditLog.targetId, row.grantId!));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorType: 'user',
      actorId: merchant.userId,
      actorLabel: merchant.email,
      action: 'device.approve',
      targetType: 'grant',
      after: { partnerId: pos.partnerId, clientId: pos.clientId, locationIds: [merchant.locationIds[0]] },
    });
    const stored = JSON.stringify(entries);
    expect(stored).not.toContain(row.userCode);
    expect(stored).not.toContain(device.user_code);
    expect(stored).not.toContain(device.device_code);
    expect(stored).not.toContain(row.deviceCodeHash);
  });

  it('audits a denial with the merchant user and the device authorization, and no code', async () => {
    const device = await newDevice();
    await denyDevice(db(), { userCode: device.user_code, user: user(), source: source() });
    const row = await deviceRow(device.user_code);
    const entries = await db().select().from(auditLog).where(eq(auditLog.targetId, row.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorType: 'user',
      actorId: merchant.userId,
      action: 'device.deny',
      targetType: 'device-authorization',
      after: { partnerId: pos.partnerId, clientId: pos.clientId },
    });
    const stored = JSON.stringify(entries);
    expect(stored).not.toContain(row.userCode);
    expect(stored).not.toContain(device.device_code);
  });

  it('writes no entry for a refused decision', async () => {
    const device = await newDevice();
    const before = await db().select().from(auditLog).where(eq(auditLog.actorId, merchant.userId));
    await approveDevice(db(), { userCode: device.user_code, user: user(), source: source(), locationIds: [otherMerchantLocation] });
    await denyDevice(db(), { userCode: 'CCCC-CCCC', user: user(), source: source() });
    expect(await db().select().from(auditLog).where(eq(auditLog.actorId, merchant.userId))).toHaveLength(before.length);
  });
});
