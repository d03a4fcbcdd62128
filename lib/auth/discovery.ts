import { config } from '@/lib/config';
import { DEVICE_CODE_GRANT_TYPE } from './device-flow';
import { SUPPORTED_SCOPES } from './oauth-request';
import { SIGNING_ALG } from './signing-keys';

export const TOKEN_ENDPOINT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none'] as const;

/**
 * RFC 8414 / OpenID Connect Discovery metadata (docs/contract.md#surfaces: the same JSON at both well-known addresses), shaped
 * after the Tyro Connect document but listing only what this server does: the device flow, refresh and client
 * credentials grants.
 */
export function authorizationServerMetadata() {
  const issuer = config().PUBLIC_URL;
  return {
    issuer,
    token_endpoint: `${issuer}/oauth/token`,
    device_authorization_endpoint: `${issuer}/oauth/device/code`,
    revocation_endpoint: `${issuer}/oauth/revoke`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    service_documentation: `${issuer}/docs`,
    scopes_supported: [...SUPPORTED_SCOPES],
    // OpenID Connect Discovery requires a non-empty list. Every flow here answers with an access token alone (no
    // authorization code, no ID token), which is the reference document's `token`.
    response_types_supported: ['token'],
    grant_types_supported: [DEVICE_CODE_GRANT_TYPE, 'refresh_token', 'client_credentials'],
    token_endpoint_auth_methods_supported: [...TOKEN_ENDPOINT_AUTH_METHODS],
    revocation_endpoint_auth_methods_supported: [...TOKEN_ENDPOINT_AUTH_METHODS],
    subject_types_supported: ['public'],
    // Access tokens (RFC 9068 JWTs) are signed with this algorithm; no ID tokens are issued, but OpenID
    // Connect discovery requires the member, so it names the same algorithm.
    id_token_signing_alg_values_supported: [SIGNING_ALG],
    access_token_signing_alg_values_supported: [SIGNING_ALG],
    claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'jti', 'client_id', 'partner_id', 'partner_type', 'grant_id', 'locations'],
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
  };
}
