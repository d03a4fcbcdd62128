import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { components } from './schema.js';

/** The event JSON, identical over webhooks, the POS WebSocket and GET /connect/events (docs/contract.md#pos-websocket). */
export type CounterpartEvent = components['schemas']['Event'];
export type EventType = CounterpartEvent['type'];

export { WebhookVerificationError };

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function headerRecord(headers: HeaderBag): Record<string, string> {
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  const record: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) record[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return record;
}

/**
 * Checks a webhook delivery's Standard Webhooks signature against the endpoint's `whsec_` secret(s) and returns the
 * event. Pass both secrets while rotating: a delivery signed with either is accepted. `body` must be the raw request
 * body, exactly as received. Throws `WebhookVerificationError` when no secret matches or the timestamp is too old.
 */
export function verifyWebhook(secrets: string | readonly string[], headers: HeaderBag, body: string | Uint8Array): CounterpartEvent {
  const record = headerRecord(headers);
  const payload = typeof body === 'string' ? body : Buffer.from(body);
  let failure: unknown = new WebhookVerificationError('No webhook secret given');
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    try {
      return new Webhook(secret).verify(payload, record) as CounterpartEvent;
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

export type ConsumeResult = 'handled' | 'duplicate' | 'stale';

export interface EventConsumerOptions {
  handle(event: CounterpartEvent): Promise<void> | void;
  /** How many event ids are remembered for de-duplication. Default 10 000. */
  rememberIds?: number;
}

/**
 * Applies events at most once each and never goes back in time: per resource, events are handled one after another,
 * and one whose `data.version` is not newer than the last handled is dropped (a webhook retried after a later event,
 * or the same event seen over the WebSocket and the catch-up feed). A handler that throws leaves the version
 * unchanged, so a re-delivery is handled again.
 */
export class EventConsumer {
  private readonly versions = new Map<string, number>();
  private readonly seen = new Set<string>();
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly options: EventConsumerOptions) {}

  /** The last handled version of a resource, if any. */
  versionOf(resource: string, id: string): number | undefined {
    return this.versions.get(`${resource}:${id}`);
  }

  consume(event: CounterpartEvent): Promise<ConsumeResult> {
    const key = `${event.data.resource}:${event.data.id}`;
    const run = (this.queues.get(key) ?? Promise.resolve()).catch(() => undefined).then(() => this.apply(key, event));
    this.queues.set(key, run);
    void run
      .finally(() => {
        if (this.queues.get(key) === run) this.queues.delete(key);
      })
      .catch(() => undefined);
    return run;
  }

  private async apply(key: string, event: CounterpartEvent): Promise<ConsumeResult> {
    if (this.seen.has(event.id)) return 'duplicate';
    const last = this.versions.get(key);
    if (last !== undefined && event.data.version <= last) return 'stale';
    await this.options.handle(event);
    this.versions.set(key, event.data.version);
    this.seen.add(event.id);
    if (this.seen.size > (this.options.rememberIds ?? 10_000)) this.seen.delete(this.seen.values().next().value as string);
    return 'handled';
  }
}
