import { clientAddress } from '@/lib/http/handler-context';
import { attemptAsClient, authenticateClientFrom } from '@/lib/auth/client-authentication';
import { clientCredentialsGrant } from '@/lib/auth/client-credentials';
import { DEVICE_CODE_GRANT_TYPE, deviceCodeGrant, startDeviceAuthorization } from '@/lib/auth/device-flow';
import { OAuthError, tokenResponse } from '@/lib/auth/oauth-errors';
import { assertSupportedScope, presentedClient, requestedAudience, requiredParameter } from '@/lib/auth/oauth-request';
import type { OAuthRequestContext } from './oauth-route';
import { refreshTokenGrant } from '@/lib/auth/refresh-tokens';
import { revokeToken } from '@/lib/auth/revocation';

/**
 * POST /oauth/token: authenticates the client (RFC 6749 §3.2), then dispatches on grant_type. Every failure to
 * authenticate and every invalid_grant (an unknown or used device code or refresh token) counts towards the lockout of
 * this client_id from this address, counted before anything is checked (client-authentication.ts attemptAsClient),
 * whatever the grant, so no grant type is an unlimited way to try secrets or codes. The device-code grant is for
 * public POS clients only (docs/contract.md#device-flow): a client secret sent with it is invalid_client without being checked, so it
 * never tells a right secret from a wrong one.
 */
export async function handleTokenRequest({ request, db, form }: OAuthRequestContext): Promise<Response> {
  const grantType = requiredParameter(form, 'grant_type');
  const presented = presentedClient(request, form);
  return attemptAsClient(db, presented, clientAddress(request), { publicOnly: grantType === DEVICE_CODE_GRANT_TYPE }, async (client) => {
    switch (grantType) {
      case DEVICE_CODE_GRANT_TYPE:
        if (form.has('audience')) requestedAudience(form);
        return tokenResponse({ ...(await deviceCodeGrant(db, client, requiredParameter(form, 'device_code'))) });
      case 'refresh_token':
        return tokenResponse({ ...(await refreshTokenGrant(db, client, requiredParameter(form, 'refresh_token'))) });
      case 'client_credentials':
        assertSupportedScope(form);
        return tokenResponse({ ...(await clientCredentialsGrant(db, client, requestedAudience(form))) });
      default:
        throw new OAuthError(
          'unsupported_grant_type',
          `grant_type ${grantType} is not supported; use ${DEVICE_CODE_GRANT_TYPE}, refresh_token or client_credentials.`,
        );
    }
  });
}

/** POST /oauth/device/code (RFC 8628 §3.1). */
export async function handleDeviceAuthorizationRequest({ request, db, form }: OAuthRequestContext): Promise<Response> {
  const client = await authenticateClientFrom(db, presentedClient(request, form), clientAddress(request));
  assertSupportedScope(form);
  return tokenResponse({ ...(await startDeviceAuthorization(db, client, requestedAudience(form))) });
}

/** POST /oauth/revoke (RFC 7009 §2): 200 whether or not the token was known. */
export async function handleRevocationRequest({ request, db, form }: OAuthRequestContext): Promise<Response> {
  const client = await authenticateClientFrom(db, presentedClient(request, form), clientAddress(request));
  await revokeToken(db, client, requiredParameter(form, 'token'), form.get('token_type_hint'));
  return new Response(null, { status: 200, headers: { 'Cache-Control': 'no-store' } });
}
