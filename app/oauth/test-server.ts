import { GET as getLocation } from '@/app/connect/locations/[locationId]/route';
import { GET as jwks } from '@/app/.well-known/jwks.json/route';
import { GET as oauthMetadata } from '@/app/.well-known/oauth-authorization-server/route';
import { GET as openidConfiguration } from '@/app/.well-known/openid-configuration/route';
import { POST as deviceCode } from '@/app/oauth/device/code/route';
import { POST as revoke } from '@/app/oauth/revoke/route';
import { POST as token } from '@/app/oauth/token/route';
import { resetConfig } from '@/lib/config';
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
