const parsedUrls = new WeakMap<Request, URL>();

/** `request.url` parsed, once per request however many wrappers ask (the answer is shared: read it, never change it). */
export function requestUrl(request: Request): URL {
  let url = parsedUrls.get(request);
  if (!url) parsedUrls.set(request, (url = new URL(request.url)));
  return url;
}
