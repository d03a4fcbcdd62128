import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emitEvent } from '@/lib/events/outbox';
import { sweepExpiredEvents } from '@/lib/events/catch-up';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { callRoute } from '@/lib/testing/http';
import { GET } from './route';

const database = useTestDatabase();

const emitTable = (locationId: string, tableId: string, actorPartnerId: string | null = null) =>
  database.db().transaction((tx) =>
    emitEvent(tx, {
      type: 'NEW_TABLE',
      locationId,
      resource: 'table',
      resourceId: tableId,
      version: 1,
      actorPartnerId,
      audience: { connectedPartnerTypes: ['POS', 'ORDERING_APP'] },
    }),
  );

const feed = async (token: string, query = '') => {
  const response = await callRoute(GET, 'GET', `/connect/events${query}`, { token });
  return { status: response.status, body: await response.json(), headers: response.headers };
};

describe('GET /connect/events (catch-up)', () => {
  it("pages the caller's events oldest first with `after`, never showing other partners' events", async () => {
    const { locationIds } = await createMerchantWithLocations(database.db(), 2);
    const pos = await createConnectedPartner(database.db(), 'POS', [locationIds[0]!]);
    const other = await createConnectedPartner(database.db(), 'POS', [locationIds[1]!]);
    const emitted = [];
    for (let i = 0; i < 5; i++) emitted.push(await emitTable(locationIds[0]!, `t${i}`));
    await emitTable(locationIds[1]!, 'elsewhere');
    await emitTable(locationIds[0]!, 'own-change', pos.partnerId);

    const first = await feed(pos.token, '?limit=2');
    expect(first.status).toBe(200);
    expect(first.headers.get('api-version')).toBe('1.0');
    expect(first.body.results).toEqual(emitted.slice(0, 2).map((event) => JSON.parse(JSON.stringify(event))));
    expect(first.body).toMatchObject({ hasMore: true, lastEventId: emitted[1]!.id });

    const second = await feed(pos.token, `?limit=2&after=${first.body.lastEventId}`);
    expect(second.body.results.map((event: { id: string }) => event.id)).toEqual([emitted[2]!.id, emitted[3]!.id]);
    const third = await feed(pos.token, `?limit=2&after=${second.body.lastEventId}`);
    expect(third.body).toMatchObject({ hasMore: false, lastEventId: emitted[4]!.id });
    expect(third.body.results).toHaveLength(1);
    const caughtUp = await feed(pos.token, `?after=${third.body.lastEventId}`);
    expect(caughtUp.body).toEqual({ results: [], lastEventId: emitted[4]!.id, hasMore: false });

    const others = await feed(other.token);
    expect(others.body.results.map((event: { data: { id: string } }) => event.data.id)).toEqual(['elsewhere']);
  });

  it("answers 422 for an `after` that is not one of the caller's events, and 400 for a bad limit", async () => {
    const { locationIds } = await createMerchantWithLocations(database.db(), 2);
    const pos = await createConnectedPartner(database.db(), 'POS', [locationIds[0]!]);
    const other = await createConnectedPartner(database.db(), 'POS', [locationIds[1]!]);
    const foreign = await emitTable(locationIds[1]!, 'foreign');
    const unknown = await feed(pos.token, `?after=${foreign.id}`);
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('UNKNOWN_EVENT');
    expect((await feed(other.token, `?after=${foreign.id}`)).status).toBe(200);
    const invalid = await feed(pos.token, '?limit=0');
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors[0]).toMatchObject({ segment: 'query', path: 'limit' });
    expect((await callRoute(GET, 'GET', '/connect/events')).status).toBe(401);
  });

  it('holds back events behind a transaction that is still open, so a late commit with a lower seq is not skipped', async () => {
    const { locationIds } = await createMerchantWithLocations(database.db(), 1);
    const pos = await createConnectedPartner(database.db(), 'POS', locationIds);
    const before = await emitTable(locationIds[0]!, 'before');
    // A transaction takes a seq, then stays open while a later one commits: the feed must not move past it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let early!: { id: string };
    const slow = database.db().transaction(async (tx) => {
      early = await emitEvent(tx, {
        type: 'NEW_TABLE',
        locationId: locationIds[0]!,
        resource: 'table',
        resourceId: 'slow',
        version: 1,
        actorPartnerId: null,
        audience: { connectedPartnerTypes: ['POS'] },
      });
      await held;
    });
    if (database.handle().kind === 'pglite') {
      // PGlite runs one transaction at a time: the later commit cannot overtake, so only check the happy path.
      release();
      await slow;
      const page = await feed(pos.token, `?after=${before.id}`);
      expect(page.body.results.map((event: { id: string }) => event.id)).toEqual([early.id]);
      return;
    }
    while (!early) await new Promise((resolve) => setTimeout(resolve, 10));
    const late = await emitTable(locationIds[0]!, 'late');
    const whileOpen = await feed(pos.token, `?after=${before.id}`);
    expect(whileOpen.body.results).toEqual([]);
    release();
    await slow;
    const afterCommit = await feed(pos.token, `?after=${before.id}`);
    expect(afterCommit.body.results.map((event: { id: string }) => event.id)).toEqual([early.id, late.id]);
  });

  it('sweeps events older than 30 days', async () => {
    const { locationIds } = await createMerchantWithLocations(database.db(), 1);
    const pos = await createConnectedPartner(database.db(), 'POS', locationIds);
    const old = await emitTable(locationIds[0]!, 'old');
    const fresh = await emitTable(locationIds[0]!, 'fresh');
    await database.db().execute(sql`update events set created_at = now() - interval '31 days' where id = ${old.id}`);
    expect(await sweepExpiredEvents(database.db())).toBeGreaterThanOrEqual(1);
    const page = await feed(pos.token);
    expect(page.body.results.map((event: { id: string }) => event.id)).toEqual([fresh.id]);
  });
});
