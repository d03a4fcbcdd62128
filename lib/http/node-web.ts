import type { IncomingMessage, ServerResponse } from 'node:http';
import { finished } from 'node:stream';
import { DeferredBody, standIn } from './deferred-web';
import { deferredText } from './responses';

/**
 * Node's request and response as the Web `Request` and `Response` that route handlers take and return, converted the
 * way Next's server converts them (next/dist/server/web/spec-extension/adapters/next-request and send-response), so a
 * handler answers alike whichever of the two serves it. A small request body is read whole first (see
 * BUFFERED_BODY_BYTES), a larger one streams from the socket; the response body is written chunk by chunk as the
 * handler produces it.
 */

/** The request headers as `Headers` init: repeated fields (Set-Cookie-like arrays) one entry each. */
export function webHeaders(incoming: IncomingMessage['headers']): [string, string][] {
  const entries: [string, string][] = [];
  for (const name in incoming) {
    const value = incoming[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) entries.push([name, item]);
    else entries.push([name, value]);
  }
  return entries;
}

/** A signal that aborts when the client goes away before the response was written in full. */
export function responseSignal(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  const abort = () => controller.abort(new Error('the client closed the connection'));
  if (response.closed) {
    if (!response.writableFinished) abort();
  } else
    response.once('close', () => {
      if (!response.writableFinished) abort();
    });
  return controller.signal;
}

/**
 * Bodies up to this size (every partner API request but a bulk upload) are read before the handler runs and handed to
 * the Request whole: a stream the Request pulls from the socket chunk by chunk costs twice the CPU of a buffered body
 * (about 70 µs against 35 per request), for requests that arrive in one or two packets anyway.
 */
export const BUFFERED_BODY_BYTES = 64 * 1024;

/**
 * The body of `incoming` for a Request: a Buffer when it ends within BUFFERED_BODY_BYTES, otherwise (or declared
 * larger) a stream of what was read and the rest, as it arrives. A body the client broke off gives the handler a
 * stream that fails where its read would have. Read with the stream's own events: its async iterator costs a promise
 * and a listener set per chunk, for a body that arrives in one.
 */
export function requestBody(incoming: IncomingMessage, limit = BUFFERED_BODY_BYTES): Promise<Buffer | AsyncIterable<Uint8Array>> {
  if (Number(incoming.headers['content-length']) > limit) return Promise.resolve(incoming);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // Reports an error, or a close before the end (the client went away mid-body), as the stream's iterator would.
    const stopWatching = finished(incoming, (error) => {
      if (error) settle(failing(error));
    });
    const settle = (body: Buffer | AsyncIterable<Uint8Array>) => {
      stopWatching();
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size <= limit) return;
      // Too large to hold: what was read, then the rest from the paused stream as the handler pulls it.
      incoming.pause();
      settle(rest(chunks, incoming[Symbol.asyncIterator]() as AsyncIterator<Buffer>));
    };
    const onEnd = () => settle(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    if (incoming.readableEnded) return onEnd();
    incoming.on('data', onData);
    incoming.once('end', onEnd);
  });
}

async function* rest(read: Buffer[], source: AsyncIterator<Buffer>): AsyncIterable<Uint8Array> {
  yield* read;
  for (;;) {
    const next = await source.next();
    if (next.done) return;
    yield next.value;
  }
}

// eslint-disable-next-line require-yield -- a stream whose first read fails
async function* failing(error: unknown): AsyncIterable<Uint8Array> {
  throw error;
}

/**
 * `incoming` as a Web Request at `url`. Only methods that carry a body get one (GET and HEAD requests have none, as in
 * fetch), read as `requestBody` says; a request without one is answered at once, without waiting a turn. Its `signal`
 * aborts when the client goes away before `response` is written in full; it is made when a handler first reads it,
 * since following one costs every request an abort listener and most handlers never look.
 *
 * A request without a body or with one read whole is a `BufferedRequest`: a Request (`instanceof` holds) whose
 * method, url, headers, signal and body reads are served from what was read, the pattern of Hono's Node adapter.
 * undici's own Request is made only when a handler asks for something else (the body as a stream, `formData()`,
 * `clone()` …): constructing one costs an AbortController and a body stream (about 60 µs here) that a partner call
 * never uses.
 */
export function toWebRequest(incoming: IncomingMessage, url: string, response: ServerResponse): Request | Promise<Request> {
  const method = incoming.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD' || response.closed) return new BufferedRequest(method, url, incoming.headers, null, response) as unknown as Request;
  return requestBody(incoming).then((body) => {
    if (Buffer.isBuffer(body)) return new BufferedRequest(method, url, incoming.headers, body, response) as unknown as Request;
    const request = new Request(url, {
      method,
      headers: webHeaders(incoming.headers),
      // undici takes Node's readable as an async iterable of chunks (`duplex: 'half'` is required then).
      body: body as unknown as ReadableStream<Uint8Array>,
      duplex: 'half',
    } as RequestInit);
    let signal: AbortSignal | undefined;
    Object.defineProperty(request, 'signal', { get: () => (signal ??= responseSignal(response)), configurable: true });
    return request;
  });
}

/**
 * Request headers that answer `get` and `has` from Node's parsed headers, which already hold each field once (repeats
 * joined as Node joins them, the same values `webHeaders` would copy in), and copy them into the Headers list the
 * first time anything else is asked: a partner call reads four or five fields and never iterates or changes them,
 * and filling undici's list validates and sorts every field of every request.
 */
export class IncomingHeaders extends Headers {
  #incoming: IncomingMessage['headers'] | undefined;

  constructor(incoming: IncomingMessage['headers']) {
    super();
    this.#incoming = incoming;
  }

  #filled(): this {
    const incoming = this.#incoming;
    if (incoming) {
      this.#incoming = undefined;
      for (const [name, value] of webHeaders(incoming)) super.append(name, value);
    }
    return this;
  }

  override get(name: string): string | null {
    const incoming = this.#incoming;
    if (!incoming) return super.get(name);
    const value = incoming[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }

  override has(name: string): boolean {
    const incoming = this.#incoming;
    return incoming ? incoming[name.toLowerCase()] !== undefined : super.has(name);
  }

  override set(name: string, value: string): void {
    this.#filled();
    super.set(name, value);
  }

  override append(name: string, value: string): void {
    this.#filled();
    super.append(name, value);
  }

  override delete(name: string): void {
    this.#filled();
    super.delete(name);
  }

  override getSetCookie(): string[] {
    return this.#filled() && super.getSetCookie();
  }

  override forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    this.#filled();
    super.forEach(callback, thisArg);
  }

  override entries(): HeadersIterator<[string, string]> {
    return this.#filled() && super.entries();
  }

  override keys(): HeadersIterator<string> {
    return this.#filled() && super.keys();
  }

  override values(): HeadersIterator<string> {
    return this.#filled() && super.values();
  }

  override [Symbol.iterator](): HeadersIterator<[string, string]> {
    return this.#filled() && super[Symbol.iterator]();
  }
}

/**
 * A Request over a body already in memory (or none). What it does not serve itself it asks of the undici Request it
 * makes on first need, over the same headers and the body, unless that was read already.
 */
class BufferedRequest extends DeferredBody<Request> {
  readonly method: string;
  readonly url: string;
  readonly #incomingHeaders: IncomingMessage['headers'];
  readonly #response: ServerResponse;
  readonly #hasBody: boolean;
  #headers: Headers | undefined;
  #signal: AbortSignal | undefined;

  constructor(method: string, url: string, headers: IncomingMessage['headers'], body: Buffer | null, response: ServerResponse) {
    super(body);
    this.method = method;
    this.url = url;
    this.#incomingHeaders = headers;
    this.#response = response;
    this.#hasBody = body !== null;
  }

  get headers(): Headers {
    return (this.#headers ??= new IncomingHeaders(this.#incomingHeaders));
  }

  get signal(): AbortSignal {
    return (this.#signal ??= responseSignal(this.#response));
  }

  get body(): ReadableStream<Uint8Array> | null {
    return this.#hasBody ? this.undiciObject().body : null;
  }

  protected makeUndici(body: Buffer | null): Request {
    const request = new Request(this.url, { method: this.method, headers: this.headers, ...(body === null ? {} : { body: body as unknown as BodyInit }) });
    Object.defineProperty(request, 'signal', { get: () => this.signal, configurable: true });
    return request;
  }
}

// Everything else of a Request (cache, mode, clone(), formData() …) comes from undici's, made for the purpose.
standIn(BufferedRequest, Request);

// The body may have been decoded or re-framed on its way through fetch: framing is Node's to decide.
const FRAMING_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding']);
// Headers a response may repeat; any other one already set on `outgoing` (next.config.js's headers) is kept.
const REPEATABLE_HEADERS = new Set(['set-cookie', 'www-authenticate', 'proxy-authenticate', 'vary']);

/**
 * Writes `response` to `outgoing`: status, headers (each Set-Cookie on its own line), then the body chunk by chunk,
 * waiting for the socket to drain and stopping if the client goes away. HEAD answers get the headers alone.
 */
export async function sendWebResponse(response: Response, outgoing: ServerResponse, method: string): Promise<void> {
  outgoing.statusCode = response.status;
  outgoing.statusMessage = response.statusText;
  response.headers.forEach((value, name) => {
    if (FRAMING_HEADERS.has(name) || name === 'set-cookie' || name === 'x-middleware-set-cookie') return;
    if (REPEATABLE_HEADERS.has(name) || outgoing.getHeader(name) === undefined) outgoing.appendHeader(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) outgoing.appendHeader('set-cookie', cookie);

  const text = deferredText(response);
  if (text !== undefined) {
    // A body held as text (lib/http/responses.ts) is written as one chunk, framed as the stream would be.
    if (text && method !== 'HEAD' && !outgoing.destroyed) {
      outgoing.write(text);
      (outgoing as ServerResponse & { flush?: () => void }).flush?.();
    }
    outgoing.end();
    return;
  }
  const body = response.body;
  if (!body || method === 'HEAD') {
    if (body) void body.cancel().catch(() => {});
    outgoing.end();
    return;
  }
  const reader = body.getReader();
  let closed = false;
  const onClose = () => {
    closed = true;
    void reader.cancel().catch(() => {});
  };
  outgoing.once('close', onClose);
  // Compression (Next's middleware, where server.ts applies it) buffers: flush after each chunk so streams stream.
  const flush = (outgoing as ServerResponse & { flush?: () => void }).flush;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || closed) break;
      const drained = outgoing.write(value);
      flush?.call(outgoing);
      if (!drained && !closed)
        await new Promise<void>((resolve) => {
          const resume = () => {
            outgoing.off('drain', resume);
            outgoing.off('close', resume);
            resolve();
          };
          outgoing.on('drain', resume);
          outgoing.on('close', resume);
        });
    }
  } catch (error) {
    if (!closed) outgoing.destroy(error as Error);
    return;
  } finally {
    outgoing.off('close', onClose);
  }
  if (!closed) outgoing.end();
}
