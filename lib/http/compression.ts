import type { IncomingMessage, ServerResponse } from 'node:http';

// Partner, OAuth, management and health answers are small JSON: gzip costs more CPU than it saves bytes, and Next
// compresses every route-handler response whatever its size (it drops Content-Length, so its 1 KB threshold never
// applies). Pages, assets and the OpenAPI document are worth compressing.
const smallJsonSurfaces = /^\/(connect|oauth|manage|\.well-known|healthz|readyz)(\/|\?|$)/;
const largeDocuments = /^\/connect\/openapi\.json(\?|$)/;

/** Whether a response to `url` (path and query) should be offered compression. */
export function worthCompressing(url: string): boolean {
  return !smallJsonSurfaces.test(url) || largeDocuments.test(url);
}

/** Whether the compression middleware would compress this response at all (`compression.filter`: a compressible type). */
export type CompressionFilter = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * `filter`'s answers kept per Content-Type, for a filter that looks at nothing else (the middleware's own: a mime-db
 * lookup on every answer, for the same few types). At most 100 types are kept.
 */
export function verdictPerContentType(filter: CompressionFilter): CompressionFilter {
  const verdicts = new Map<string, boolean>();
  return (request, response) => {
    const type = response.getHeader('content-type');
    if (typeof type !== 'string') return filter(request, response);
    let verdict = verdicts.get(type);
    if (verdict === undefined) {
      verdict = filter(request, response);
      if (verdicts.size < 100) verdicts.set(type, verdict);
    }
    return verdict;
  };
}

const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/;

/**
 * For a request that offers no encoding, what the compression middleware still does to a response, without wrapping
 * every write as the middleware does: when the body could be compressed, `Vary: Accept-Encoding` is added as the
 * headers go out, after the handler's own Vary values; and the headers go out before `end` writes its data, so a
 * response ended in one call is chunked rather than given a Content-Length, as through the middleware.
 */
export function compressionPassThrough(request: IncomingMessage, response: ServerResponse, filter: CompressionFilter): void {
  const writeHead = response.writeHead;
  const end = response.end;
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    response.writeHead = writeHead;
    // Headers passed to writeHead itself count, as on-headers (the middleware's hook) applies them first.
    const headers = args.find((arg, index) => index > 0 && typeof arg === 'object' && arg !== null);
    if (headers && !Array.isArray(headers)) for (const [name, value] of Object.entries(headers)) this.setHeader(name, value as string);
    const cacheControl = this.getHeader('cache-control');
    if (filter(request, this) && !(typeof cacheControl === 'string' && NO_TRANSFORM.test(cacheControl))) appendVary(this, 'Accept-Encoding');
    return (writeHead as (...rest: unknown[]) => ServerResponse).apply(this, headers ? args.filter((arg) => arg !== headers) : args);
  } as ServerResponse['writeHead'];
  response.end = function (this: ServerResponse & { _implicitHeader(): void }, ...args: unknown[]) {
    response.end = end;
    if (!this.headersSent) this._implicitHeader();
    return (end as (...rest: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['end'];
}

/** Adds `field` to the response's Vary unless it is already there or Vary is `*` (as the `vary` package does). */
function appendVary(response: ServerResponse, field: string): void {
  const current = response.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  const fields = value.split(',').map((item) => item.trim().toLowerCase());
  if (fields.includes('*') || fields.includes(field.toLowerCase())) return;
  response.setHeader('Vary', value ? `${value}, ${field}` : field);
}
