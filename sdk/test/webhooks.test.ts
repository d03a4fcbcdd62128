import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { EventConsumer, verifyWebhook, WebhookVerificationError, type CounterpartEvent } from '../src/index';

const oldSecret = `whsec_${Buffer.from('old-secret-old-secret-old-secret').toString('base64')}`;
const newSecret = `whsec_${Buffer.from('new-secret-new-secret-new-secret').toString('base64')}`;

const event = (id: string, version: number, resourceId = 'ord_1'): CounterpartEvent => ({
  id,
  type: 'ORDER_ACCEPTED',
  createdAt: new Date().toISOString(),
  locationId: 'loc-1',
  data: { id: resourceId, uri: `https://hub.test/connect/orders/${resourceId}`, resource: 'order', version },
});

function signed(body: string, ...secrets: string[]) {
  const id = 'evt_1';
  const timestamp = new Date();
  const signature = secrets.map((secret) => new Webhook(secret).sign(id, timestamp, body)).join(' ');
  return { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)), 'webhook-signature': signature };
}

describe('verifyWebhook', () => {
  const body = JSON.stringify(event('evt_1', 2));

  it('returns the typed event for a delivery signed with the secret', () => {
    expect(verifyWebhook(newSecret, signed(body, newSecret), body)).toEqual(JSON.parse(body));
    expect(verifyWebhook(newSecret, new Headers(signed(body, newSecret)), Buffer.from(body)).data.version).toBe(2);
  });

  it('accepts a delivery signed with either secret while they rotate', () => {
    expect(verifyWebhook([newSecret, oldSecret], signed(body, oldSecret), body).id).toBe('evt_1');
    expect(verifyWebhook([newSecret, oldSecret], signed(body, newSecret), body).id).toBe('evt_1');
    // The server signs with both during rotation: a receiver that knows only one of them accepts it too.
    expect(verifyWebhook(oldSecret, signed(body, newSecret, oldSecret), body).id).toBe('evt_1');
  });

  it('refuses a tampered body, an unknown secret and a stale timestamp', () => {
    expect(() => verifyWebhook(newSecret, signed(body, newSecret), body.replace('"version":2', '"version":3'))).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(oldSecret, signed(body, newSecret), body)).toThrow(WebhookVerificationError);
    const stale = { ...signed(body, newSecret), 'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 3600) };
    expect(() => verifyWebhook(newSecret, stale, body)).toThrow(WebhookVerificationError);
  });
});

describe('EventConsumer', () => {
  it('handles each event once, in version order per resource, dropping stale ones', async () => {
    const handled: string[] = [];
    const consumer = new EventConsumer({ handle: (received) => void handled.push(received.id) });
    expect(await consumer.consume(event('e1', 1))).toBe('handled');
    expect(await consumer.consume(event('e1', 1))).toBe('duplicate');
    expect(await consumer.consume(event('e3', 3))).toBe('handled');
    expect(await consumer.consume(event('e2', 2))).toBe('stale');
    expect(await consumer.consume(event('x1', 1, 'ord_2'))).toBe('handled');
    expect(handled).toEqual(['e1', 'e3', 'x1']);
    expect(consumer.versionOf('order', 'ord_1')).toBe(3);
  });

  it('runs one resource’s handlers one after another, and re-handles an event whose handler failed', async () => {
    const log: string[] = [];
    let fail = true;
    const consumer = new EventConsumer({
      handle: async (received) => {
        log.push(`start ${received.id}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (received.id === 'e1' && fail) throw new Error('receiver down');
        log.push(`end ${received.id}`);
      },
    });
    const results = await Promise.allSettled([consumer.consume(event('e1', 1)), consumer.consume(event('e2', 2))]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled']);
    expect(log).toEqual(['start e1', 'start e2', 'end e2']);
    fail = false;
    expect(await consumer.consume(event('e1', 1))).toBe('stale');
  });
});
