import { config } from '@/lib/config';

/** Where a signed-in user lands when no usable return address came with the request. */
export const DEFAULT_RETURN_PATH = '/dashboard';

/** Longer than any page address of the dashboard (with its query); a longer value is not one of ours. */
const MAX_RETURN_ADDRESS_LENGTH = 2048;

/**
 * The one rule for return addresses (`callbackUrl` of /login, /activate and Auth.js): a value is kept only when it
 * resolves on PUBLIC_URL's own origin, and then only as its normalised path, query and fragment; anything else gives
 * `fallback`. The value is resolved as a browser resolves a Location (WHATWG URL: a backslash reads as a slash, tabs
 * and newlines drop out, dot segments apply), so `/\evil.example` and `/<tab>/evil.example` name another host here
 * as they would there. What comes back starts with exactly one slash, so no later reading can take it for a host.
 */
export function returnPath(value: unknown, fallback: string = DEFAULT_RETURN_PATH): string {
  if (typeof value !== 'string' || value === '' || value.length > MAX_RETURN_ADDRESS_LENGTH) return fallback;
  const own = new URL(config().PUBLIC_URL);
  let resolved: URL;
  try {
    resolved = new URL(value, own);
  } catch {
    return fallback;
  }
  if (resolved.origin !== own.origin) return fallback;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // `http://own//evil.example` is on our origin, but its path alone reads as the host evil.example.
  return path.startsWith('/') && !path.startsWith('//') ? path : fallback;
}
