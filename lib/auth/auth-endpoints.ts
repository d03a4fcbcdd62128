import { ApiError, problemResponse } from '@/lib/http/errors';
import { docsUrl } from '@/lib/http/handler-context';

// Where Auth.js keeps the address to return to after signing in (its `callbackUrl` cookie, `__Secure-` behind https).
const CALLBACK_URL_COOKIES = ['authjs.callback-url', '__Secure-authjs.callback-url'];

/** Auth.js's own rule for a return address: an http(s) URL, or a path from the site's root. */
function isHttpUrl(value: string, origin: string): boolean {
  try {
    return /^https?:$/.test(new URL(value, value.startsWith('/') ? origin : undefined).protocol);
  } catch {
    return false;
  }
}

function cookieValue(header: string | null, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(value.join('='));
      } catch {
        return value.join('=');
      }
    }
  }
  return undefined;
}

/**
 * Why a request to Auth.js's endpoints is refused before Auth.js sees it. Auth.js checks a return address (the
 * `callbackUrl` parameter, or its cookie) with its configuration, and answers one that is no URL with a 500 page and an
 * error in the log, as if the server were misconfigured; the visitor sent it, so it is a 400.
 */
export function authRequestRefusal(request: Request): ApiError | undefined {
  const url = new URL(request.url);
  const cookies = request.headers.get('cookie');
  // Auth.js reads the last of several `callbackUrl` parameters; every one is judged.
  const returnAddresses = [...url.searchParams.getAll('callbackUrl'), ...CALLBACK_URL_COOKIES.map((name) => cookieValue(cookies, name))];
  for (const address of returnAddresses) {
    if (address && !isHttpUrl(address, url.origin)) {
      return new ApiError('BAD_REQUEST', 'The address to return to after signing in (callbackUrl) is not a URL of this site.');
    }
  }
  return undefined;
}

/** Auth.js's route handler, behind `authRequestRefusal`. */
export function authEndpoint<R extends Request>(handler: (request: R) => Promise<Response>) {
  return async (request: R): Promise<Response> => {
    const refusal = authRequestRefusal(request);
    return refusal ? problemResponse(refusal, new URL(request.url).pathname, docsUrl(), { 'cache-control': 'no-store' }) : handler(request);
  };
}
