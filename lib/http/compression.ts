// Partner, OAuth, management and health answers are small JSON: gzip costs more CPU than it saves bytes, and Next
// compresses every route-handler response whatever its size (it drops Content-Length, so its 1 KB threshold never
// applies). Pages, assets and the OpenAPI document are worth compressing.
const smallJsonSurfaces = /^\/(connect|oauth|manage|\.well-known|healthz|readyz)(\/|\?|$)/;
const largeDocuments = /^\/connect\/openapi\.json(\?|$)/;

/** Whether a response to `url` (path and query) should be offered compression. */
export function worthCompressing(url: string): boolean {
  return !smallJsonSurfaces.test(url) || largeDocuments.test(url);
}
