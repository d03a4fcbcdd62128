import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';
import { config } from '@/lib/config';
import { logger } from '@/lib/log';
import { ApiError } from './errors';
import { clientAddress, docsUrl } from './handler-context';
import { consumeRateLimit, rateLimitHeaders } from '@/lib/rate-limit';
import { sendProblem } from './request-guard';
import { newNonce } from './security-headers';

const deflated = promisify(deflateRaw);

/** The reference's path; `/docs/` and the like are left to Next (a redirect), counted all the same. */
const DOCS_PATH = /^\/docs\/?(?:[?#]|$)/;

// Headers that belong to one answer, not to the page: written afresh for each request that the copy serves. (An ETag
// would name one rendering's bytes; every copy differs by its nonce.)
const PER_RESPONSE_HEADERS = new Set([
  'connection',
  'content-encoding',
  'content-length',
  'date',
  'etag',
  'keep-alive',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'transfer-encoding',
  'x-request-id',
]);

/**
 * The rendered reference: its text cut at each occurrence of the nonce it was rendered with (as UTF-8, and each
 * compressed once), and its headers.
 */
interface RenderedPage {
  parts: Buffer[];
  compressedParts: Buffer[];
  headers: [string, string | string[]][];
  nonce: string;
}

export interface DocsPage {
  /** Takes a GET or HEAD of `/docs` (answered from the copy, or by `render` when there is none yet); false otherwise. */
  serve(request: IncomingMessage, response: ServerResponse): boolean;
}

/**
 * `/docs` from a copy. The reference depends only on the build and the configuration (PUBLIC_URL, the published
 * limits), which stay as they are for the life of the process, yet rendering it takes a core for a tenth of a second:
 * it is rendered once by `render` (Next) and its copy served to everyone, each answer with a fresh script nonce in
 * the page and in its Content-Security-Policy. Every request counts against the address's limit
 * (RATE_LIMIT_PER_MINUTE, as anonymous API calls), answered 429 with `Retry-After` past it. Client-side navigations
 * (RSC requests) are still rendered by Next.
 */
export function docsPage(render: (request: IncomingMessage, response: ServerResponse) => void): DocsPage {
  let page: RenderedPage | undefined;
  // The first rendering, which requests arriving meanwhile wait for rather than rendering the page again each.
  let rendering: Promise<RenderedPage | undefined> | undefined;

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    try {
      const limits = await consumeRateLimit('docs', clientAddress({ get: (name) => headerValue(request, name) }), config().RATE_LIMIT_PER_MINUTE);
      for (const [name, value] of Object.entries(rateLimitHeaders(limits))) response.setHeader(name, value);
    } catch (error) {
      if (error instanceof ApiError) return sendProblem(request, response, error, docsUrl());
      // The limit could not be counted (the database is away): the page needs no database, so it is served.
      logger().warn({ err: error }, '/docs rate limit not counted');
    }
    const copyable = request.url !== undefined && /^\/docs(?:\?|$)/.test(request.url) && request.headers.rsc === undefined;
    if (!copyable) return render(request, response);
    // A rendering that did not give a copy (the client left half-way) is followed by one more, not one per waiter.
    while (!page && rendering) await rendering;
    if (page) return sendCopy(request, response, page);
    if (request.method !== 'GET') return render(request, response);
    rendering = renderCopy(request, response, render).then((rendered) => {
      page = rendered;
      rendering = undefined;
      return rendered;
    });
  };

  return {
    serve(request, response) {
      if ((request.method !== 'GET' && request.method !== 'HEAD') || !DOCS_PATH.test(request.url ?? '')) return false;
      answer(request, response).catch((err: unknown) => {
        logger().error({ err }, '/docs failed');
        if (!response.headersSent) sendProblem(request, response, new ApiError('INTERNAL_ERROR', 'The reference could not be served.'), docsUrl());
        else response.destroy();
      });
      return true;
    },
  };
}

const headerValue = (request: IncomingMessage, name: string) => {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : (value ?? null);
};

/**
 * Has `render` answer `request` uncompressed while keeping what it writes; the copy is kept when the page was
 * answered whole, 200, as HTML, without a cookie, and its CSP names the nonce it was rendered with.
 */
function renderCopy(
  request: IncomingMessage,
  response: ServerResponse,
  render: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<RenderedPage | undefined> {
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  };
  const write = response.write;
  const end = response.end;
  response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse['write'];
  response.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    if (typeof chunk !== 'function') keep(chunk, rest[0]);
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as ServerResponse['end'];
  // Compressed on the way out by us, for every answer alike.
  request.headers['accept-encoding'] = undefined;
  const done = new Promise<RenderedPage | undefined>((resolve) =>
    response.once('close', () => {
      const headers = response.getHeaders();
      const nonce = String(headers['content-security-policy'] ?? '').match(/'nonce-([^']+)'/)?.[1];
      const whole = response.writableFinished && response.statusCode === 200;
      const html = String(headers['content-type'] ?? '').startsWith('text/html');
      if (!whole || !html || !nonce || headers['set-cookie'] !== undefined) return resolve(undefined);
      const parts = Buffer.concat(chunks)
        .toString('utf8')
        .split(nonce)
        .map((part) => Buffer.from(part, 'utf8'));
      // Each part ends on a full flush: byte-aligned, referring to nothing before it, so parts and nonces join as one stream.
      Promise.all(parts.map((part) => deflated(part, { finishFlush: constants.Z_FULL_FLUSH }))).then(
        (compressedParts) => resolve({ parts, compressedParts, headers: pageHeaders(headers), nonce }),
        () => resolve(undefined),
      );
    }),
  );
  render(request, response);
  return done;
}

function pageHeaders(headers: OutgoingHttpHeaders): [string, string | string[]][] {
  return Object.entries(headers).flatMap(([name, value]) =>
    PER_RESPONSE_HEADERS.has(name) || value === undefined ? [] : [[name, typeof value === 'number' ? String(value) : value]],
  );
}

/** The copy with a fresh nonce, gzipped when the client takes it. */
function sendCopy(request: IncomingMessage, response: ServerResponse, page: RenderedPage): void {
  const nonce = newNonce();
  const withNonce = (value: string) => value.replaceAll(page.nonce, nonce);
  for (const [name, value] of page.headers) response.setHeader(name, Array.isArray(value) ? value.map(withNonce) : withNonce(value));
  const vary = String(response.getHeader('vary') ?? '');
  if (!/\baccept-encoding\b/i.test(vary)) response.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  const gzip = acceptsGzip(request.headers['accept-encoding']);
  const body = gzip ? gzipWithNonce(page, nonce) : Buffer.concat(joined(page.parts, Buffer.from(nonce, 'utf8')));
  if (gzip) response.setHeader('content-encoding', 'gzip');
  response.setHeader('content-length', body.byteLength);
  response.writeHead(200);
  response.end(request.method === 'HEAD' ? undefined : body);
}

const joined = (parts: Buffer[], between: Buffer) => parts.flatMap((part, index) => (index === 0 ? [part] : [between, part]));

// RFC 1952: a gzip member's header (deflate, no name, no time, unknown system) and the final empty deflate block.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const FINAL_BLOCK = deflateRawSync(Buffer.alloc(0));

/**
 * The page gzipped with `nonce` in it, without compressing the page again: its parts were compressed once, each ending
 * on a full flush, so the nonce, compressed alone the same way, fits between them. The trailer's CRC-32 and length
 * are of this answer's text.
 */
function gzipWithNonce(page: RenderedPage, nonce: string): Buffer {
  const plainNonce = Buffer.from(nonce, 'utf8');
  const compressedNonce = deflateRawSync(plainNonce, { finishFlush: constants.Z_FULL_FLUSH });
  let checksum = 0;
  let length = 0;
  for (const part of joined(page.parts, plainNonce)) {
    checksum = crc32(part, checksum);
    length += part.byteLength;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(checksum, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...joined(page.compressedParts, compressedNonce), FINAL_BLOCK, trailer]);
}

/** Whether an Accept-Encoding header takes gzip (by name or `*`, with a q-value above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((entry) => {
    const [coding = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') return false;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
