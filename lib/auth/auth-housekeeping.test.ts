import { describe, expect, it } from 'vitest';
import { deviceAuthorizations, revokedAccessTokens } from '@/db/schema';
import { connectBaseUrl } from '@/lib/config';
import { useTestDatabase } from '@/lib/testing/database';
import { createClient, createPartner } from '@/lib/tenancy/partners';
import { purgeExpiredAuthRecords } from './auth-housekeeping';
import { authenticateClient } from './client-authentication';
import { startDeviceAuthorization } from './device-flow';

const { db } = useTestDatabase();
const hours = (n: number) => n * 60 * 60 * 1000;

describe('purgeExpiredAuthRecords', () => {
  it('drops expired revocation entries and day-old expired device codes, keeping the rest', async () => {
    const now = new Date();
    await db()
      .insert(revokedAccessTokens)
      .values([
        { jti: 'at_expired', expiresAt: new Date(now.getTime() - 1000) },
        { jti: 'at_live', expiresAt: new Date(now.getTime() + hours(1)) },
      ]);
    const partner = await createPartner(db(), { name: 'Housekeeping POS', type: 'POS' });
    const pos = await authenticateClient(db(), { clientId: (await createClient(db(), partner.id)).client_id, method: 'none' });
    await startDeviceAuthorization(db(), pos, connectBaseUrl());

    expect(await purgeExpiredAuthRecords(db(), now)).toBe(1);
    expect((await db().select().from(revokedAccessTokens)).map((row) => row.jti)).toEqual(['at_live']);
    expect(await db().select().from(deviceAuthorizations)).toHaveLength(1);
    // A day and a quarter-hour later the device code (15 minutes) is past its retention too.
    expect(await purgeExpiredAuthRecords(db(), new Date(now.getTime() + hours(25)))).toBe(2);
    expect(await db().select().from(deviceAuthorizations)).toHaveLength(0);
  });
});
