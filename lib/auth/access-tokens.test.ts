import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConfig } from '@/lib/config';
import { ApiError } from '@/lib/errors';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { verifyAccessToken, verifyAccessTokens } from './access-tokens';
import { revokeGrant } from './grants';

const { db } = useTestDatabase();

async function verifiedToken() {
  const { locationIds } = await createMerchantWithLocations(db(), 1);
  const partner = await createConnectedPartner(db(), 'POS', locationIds);
  const principal = await verifyAccessToken(db(), partner.token);
  expect(principal.partnerId).toBe(partner.partnerId);
  return { token: partner.token, principal };
}

const refusal = (token: string) =>
  verifyAccessToken(db(), token).then(
    () => undefined,
    (error: unknown) => error as ApiError,
  );

afterEach(() => {
  vi.useRealTimers();
  resetConfig();
});

describe('a token checked before', () => {
  it('is refused as expired once its exp has passed', async () => {
    const { token, principal } = await verifiedToken();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(principal.expiresAt.getTime() + 1_000);
    const error = await refusal(token);
    expect(error).toBeInstanceOf(ApiError);
    expect({ status: error!.status, code: error!.code }).toEqual({ status: 401, code: 'TOKEN_EXPIRED' });
  });

  it('is refused once its grant is revoked', async () => {
    const { token, principal } = await verifiedToken();
    await revokeGrant(db(), principal.grantId);
    expect((await refusal(token))?.status).toBe(401);
  });

  it('is checked again under another issuer, which refuses it', async () => {
    const { token } = await verifiedToken();
    resetConfig({ PUBLIC_URL: 'https://elsewhere.example' });
    expect((await refusal(token))?.status).toBe(401);
  });
});

describe('tokens checked together (verifyAccessTokens)', () => {
  it('answers each token on its own: the good ones their principals, a revoked grant and a forged token their 401s', async () => {
    const first = await verifiedToken();
    const second = await verifiedToken();
    const revoked = await verifiedToken();
    await revokeGrant(db(), revoked.principal.grantId);
    const forged = `${first.token.slice(0, -4)}AAAA`;

    const answers = await verifyAccessTokens(db(), [first.token, revoked.token, forged, second.token, first.token]);

    expect(answers.map((answer) => (answer instanceof ApiError ? answer.status : answer instanceof Error ? answer.message : answer.partnerId))).toEqual([
      first.principal.partnerId,
      401,
      401,
      second.principal.partnerId,
      first.principal.partnerId,
    ]);
    // Each principal is the one verifyAccessToken gives for its token, scope included.
    expect(answers[0]).toEqual(await verifyAccessToken(db(), first.token));
    expect(answers[3]).toEqual(await verifyAccessToken(db(), second.token));
    expect(answers[3]).not.toEqual(answers[0]);
  });
});
