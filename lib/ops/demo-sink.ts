import { and, eq, inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Executor } from '@/db/client';
import { webhookEndpoints } from '@/db/schema';
import { config } from '@/lib/config';
import { newPrefixedId } from '@/lib/ids';
import { open, seal } from '@/lib/security/sealed-secrets';
import { webhookSecretContext } from '@/lib/security/stored-secrets';
import { newWebhookSecret } from '@/lib/events/webhook-endpoints';

// The demo's built-in webhook receiver (docs/contract.md#demo-tenant demo tenant): with SEED_DEMO=true each demo app gets an endpoint
// pointing here, so deliveries, signatures and replay show in the console with no setup. It lives on this process's
// own loopback address, which the SSRF rules refuse to every endpoint registered through /manage or the console; only
// the exact sink URL, only while SEED_DEMO is on, is delivered to (lib/events/webhook-sender.ts).

export const DEMO_SINK_PATH = '/demo/webhook-sink/';

export const demoSinkUrl = (sink: string) => `http://127.0.0.1:${config().PORT}${DEMO_SINK_PATH}${encodeURIComponent(sink)}`;

/** Whether a delivery target is this process's own demo sink, which the SSRF guard lets through. */
export function isDemoSinkTarget(url: URL): boolean {
  return (
    config().SEED_DEMO &&
    url.protocol === 'http:' &&
    url.hostname === '127.0.0.1' &&
    url.port === String(config().PORT) &&
    url.pathname.startsWith(DEMO_SINK_PATH) &&
    !url.pathname.slice(DEMO_SINK_PATH.length).includes('/') &&
    !url.search
  );
}

/** Creates the demo sink endpoint of a demo partner; its URL is never accepted from outside. */
export async function createDemoSinkEndpoint(db: Executor, partnerId: string, sink: string) {
  const id = newPrefixedId('whe');
  const secret = newWebhookSecret();
  await db.insert(webhookEndpoints).values({ id, partnerId, url: demoSinkUrl(sink), eventTypes: null, secret: seal(secret, webhookSecretContext(id)) });
  return { id, url: demoSinkUrl(sink) };
}

export interface SinkReceipt {
  receivedAt: string;
  webhookId: string | null;
  type: string | null;
  verified: boolean;
  endpointId: string | null;
}

const RECEIPTS_KEPT = 50;
const holder = globalThis as typeof globalThis & { __counterpartDemoSink?: Map<string, SinkReceipt[]> };
const receipts = () => (holder.__counterpartDemoSink ??= new Map());

/**
 * Receives one delivery: verifies its Standard Webhooks signature with the secrets of the endpoints pointing at this
 * sink (as a real receiver would), keeps the last few receipts in memory and answers what it found.
 */
export async function receiveAtSink(db: Executor, sink: string, headers: Headers, body: string): Promise<SinkReceipt> {
  const candidates = await db
    .select({ id: webhookEndpoints.id, secret: webhookEndpoints.secret, previousSecret: webhookEndpoints.previousSecret })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.url, demoSinkUrl(sink))));
  let endpointId: string | null = null;
  const signed = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, headers.get(name) ?? '']));
  for (const candidate of candidates) {
    for (const sealed of [candidate.secret, candidate.previousSecret]) {
      if (!sealed || endpointId) continue;
      try {
        new Webhook(open(sealed, webhookSecretContext(candidate.id))).verify(body, signed);
        endpointId = candidate.id;
      } catch {
        // Not this secret.
      }
    }
  }
  let type: string | null = null;
  try {
    type = String((JSON.parse(body) as { type?: unknown }).type ?? '') || null;
  } catch {
    // Not JSON: kept as unverified.
  }
  const receipt: SinkReceipt = { receivedAt: new Date().toISOString(), webhookId: headers.get('webhook-id'), type, verified: endpointId !== null, endpointId };
  const list = receipts().get(sink) ?? [];
  list.unshift(receipt);
  receipts().set(sink, list.slice(0, RECEIPTS_KEPT));
  return receipt;
}

export const sinkReceipts = (sink: string): SinkReceipt[] => receipts().get(sink) ?? [];

/** The demo sink endpoints among some endpoint ids (the console marks them). */
export async function demoSinkEndpointIds(db: Executor, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: webhookEndpoints.id, url: webhookEndpoints.url }).from(webhookEndpoints).where(inArray(webhookEndpoints.id, ids));
  return new Set(rows.filter((row) => isDemoSinkTarget(new URL(row.url))).map((row) => row.id));
}
