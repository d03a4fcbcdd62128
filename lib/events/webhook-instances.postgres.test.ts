import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle } from '@/db/client';
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

describe('two dispatcher instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof durableDatabase>>;
  const handles: DatabaseHandle[] = [];
  beforeAll(async () => {
    database = await durableDatabase();
    handles.push(await database.open(), await database.open());
  });
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await database.drop();
  });

  it('deliver each event once per endpoint, never twice in parallel, in per-resource order', async () => {
    const secrets: string[] = [];
    const receiver = await startWebhookReceiver(
      () => secrets,
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return 200;
      },
    );
    try {
      const { locationId, partnerId, endpoint } = await webhookSubscriber(handles[0]!.db, receiver.url);
      secrets.push(endpoint.secret);
      const emitted = [];
      for (let version = 1; version <= 10; version++) {
        for (let order = 0; order < 20; order++) {
          emitted.push(await emitOrderEvent(handles[0]!.db, { locationId, partnerId, orderId: `order-${order}`, version }));
        }
      }
      const dispatchers = handles.map((handle) => createWebhookDispatcher(handle, { batchSize: 15 }));
      const sent = [0, 0];
      await Promise.all(
        dispatchers.map((dispatcher, index) =>
          dispatchUntil(
            {
              ...dispatcher,
              dispatchBatch: async () => {
                const count = await dispatcher.dispatchBatch();
                sent[index]! += count;
                return count;
              },
            },
            () => receiver.requests.length >= emitted.length,
          ),
        ),
      );
      expect(receiver.requests).toHaveLength(emitted.length);
      expect(new Set(receiver.requests.map((request) => request.webhookId))).toEqual(new Set(emitted.map((event) => event.id)));
      expect(receiver.maxInFlightPerId).toBe(1);
      expect(sent[0]! + sent[1]!).toBe(emitted.length);
      const versions = new Map<string, number>();
      for (const request of receiver.requests) {
        expect(request.event.data.version).toBe((versions.get(request.event.data.id) ?? 0) + 1);
        versions.set(request.event.data.id, request.event.data.version);
      }
    } finally {
      await receiver.close();
    }
  });
});
