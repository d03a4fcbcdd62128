/** RFC 6749 §5.2 and RFC 8628 §3.5 error codes the authorisation server answers with. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'authorization_pending'
  | 'slow_down'
  | 'access_denied'
  | 'expired_token'
  | 'unsupported_token_type'
  | 'temporarily_unavailable'
  | 'server_error';

/**
 * An error of the authorisation server. Unlike the partner API (problem+json), OAuth clients read
 * `{error, error_description}` (docs/contract.md#device-flow), HTTP 400 unless stated (401 for invalid_client).
 */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = error === 'invalid_client' ? 401 : 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

export function oauthErrorResponse(error: OAuthError): Response {
  return Response.json(
    { error: error.error, error_description: error.description },
    // RFC 6749 §5.1 and §5.2: token responses must never be cached.
    { status: error.status, headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache', ...error.headers } },
  );
}

/** A successful token endpoint response (RFC 6749 §5.1). */
export function tokenResponse(body: Record<string, unknown>): Response {
  return Response.json(body, { status: 200, headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } });
}
