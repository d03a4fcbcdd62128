import { IncomingMessage, STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, problemBody } from './errors';
import { formPostRefusal, loggedRefusal, pagePostRefusal, replyRefusal, type PagePosts } from './page-posts';
import { decodePathSegment } from '@/lib/api/path-segments';
import { MAX_BODY_BYTES } from '@/lib/api/request-body';
import { HTTP_METHODS, type RouteTable } from './route-table';

// Route handlers of these surfaces read and judge their own bodies (413, 415); pages leave that to Next.
const API_SURFACE = /^\/(?:connect|manage|oauth)(?:\/|$)/;
// Auth.js's endpoints (/api/auth/…) are route handlers under a catch-all, which the route table leaves out.
const ROUTE_HANDLER_SURFACE = /^\/(?:connect|manage|oauth|api)(?:\/|$)/;
// A method Next does not know is served nowhere; pages answer these three (POST for server actions).
const PAGE_METHODS = ['GET', 'HEAD', 'POST'] as const;

// A path of these characters only, without a dot segment or a leading `//`, has nothing to decode (no `%`, no control
// character) and is routed as it is: the URL parser would leave it unchanged.
const PLAIN_PATH = /^\/(?!\/)[\w\-.~!$&'()*+,;=:@/]*$/;
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;

export const isPlainPath = (pathname: string) => PLAIN_PATH.test(pathname) && !DOT_SEGMENT.test(pathname);

/** The path of a request target, in origin form or absolute form, still percent-encoded. */
export function requestPath(target: string): string {
  const withoutOrigin = target[0] === '/' ? target : target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  return withoutOrigin.split(/[?#]/, 1)[0] || '/';
}

/** The path Next routes: dot segments (`/a/./b`, `/a/%2e%2e/b`) resolved as the URL standard resolves them. */
export function routedPath(pathname: string): string {
  try {
    return new URL(pathname, 'http://localhost').pathname;
  } catch {
    return pathname;
  }
}

/**
 * The checks a request passes before Next sees it, each of which Next would otherwise answer with a 500 or an empty
 * body (docs/contract.md#no-5xx: client input never yields a 5xx; a wrong method is a 405 problem with `Allow`). Answers either
 * the request to hand on (the same one, or a replay of a body read here) or the ApiError to refuse it with: at once
 * when the route table knows the path's methods and no body has to be read, as a promise otherwise. With `pages`, a
 * POST to a page (a server action) must also meet its rules (`pagePostRefusal`).
 */
export function guardRequest(request: IncomingMessage, routes: RouteTable, pages?: PagePosts): Verdict | Promise<Verdict> {
  const pathname = requestPath(request.url ?? '/');
  let routed = pathname;
  if (!isPlainPath(pathname)) {
    try {
      for (const segment of pathname.split('/')) decodePathSegment(segment);
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
    routed = routedPath(pathname);
  }
  const routeMethods = routes.allowedMethods(routed);
  return routeMethods instanceof Promise
    ? routeMethods.then((methods) => judged(request, routed, methods, pages))
    : judged(request, routed, routeMethods, pages);
}

type Verdict = IncomingMessage | ApiError;

function judged(
  request: IncomingMessage,
  routed: string,
  routeMethods: readonly string[] | undefined,
  pages: PagePosts | undefined,
): Verdict | Promise<Verdict> {
  const method = request.method ?? 'GET';
  if (routeMethods) {
    if (!routeMethods.includes(method)) return methodNotAllowed(method, routeMethods);
  } else if (!(HTTP_METHODS as readonly string[]).includes(method)) {
    // No route handler there: the API surfaces answer 404 whatever the method (their catch-all routes), pages 405.
    return API_SURFACE.test(routed) ? new ApiError('NOT_FOUND', `No endpoint at ${routed.slice(0, 200)}.`) : methodNotAllowed(method, PAGE_METHODS);
  }
  if (method !== 'POST' || API_SURFACE.test(routed)) return request;
  const toPage = pages && !routeMethods && !ROUTE_HANDLER_SURFACE.test(routed) ? pages : undefined;
  const refusal = toPage && pagePostRefusal(request, routed, toPage);
  if (refusal) return loggedRefusal(request, refusal);
  if (isMultipart(request)) return checkedMultipart(request, routed, toPage);
  return toPage && request.headers['next-action'] !== undefined ? checkedReply(request) : request;
}

const methodNotAllowed = (method: string, allowed: readonly string[]) =>
  new ApiError('METHOD_NOT_ALLOWED', `${method.slice(0, 20)} is not allowed here; use ${allowed.join(', ')}.`, {
    headers: { Allow: allowed.join(', ') },
  });

const isMultipart = (request: IncomingMessage) => request.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase() === 'multipart/form-data';

/**
 * Next parses a multipart POST to a page as a possible server action and answers 500 when the body is not valid
 * multipart. The body is read here (at most 1 MiB, Next's own limit for actions), parsed with the same parser, and
 * replayed to Next only when it parses (and, posted to a page, is a form of the dashboard: `formPostRefusal`).
 */
async function checkedMultipart(request: IncomingMessage, routed: string, pages: PagePosts | undefined): Promise<IncomingMessage | ApiError> {
  const body = await bodyOf(request);
  if (body instanceof ApiError) return body;
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': request.headers['content-type']! } }).formData();
  } catch (error) {
    return new ApiError('BAD_REQUEST', `The multipart/form-data body is malformed: ${(error as Error).message}`);
  }
  const refusal = pages && formPostRefusal(form, request.headers['next-action'] as string | undefined, routed, pages);
  return refusal ? loggedRefusal(request, refusal) : replay(request, body);
}

/** A server action's arguments sent as text (React's reply without a form): judged by `replyRefusal`, then replayed. */
async function checkedReply(request: IncomingMessage): Promise<IncomingMessage | ApiError> {
  const body = await bodyOf(request);
  if (body instanceof ApiError) return body;
  const refusal = replyRefusal(body.toString('utf8'));
  return refusal ? loggedRefusal(request, refusal) : replay(request, body);
}

/** The whole body, at most 1 MiB (Next's own limit for actions). */
async function bodyOf(request: IncomingMessage): Promise<Buffer<ArrayBuffer> | ApiError> {
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    received += chunk.byteLength;
    if (received > MAX_BODY_BYTES) {
      return new ApiError('PAYLOAD_TOO_LARGE', `Request body exceeds the limit of ${MAX_BODY_BYTES} bytes.`, { headers: { Connection: 'close' } });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A request that reads like `original`, whose body (already consumed from the socket) is `body`. */
function replay(original: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(original.socket);
  copy.method = original.method;
  copy.url = original.url;
  copy.httpVersion = original.httpVersion;
  copy.httpVersionMajor = original.httpVersionMajor;
  copy.httpVersionMinor = original.httpVersionMinor;
  copy.headers = original.headers;
  copy.rawHeaders = original.rawHeaders;
  copy.push(body);
  copy.push(null);
  copy.complete = true;
  return copy;
}

/** Writes `error` as the problem body (docs/contract.md#errors); HEAD gets the headers alone. */
export function sendProblem(request: IncomingMessage, response: ServerResponse, error: ApiError, docsUrl: string): void {
  const requestId = response.getHeader('x-request-id');
  const body = JSON.stringify(problemBody(error, requestPath(request.url ?? '/'), docsUrl, typeof requestId === 'string' ? requestId : undefined));
  response.writeHead(error.status, {
    'Content-Type': 'application/problem+json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    ...error.headers,
  });
  response.end(request.method === 'HEAD' ? undefined : body);
  // A body left unread (413) is not worth draining: the connection closes with the answer.
  if (error.headers?.Connection === 'close') response.once('finish', () => request.destroy());
}

// Node's own answers to requests its parser refuses (RFC 9110 statuses), as problems like every other refusal.
const parserRefusals: Record<string, ApiError> = {
  HPE_HEADER_OVERFLOW: new ApiError('REQUEST_HEADER_FIELDS_TOO_LARGE', 'The request headers are too large.', { status: 431 }),
  ERR_HTTP_REQUEST_TIMEOUT: new ApiError('REQUEST_TIMEOUT', 'The request was not received in time.', { status: 408 }),
};

/**
 * Answers a request Node's HTTP parser refused (an unknown method token, a malformed header, a body that does not
 * frame) with a problem instead of Node's bare 400, then closes the connection: nothing after it can be trusted.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex, docsUrl: string): void {
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const refusal = parserRefusals[error.code ?? ''] ?? new ApiError('BAD_REQUEST', 'The request is not valid HTTP/1.1.');
  const body = JSON.stringify(problemBody(refusal, '/', docsUrl));
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\nContent-Type: application/problem+json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  // Closed once the answer is written: a slow sender that never closes its side would otherwise keep its handle.
  socket.once('finish', () => socket.destroy());
}
