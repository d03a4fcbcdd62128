import { connectBaseUrl } from '@/lib/config';
import { ApiError } from '@/lib/errors';
import { hasControlCharacter } from '@/lib/api/path-segments';
import { mediaType, readBodyText } from '@/lib/api/request-body';
import { allowedAudiences } from './access-tokens';
import { OAuthError } from './oauth-errors';

/** The form parameters of an authorisation server request (RFC 6749 §3.2: each at most once). */
export type OAuthForm = Map<string, string>;

/** Reads an `application/x-www-form-urlencoded` body; anything else, or a repeated parameter, is invalid_request. */
export async function readOAuthForm(request: Request): Promise<OAuthForm> {
  if (mediaType(request) !== 'application/x-www-form-urlencoded') {
    throw new OAuthError('invalid_request', 'Send the parameters as application/x-www-form-urlencoded.');
  }
  let text: string;
  try {
    text = await readBodyText(request);
  } catch (error) {
    if (error instanceof ApiError) throw new OAuthError('invalid_request', error.message, error.status);
    throw error;
  }
  const form: OAuthForm = new Map();
  for (const [name, value] of new URLSearchParams(text)) {
    if (form.has(name)) throw new OAuthError('invalid_request', `Parameter ${name} is repeated.`);
    // RFC 6749 Appendix A: every parameter is printable; a NUL would otherwise reach the database, which refuses it.
    if (hasControlCharacter(name) || hasControlCharacter(value)) {
      throw new OAuthError('invalid_request', `Parameter ${JSON.stringify(name.slice(0, 50))} contains a control character.`);
    }
    // RFC 6749 §3.1: parameters sent without a value are treated as omitted.
    if (value !== '') form.set(name, value);
  }
  return form;
}

export function requiredParameter(form: OAuthForm, name: string): string {
  const value = form.get(name);
  if (value === undefined) throw new OAuthError('invalid_request', `Parameter ${name} is required.`);
  return value;
}

export interface PresentedClient {
  clientId: string;
  clientSecret?: string;
  method: 'client_secret_basic' | 'client_secret_post' | 'none';
}

/**
 * The client's credentials, from HTTP Basic (RFC 6749 §2.3.1, both parts form-encoded) or from the body.
 * Using both methods at once is invalid_request; a body client_id that disagrees with Basic is too.
 */
export function presentedClient(request: Request, form: OAuthForm): PresentedClient {
  const header = request.headers.get('authorization');
  const bodyId = form.get('client_id');
  const bodySecret = form.get('client_secret');
  if (header) {
    const match = header.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i);
    const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    if (colon < 1) {
      throw new OAuthError('invalid_client', 'The Authorization header is not valid HTTP Basic client authentication.', 401, basicChallenge);
    }
    const clientId = formDecode(decoded.slice(0, colon));
    const clientSecret = formDecode(decoded.slice(colon + 1));
    if (bodySecret !== undefined) throw new OAuthError('invalid_request', 'Authenticate the client with one method only.');
    if (bodyId !== undefined && bodyId !== clientId) throw new OAuthError('invalid_request', 'client_id differs from the HTTP Basic client.');
    // A public client may send Basic with an empty secret; that is no secret at all.
    return { clientId, clientSecret: clientSecret || undefined, method: 'client_secret_basic' };
  }
  if (bodyId === undefined) throw new OAuthError('invalid_request', 'Parameter client_id is required.');
  return bodySecret === undefined ? { clientId: bodyId, method: 'none' } : { clientId: bodyId, clientSecret: bodySecret, method: 'client_secret_post' };
}

export const basicChallenge = { 'WWW-Authenticate': 'Basic realm="counterpart", charset="UTF-8"' };

function formDecode(value: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    throw new OAuthError('invalid_client', 'The HTTP Basic credentials are not correctly encoded.', 401, basicChallenge);
  }
  if (hasControlCharacter(decoded)) throw new OAuthError('invalid_request', 'The HTTP Basic credentials contain a control character.');
  return decoded;
}

/** docs/contract.md#access-tokens: `aud` is the requested audience, by default the partner API; an unknown audience is invalid_request. */
export function requestedAudience(form: OAuthForm): string {
  const audience = form.get('audience') ?? connectBaseUrl();
  if (!allowedAudiences().includes(audience)) {
    throw new OAuthError('invalid_request', `Unknown audience ${audience}; use ${allowedAudiences().join(' or ')}.`);
  }
  return audience;
}

/** The only scope there is: `offline_access`, which asks for a refresh token (docs/contract.md#device-flow). */
export const SUPPORTED_SCOPES = ['offline_access'] as const;

export function assertSupportedScope(form: OAuthForm): void {
  const requested = form.get('scope')?.split(' ').filter(Boolean) ?? [];
  const unknown = requested.filter((scope) => !(SUPPORTED_SCOPES as readonly string[]).includes(scope));
  if (unknown.length) throw new OAuthError('invalid_scope', `Unsupported scope ${unknown.join(' ')}; supported: ${SUPPORTED_SCOPES.join(' ')}.`);
}
