import { GET as getLocation } from '@/app/connect/locations/[locationId]/route';
import { GET as jwks } from '@/app/.well-known/jwks.json/route';
import { GET as oauthMetadata } from '@/app/.well-known/oauth-authorization-server/route';
import { GET as openidConfiguration } from '@/app/.well-known/openid-configuration/route';
import { POST as deviceCode } from '@/app/oauth/device/code/route';
import { POST as revoke } from '@/app/oauth/revoke/route';
import { POST as token } from '@/app/oauth/token/route';
import type { Database } from '@/db/client';
import { approveDevice } from '@/lib/auth/device-approval';
import { resetConfig } from '@/lib/config';
import { callRoute } from '@/lib/testing/http';
import { startRouteServer, type RouteServer } from '@/lib/testing/route-server';

/**
 * The authorisation server's routes (and one tiny partner endpoint) behind real HTTP, with PUBLIC_URL pointing
 * at it, so OAuth clients can discover and use it as they would in production.
 */
export async function startOAuthServer(env: Record<string, string> = {}): Promise<RouteServer> {
  const server = await startRouteServer({
    '/oauth/token': { POST: token },
    '/oauth/device/code': { POST: deviceCode },
    '/oauth/revoke': { POST: revoke },
    '/.well-known/openid-configuration': { GET: openidConfiguration },
    '/.well-known/oauth-authorization-server': { GET: oauthMetadata },
    '/.well-known/jwks.json': { GET: jwks },
    '/connect/locations/[locationId]': { GET: getLocation },
  });
  resetConfig({ PUBLIC_URL: server.origin, ...env });
  return server;
}

export interface ApprovingMerchant {
  id: string;
  userId: string;
}

/**
 * The device flow end to end, as a POS and a merchant go through it: the POS asks for a code, the merchant approves
 * `locationIds` on /activate, the POS polls once and receives its tokens.
 */
export async function approvedDeviceTokens(db: Database, posClientId: string, merchant: ApprovingMerchant, locationIds: string[]) {
  const form = (fields: Record<string, string>) => ({
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const codeResponse = await callRoute(deviceCode, 'POST', '/oauth/device/code', form({ client_id: posClientId }));
  if (codeResponse.status !== 200) throw new Error(`device code: ${codeResponse.status} ${await codeResponse.text()}`);
  const authorization = (await codeResponse.json()) as { device_code: string; user_code: string };
  const approval = await approveDevice(db, {
    userCode: authorization.user_code,
    user: { id: merchant.userId, merchantId: merchant.id },
    source: { userId: merchant.userId, address: '192.0.2.10' },
    locationIds,
  });
  if (!approval.ok) throw new Error(`approval refused: ${approval.message}`);
  const tokenResponse = await callRoute(
    token,
    'POST',
    '/oauth/token',
    form({ grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: authorization.device_code, client_id: posClientId }),
  );
  if (tokenResponse.status !== 200) throw new Error(`token: ${tokenResponse.status} ${await tokenResponse.text()}`);
  return (await tokenResponse.json()) as { access_token: string; refresh_token: string; expires_in: number };
}
