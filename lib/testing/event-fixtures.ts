import type { Database, Executor } from '@/db/client';
import { emitEvent } from '@/lib/events/outbox';
import type { EventType } from '@/lib/events/event-types';
import { createWebhookEndpoint } from '@/lib/events/webhook-endpoints';
import type { WebhookDispatcher } from '@/lib/events/webhook-dispatcher';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { createConnection, createPartner } from '@/lib/tenancy/partners';

let counter = 0;

/** A location and an ordering app connected to it with one webhook endpoint at `url`. */
export async function webhookSubscriber(db: Executor, url: string) {
  const { locationIds } = await createMerchantWithLocations(db, 1);
  const partner = await createPartner(db, { name: `App ${++counter}`, type: 'ORDERING_APP' });
  await createConnection(db, partner.id, { locationId: locationIds[0]! });
  const endpoint = await createWebhookEndpoint(db, partner.id, { url });
  return { locationId: locationIds[0]!, partnerId: partner.id, endpoint };
}

const typesByVersion: EventType[] = ['ORDER_CREATED', 'ORDER_ACCEPTED', 'ORDER_BEING_PREPARED', 'ORDER_READY', 'ORDER_FULFILLED'];

/** Commits one order event addressed to `partnerId`, as a domain would (system actor, so nobody is left out). */
export function emitOrderEvent(db: Database, input: { locationId: string; partnerId: string; orderId: string; version: number }) {
  return db.transaction((tx) =>
    emitEvent(tx, {
      type: typesByVersion[(input.version - 1) % typesByVersion.length]!,
      locationId: input.locationId,
      resource: 'order',
      resourceId: input.orderId,
      version: input.version,
      actorPartnerId: null,
      audience: { partnerIds: [input.partnerId] },
    }),
  );
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Drives a dispatcher by hand until `done()` holds (or fails after `timeoutMs`). */
export async function dispatchUntil(dispatcher: WebhookDispatcher, done: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('dispatchUntil: condition not reached in time');
    if ((await dispatcher.dispatchBatch()) === 0) await sleep(25);
  }
}
