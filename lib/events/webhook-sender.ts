import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isDemoSinkTarget } from '@/lib/ops/demo-sink';
import { assertDeliverableHost, guardedLookup } from './webhook-target';

/** What one attempt produced; recorded in webhook_attempts. */
export interface AttemptOutcome {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  responseSnippet: string | null;
  succeeded: boolean;
}

const SNIPPET_BYTES = 512;
// Bodies up to this size are read to the end so the keep-alive socket can be reused; larger ones are cut off.
const DRAIN_LIMIT_BYTES = 64 * 1024;

// Keep-alive agents shared by every delivery: at 1,000 events a second a new TLS handshake per POST would dominate.
// An idle connection is given up after FREE_SOCKET_IDLE_MS, or a second before the receiver's own `Keep-Alive:
// timeout=N` (Node's agent reads that hint only when it has a timeout of its own): a receiver closes idle connections
// on its own clock (Node's servers ~5-6 s after the last answer), and a POST written on a connection the receiver is
// closing at that moment is reset ("read ECONNRESET" within a millisecond). The demo sink is this very process, where
// one busy turn of the event loop (a long query) makes the two coincide.
export const FREE_SOCKET_IDLE_MS = 4_000;
const agentOptions = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: FREE_SOCKET_IDLE_MS, lookup: guardedLookup };
const httpAgent = new HttpAgent(agentOptions);
const httpsAgent = new HttpsAgent(agentOptions);

// A reused connection that breaks before any answer: the receiver closed it as the POST went out, and never saw it.
const STALE_CONNECTION = /ECONNRESET|EPIPE|ECONNABORTED|socket hang up/;

/**
 * POSTs one webhook body; any 2xx within `timeoutMs` (headers and body) is success (docs/contract.md#webhooks). A POST that went out
 * on a reused keep-alive connection and was reset before any answer is sent once more on a fresh connection, within the
 * same attempt and time budget (what Node's documentation advises for `request.reusedSocket`).
 */
export async function postWebhook(rawUrl: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<AttemptOutcome> {
  const started = performance.now();
  const first = await postOnce(rawUrl, headers, body, timeoutMs, started);
  if (!first.staleConnection) return first.outcome;
  const left = timeoutMs - (performance.now() - started);
  if (left <= 0) return first.outcome;
  return (await postOnce(rawUrl, headers, body, left, started, { fresh: true })).outcome;
}

function postOnce(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  started: number,
  options: { fresh?: boolean } = {},
): Promise<{ outcome: AttemptOutcome; staleConnection: boolean }> {
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    let statusSoFar: number | null = null;
    // Set once the request exists; finish() may already run before that (an undeliverable URL) and clears nothing.
    // eslint-disable-next-line prefer-const
    let timer: NodeJS.Timeout | undefined;
    const finish = (outcome: Omit<AttemptOutcome, 'latencyMs' | 'succeeded'>, staleConnection = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const succeeded = outcome.error === null && outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
      resolve({ outcome: { ...outcome, latencyMs: elapsed(), succeeded }, staleConnection });
    };
    let url: URL;
    try {
      url = new URL(rawUrl);
      // The demo tenant's built-in sink is this process's own loopback address (lib/ops/demo-sink.ts).
      if (!isDemoSinkTarget(url)) assertDeliverableHost(url);
    } catch (error) {
      finish({ statusCode: null, error: describe(error), responseSnippet: null });
      return;
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const agent = url.protocol === 'https:' ? httpsAgent : httpAgent;
    const request = send(url, {
      method: 'POST',
      // The second try after a stale connection opens its own (the pool may hold more connections closed alike).
      ...(options.fresh ? { agent: false, lookup: guardedLookup } : { agent }),
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Counterpart-Webhooks/1.0', ...headers },
    });
    timer = setTimeout(() => {
      request.destroy();
      finish({ statusCode: statusSoFar, error: `timed out after ${timeoutMs} ms`, responseSnippet: null });
    }, timeoutMs);
    request.on('error', (error) =>
      finish(
        { statusCode: statusSoFar, error: describe(error), responseSnippet: null },
        request.reusedSocket && statusSoFar === null && STALE_CONNECTION.test(describe(error)),
      ),
    );
    request.on('response', (response: IncomingMessage) => {
      statusSoFar = response.statusCode ?? null;
      readSnippet(response).then(
        (snippet) => finish({ statusCode: statusSoFar, error: null, responseSnippet: snippet }),
        (error: unknown) => finish({ statusCode: statusSoFar, error: describe(error), responseSnippet: null }),
      );
    });
    request.end(body);
  });
}

function readSnippet(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      if (size < SNIPPET_BYTES) chunks.push(chunk);
      size += chunk.length;
      if (size > DRAIN_LIMIT_BYTES) {
        response.destroy();
        resolve(Buffer.concat(chunks).subarray(0, SNIPPET_BYTES).toString('utf8'));
      }
    });
    response.on('end', () => resolve(Buffer.concat(chunks).subarray(0, SNIPPET_BYTES).toString('utf8')));
    response.on('error', reject);
    response.on('aborted', () => reject(new Error('response aborted')));
  });
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
