import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '@/lib/testing/database';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { createPartner } from '@/lib/tenancy/partners';
import { eventBus, type CommittedEvent } from './event-bus';
import { EVENTS_CHANNEL, emitEvent } from './outbox';

const database = useTestDatabase();

const emit = (locationId: string, resourceId: string) =>
  database
    .db()
    .transaction((tx) =>
      emitEvent(tx, { type: 'NEW_TABLE', locationId, resource: 'table', resourceId, version: 1, actorPartnerId: null, audience: { partnerIds: [] } }),
    );

async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

afterEach(() => vi.restoreAllMocks());

// The bus's LISTEN starts with its first subscription and stays; started once here, so no test's first events race
// the round trip that sets it up (on PostgreSQL an event committed meanwhile reaches nobody).
beforeAll(async () => {
  const unsubscribe = eventBus(database.handle()).subscribe(() => {});
  await eventBus(database.handle()).listening();
  unsubscribe();
});

describe('event bus', () => {
  it('hands a listener the events of the locations it wants, in commit order', async () => {
    const { locationIds } = await createMerchantWithLocations(database.db(), 2);
    const [wanted, other] = locationIds as [string, string];
    const received: CommittedEvent[] = [];
    const unsubscribe = eventBus(database.handle()).subscribe(
      (committed) => received.push(committed),
      ({ locationId }) => locationId === wanted,
    );
    await emit(other, 'other-1');
    await emit(wanted, 'wanted-1');
    await emit(other, 'other-2');
    await emit(wanted, 'wanted-2');
    await until(() => received.length === 2);
    unsubscribe();
    expect(received.map(({ event }) => [event.locationId, event.data.id])).toEqual([
      [wanted, 'wanted-1'],
      [wanted, 'wanted-2'],
    ]);
  });

  it('reads nothing from the database for an event no listener wants', async () => {
    const { locationIds } = await createMerchantWithLocations(database.db(), 2);
    const [wanted, other] = locationIds as [string, string];
    const unsubscribe = eventBus(database.handle()).subscribe(
      () => {},
      ({ locationId }) => locationId === wanted,
    );
    // Our own LISTEN is registered after the bus's, so by the time it hears the notice the bus has already decided.
    const heard: string[] = [];
    const unlisten = await database.handle().listen(EVENTS_CHANNEL, (payload) => heard.push(payload));
    const reads = vi.spyOn(database.handle().db, 'select');
    const event = await emit(other, 'nobody-wants-this');
    await until(() => heard.some((payload) => payload.includes(event.id)));
    await unlisten();
    unsubscribe();
    expect(reads).not.toHaveBeenCalled();
  });

  it('still reads every event for a listener that names no interest', async () => {
    const { locationIds } = await createMerchantWithLocations(database.db(), 1);
    const received: string[] = [];
    const unsubscribe = eventBus(database.handle()).subscribe(({ event }) => received.push(event.data.id));
    await emit(locationIds[0]!, 'anyone');
    await until(() => received.includes('anyone'));
    unsubscribe();
  });

  it('reads a committed event from the database once, however many listeners take it', async () => {
    const { locationIds } = await createMerchantWithLocations(database.db(), 1);
    const partner = await createPartner(database.db(), { name: 'Recipient', type: 'POS' });
    const received = Array.from({ length: 50 }, () => [] as CommittedEvent[]);
    const unsubscribes = received.map((list) => eventBus(database.handle()).subscribe((committed) => list.push(committed)));
    const reads = vi.spyOn(database.handle().db, 'select');
    const event = await database.db().transaction((tx) =>
      emitEvent(tx, {
        type: 'NEW_TABLE',
        locationId: locationIds[0]!,
        resource: 'table',
        resourceId: 'for-everyone',
        version: 1,
        actorPartnerId: null,
        audience: { partnerIds: [partner.id] },
      }),
    );
    await until(() => received.every((list) => list.some((committed) => committed.event.id === event.id)));
    for (const unsubscribe of unsubscribes) unsubscribe();
    expect(reads).toHaveBeenCalledTimes(1);
    expect(received[49]!.find((committed) => committed.event.id === event.id)).toEqual({ event: JSON.parse(JSON.stringify(event)), recipients: [partner.id] });
  });
});
