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
const agentOptions = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, lookup: guardedLookup };
const httpAgent = new HttpAgent(agentOptions);
const httpsAgent = new HttpsAgent(agentOptions);

/** POSTs one webhook body; any 2xx within `timeoutMs` (headers and body) is success (docs/contract.md#webhooks). */
export function postWebhook(rawUrl: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    let statusSoFar: number | null = null;
    // Set once the request exists; finish() may already run before that (an undeliverable URL) and clears nothing.
    // eslint-disable-next-line prefer-const
    let timer: NodeJS.Timeout | undefined;
    const finish = (outcome: Omit<AttemptOutcome, 'latencyMs' | 'succeeded'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const succeeded = outcome.error === null && outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
      resolve({ ...outcome, latencyMs: elapsed(), succeeded });
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
    const request = send(url, {
      method: 'POST',
      agent: url.protocol === 'https:' ? httpsAgent : httpAgent,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Counterpart-Webhooks/1.0', ...headers },
    });
    timer = setTimeout(() => {
      request.destroy();
      finish({ statusCode: statusSoFar, error: `timed out after ${timeoutMs} ms`, responseSnippet: null });
    }, timeoutMs);
    request.on('error', (error) => finish({ statusCode: statusSoFar, error: describe(error), responseSnippet: null }));
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
