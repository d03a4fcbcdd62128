import { eq } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { deviceAuthorizations } from '@/db/schema';
import { config } from '@/lib/config';
import { pgErrorCode } from '@/db/errors';
import { newId } from '@/lib/ids';
import { randomSecret, secretDigest } from '@/lib/tenancy/secrets';
import type { AuthenticatedClient } from './client-authentication';
import { accessTokenForGrant, markGrantUsed } from './grants';
import { OAuthError } from './oauth-errors';
import { createRefreshToken, type TokenSet } from './refresh-tokens';
import { formatUserCode, generateUserCode } from './user-code';

export const DEVICE_CODE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';
/** RFC 8628 §3.5: each slow_down adds 5 seconds to the interval the device must respect. */
export const SLOW_DOWN_STEP_SECONDS = 5;

export const activateUrl = () => `${config().PUBLIC_URL}/activate`;

export interface DeviceAuthorizationResponse {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

/** Only a POS obtains tokens through the device flow (docs/contract.md#device-flow). */
export function assertDeviceClient(client: AuthenticatedClient): void {
  if (client.partnerType !== 'POS') {
    throw new OAuthError('unauthorized_client', 'Only POS clients may use the device flow; apps use grant_type=client_credentials.');
  }
}

/** POST /oauth/device/code (RFC 8628 §3.1–3.2). */
export async function startDeviceAuthorization(db: Executor, client: AuthenticatedClient, audience: string): Promise<DeviceAuthorizationResponse> {
  assertDeviceClient(client);
  const { DEVICE_CODE_TTL_SECONDS: ttl, DEVICE_POLL_INTERVAL_SECONDS: interval } = config();
  const deviceCode = randomSecret(32, 'dc_');
  const userCode = await insertWithFreshUserCode(db, {
    id: newId(),
    deviceCodeHash: secretDigest(deviceCode),
    clientId: client.id,
    partnerId: client.partnerId,
    audience,
    intervalSeconds: interval,
    expiresAt: new Date(Date.now() + ttl * 1000),
  });
  const shown = formatUserCode(userCode);
  return {
    device_code: deviceCode,
    user_code: shown,
    verification_uri: activateUrl(),
    verification_uri_complete: `${activateUrl()}?user_code=${encodeURIComponent(shown)}`,
    expires_in: ttl,
    interval,
  };
}

type NewDeviceAuthorization = Omit<typeof deviceAuthorizations.$inferInsert, 'userCode'>;

// 16^8 codes make a clash rare; the unique index turns the rare clash into a retry with another code.
async function insertWithFreshUserCode(db: Executor, values: NewDeviceAuthorization): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const userCode = generateUserCode();
    try {
      await db.insert(deviceAuthorizations).values({ ...values, userCode });
      return userCode;
    } catch (error) {
      if (pgErrorCode(error) !== '23505' || attempt >= 5) throw error;
    }
  }
}

/**
 * grant_type=urn:ietf:params:oauth:grant-type:device_code (RFC 8628 §3.4–3.5, docs/contract.md#device-flow). In order: a used
 * code is invalid_grant, an expired one expired_token (never authorization_pending), a denied one access_denied,
 * an approved one yields tokens once; a pending one answers slow_down when polled sooner than its interval
 * (which grows by 5 s each time) and authorization_pending otherwise.
 */
export async function deviceCodeGrant(db: Database, client: AuthenticatedClient, deviceCode: string): Promise<TokenSet> {
  assertDeviceClient(client);
  const outcome = await db.transaction(async (tx): Promise<{ error: OAuthError } | { tokens: TokenSet }> => {
    const [row] = await tx
      .select()
      .from(deviceAuthorizations)
      .where(eq(deviceAuthorizations.deviceCodeHash, secretDigest(deviceCode)))
      .for('update');
    if (!row || row.clientId !== client.id) return { error: new OAuthError('invalid_grant', 'Unknown device_code for this client.') };
    if (row.consumedAt) return { error: new OAuthError('invalid_grant', 'This device_code has already been exchanged for tokens.') };
    const now = new Date();
    if (now >= row.expiresAt) return { error: new OAuthError('expired_token', 'The device_code has expired; start the device flow again.') };
    if (row.status === 'DENIED') return { error: new OAuthError('access_denied', 'The merchant denied this device.') };
    if (row.status === 'APPROVED' && row.grantId) {
      const ttl = config().ACCESS_TOKEN_TTL_SECONDS;
      const { token } = await accessTokenForGrant(
        tx,
        { grantId: row.grantId, kind: 'DEVICE_CODE', partnerId: row.partnerId, audience: row.audience },
        client,
        ttl,
      );
      const refreshToken = await createRefreshToken(tx, row.grantId);
      await tx.update(deviceAuthorizations).set({ consumedAt: now, lastPolledAt: now }).where(eq(deviceAuthorizations.id, row.id));
      await markGrantUsed(tx, row.grantId);
      return { tokens: { access_token: token, token_type: 'Bearer', expires_in: ttl, refresh_token: refreshToken, scope: 'offline_access' } };
    }
    const tooSoon = row.lastPolledAt !== null && now.getTime() - row.lastPolledAt.getTime() < row.intervalSeconds * 1000;
    const intervalSeconds = tooSoon ? row.intervalSeconds + SLOW_DOWN_STEP_SECONDS : row.intervalSeconds;
    await tx.update(deviceAuthorizations).set({ lastPolledAt: now, intervalSeconds }).where(eq(deviceAuthorizations.id, row.id));
    return {
      error: tooSoon
        ? new OAuthError('slow_down', `Polling too fast; wait at least ${intervalSeconds} seconds between requests.`)
        : new OAuthError('authorization_pending', 'The merchant has not approved this device yet.'),
    };
  });
  // Thrown after the transaction so the poll time and a grown interval are kept.
  if ('error' in outcome) throw outcome.error;
  return outcome.tokens;
}
