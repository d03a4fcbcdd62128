import { base64url, SignJWT, exportSPKI, importJWK, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { GET as getLocation } from '@/app/connect/locations/[locationId]/route';
import { revokedAccessTokens } from '@/db/schema';
import { config, connectBaseUrl } from '@/lib/config';
import { ApiError } from '@/lib/http/errors';
import { callRoute } from '@/lib/testing/http';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { verifyAccessToken } from '@/lib/auth/access-tokens';
import { revokeGrant } from '@/lib/auth/grants';
import { activeSigningKey, publishedKeys } from '@/lib/auth/signing-keys';

const { db } = useTestDatabase();

/** A valid POS token, and claims/key to forge variations of it. */
async function setup() {
  const { locationIds } = await createMerchantWithLocations(db(), 1);
  const partner = await createConnectedPartner(db(), 'POS', locationIds);
  const [, payloadPart] = partner.token.split('.');
  const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payloadPart!))) as Record<string, unknown>;
  const key = await activeSigningKey(db());
  const sign = (overrides: Record<string, unknown>, header: Record<string, unknown> = {}) =>
    new SignJWT({ ...claims, ...overrides }).setProtectedHeader({ alg: 'ES256', kid: key.kid, ...header }).sign(key.privateKey);
  return { partner, claims, key, sign, locationId: locationIds[0]! };
}

async function expectRefused(token: string, locationId: string) {
  const error = await verifyAccessToken(db(), token).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(401);
  const response = await callRoute(getLocation, 'GET', `/connect/locations/${locationId}`, { params: { locationId }, token });
  expect(response.status).toBe(401);
  expect(response.headers.get('www-authenticate')).toContain('invalid_token');
}

const now = () => Math.floor(Date.now() / 1000);

describe('access tokens', () => {
  it('accepts the genuine token (the control case)', async () => {
    const { partner, sign, locationId } = await setup();
    expect((await verifyAccessToken(db(), partner.token)).partnerId).toBe(partner.partnerId);
    expect((await verifyAccessToken(db(), await sign({}))).partnerId).toBe(partner.partnerId);
    const response = await callRoute(getLocation, 'GET', `/connect/locations/${locationId}`, { params: { locationId }, token: partner.token });
    expect(response.status).toBe(200);
  });

  it('refuses alg: none', async () => {
    const { claims, key, locationId } = await setup();
    const encode = (value: unknown) => base64url.encode(JSON.stringify(value));
    await expectRefused(`${encode({ alg: 'none', kid: key.kid, typ: 'JWT' })}.${encode(claims)}.`, locationId);
  });

  it('refuses HS256 signed with the public key (algorithm confusion)', async () => {
    const { claims, key, locationId } = await setup();
    const jwk = (await publishedKeys(db())).find((candidate) => candidate.kid === key.kid) as JWK;
    const pem = await exportSPKI((await importJWK(jwk, 'ES256')) as CryptoKey);
    for (const secret of [pem, JSON.stringify(jwk)]) {
      const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: key.kid }).sign(new TextEncoder().encode(secret));
      await expectRefused(forged, locationId);
    }
  });

  it('refuses another issuer, another audience and an expired token', async () => {
    const { sign, locationId } = await setup();
    await expectRefused(await sign({ iss: 'https://evil.example' }), locationId);
    await expectRefused(await sign({ aud: 'https://evil.example/connect' }), locationId);
    await expectRefused(await sign({ aud: config().PUBLIC_URL }), locationId);
    await expectRefused(await sign({ iat: now() - 7200, exp: now() - 3600 }), locationId);
    expect(connectBaseUrl()).toBe(`${config().PUBLIC_URL}/connect`);
  });

  it('refuses a tampered payload and an unknown key id', async () => {
    const { partner, claims, sign, locationId } = await setup();
    const [header, , signature] = partner.token.split('.');
    const tampered = base64url.encode(JSON.stringify({ ...claims, locations: [locationId, 'someone-elses-location'] }));
    await expectRefused(`${header}.${tampered}.${signature}`, locationId);
    await expectRefused(await sign({}, { kid: 'key_unknown' }), locationId);
  });

  it('refuses a revoked token and every token of a revoked grant', async () => {
    const { partner, claims, locationId, sign } = await setup();
    await db()
      .insert(revokedAccessTokens)
      .values({ jti: String(claims.jti), expiresAt: new Date((now() + 3600) * 1000) });
    await expectRefused(partner.token, locationId);
    const sibling = await sign({ jti: 'at_sibling' });
    expect((await verifyAccessToken(db(), sibling)).partnerId).toBe(partner.partnerId);
    await revokeGrant(db(), String(claims.grant_id));
    await expectRefused(sibling, locationId);
  });
});
