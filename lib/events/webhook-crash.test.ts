import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '@/lib/config';
import { durableDatabase } from '@/lib/testing/durable-database';
import { dispatchUntil, emitOrderEvent, webhookSubscriber } from '@/lib/testing/event-fixtures';
import { startWebhookReceiver } from '@/lib/testing/webhook-receiver';
import { createWebhookDispatcher } from './webhook-dispatcher';

beforeAll(() => {
  resetConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_SCHEDULE: '0,0,1', WEBHOOK_TIMEOUT_MS: '2000' });
});
afterAll(() => {
  resetConfig();
});

describe('a crash between commit and delivery', () => {
  it('loses nothing: events committed before the process died are delivered by the next one', { timeout: 180_000 }, async () => {
    const database = await durableDatabase();
    const secrets: string[] = [];
    const receiver = await startWebhookReceiver(() => secrets);
    try {
      const first = await database.open();
      const { locationId, partnerId, endpoint } = await webhookSubscriber(first.db, receiver.url);
      secrets.push(endpoint.secret);
      const emitted = [];
      for (let version = 1; version <= 5; version++) emitted.push(await emitOrderEvent(first.db, { locationId, partnerId, orderId: 'crash', version }));
      await first.close();

      const second = await database.open();
      try {
        await dispatchUntil(createWebhookDispatcher(second), () => receiver.requests.length === emitted.length);
      } finally {
        await second.close();
      }
      expect(receiver.requests.map((request) => request.webhookId)).toEqual(emitted.map((event) => event.id));
      expect(receiver.requests.every((request) => request.verifiedWith.length === 1)).toBe(true);
    } finally {
      await receiver.close();
      await database.drop();
    }
  });
});
