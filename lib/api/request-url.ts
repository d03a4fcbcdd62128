// Kept on the request itself rather than in a WeakMap: every answered request would otherwise add an entry the
// garbage collector has to trace as an ephemeron.
const PARSED_URL = Symbol('counterpart.parsedUrl');

type WithParsedUrl = Request & { [PARSED_URL]?: URL };

/** `request.url` parsed, once per request however many wrappers ask (the answer is shared: read it, never change it). */
export function requestUrl(request: Request): URL {
  const holder = request as WithParsedUrl;
  return (holder[PARSED_URL] ??= new URL(request.url));
}
