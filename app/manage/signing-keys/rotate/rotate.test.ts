import { afterAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '@/lib/auth/access-tokens';
import { signingKeySummaries } from '@/lib/auth/key-rotation';
import { publishedKeys } from '@/lib/auth/signing-keys';
import { resetConfig } from '@/lib/config';
import { callRoute } from '@/lib/testing/http';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { POST } from './route';

const { db } = useTestDatabase();
const ADMIN_API_KEY = 'test-admin-key-0123456789';

afterAll(() => {
  resetConfig();
});

describe('POST /manage/signing-keys/rotate', () => {
  it('needs the admin key', async () => {
    resetConfig({ ADMIN_API_KEY });
    expect((await callRoute(POST, 'POST', '/manage/signing-keys/rotate')).status).toBe(401);
  });

  it('signs new tokens with a new key while tokens signed by the old one keep verifying', async () => {
    resetConfig({ ADMIN_API_KEY });
    const { locationIds } = await createMerchantWithLocations(db(), 1);
    const before = await createConnectedPartner(db(), 'POS', locationIds);
    const oldKid = (await publishedKeys(db()))[0]!.kid;

    const response = await callRoute(POST, 'POST', '/manage/signing-keys/rotate', { headers: { authorization: `Bearer ${ADMIN_API_KEY}` } });
    expect(response.status).toBe(201);
    const { kid } = (await response.json()) as { kid: string };
    expect(kid).not.toBe(oldKid);
    expect(response.headers.get('ratelimit-limit')).toBeTruthy();

    const after = await createConnectedPartner(db(), 'POS', locationIds);
    const header = JSON.parse(Buffer.from(after.token.split('.')[0]!, 'base64url').toString()) as { kid: string };
    expect(header.kid).toBe(kid);
    expect((await verifyAccessToken(db(), before.token)).partnerId).toBe(before.partnerId);
    expect((await publishedKeys(db())).map((key) => key.kid)).toEqual([kid, oldKid]);

    // The old key stays published for the longest token lifetime (86400 s by default).
    const retired = (await signingKeySummaries(db())).find((key) => key.kid === oldKid)!;
    expect(retired.state).toBe('PUBLISHED');
    const publishedFor = (retired.publishedUntil!.getTime() - retired.retiredAt!.getTime()) / 1000;
    expect(publishedFor).toBe(86400);
    expect(await signingKeySummaries(db(), new Date(Date.now() + 86401_000))).toContainEqual(expect.objectContaining({ kid: oldKid, state: 'EXPIRED' }));
  });
});
