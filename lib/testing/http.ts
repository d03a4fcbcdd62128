type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export interface CallOptions {
  params?: Record<string, string>;
  headers?: Record<string, string>;
  /** A value is sent as JSON; a string is sent as is. */
  body?: unknown;
  token?: string;
}

export const TEST_ORIGIN = 'http://localhost:3000';

/** Calls a route handler the way Next.js does, with a real Request, and returns its Response. */
export async function callRoute(handler: Handler | undefined, method: string, path: string, options: CallOptions = {}): Promise<Response> {
  if (!handler) throw new Error(`No ${method} handler for ${path}`);
  const headers = new Headers(options.headers);
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const request = new Request(`${TEST_ORIGIN}${path}`, { method, headers, body });
  return handler(request, { params: Promise.resolve(options.params ?? {}) });
}
