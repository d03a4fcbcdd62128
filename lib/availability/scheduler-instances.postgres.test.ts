import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { events } from '@/db/schema';
import { startLoops } from '@/lib/background/runner';
import { sleep } from '@/lib/testing/event-fixtures';
import { durableDatabase } from '@/lib/testing/durable-database';
import { logger } from '@/lib/log';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { createConnection, createPartner } from '@/lib/tenancy/partners';
import { changeAvailability } from './location-availability';
import { availabilityLoop } from './scheduler';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

describe('two scheduler instances on one PostgreSQL database', () => {
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

  it('emit each scheduled change exactly once, on time', async () => {
    const db = handles[0]!.db;
    const { merchant, locationIds } = await createMerchantWithLocations(db, 40);
    const app = await createPartner(db, { name: 'Ordering app', type: 'ORDERING_APP' });
    for (const locationId of locationIds) await createConnection(db, app.id, { locationId });
    const merchantActor = { caller: { merchantId: merchant.id }, by: 'MERCHANT' as const };
    // Pauses and busy modes ending one after another over about twelve seconds: the clock's changes of a service.
    const start = Date.now() + 2000;
    const ends = new Map<string, number>();
    for (const [index, locationId] of locationIds.entries()) {
      const until = new Date(start + index * 250).toISOString();
      await changeAvailability(db, merchantActor, locationId, index % 2 ? { pause: { until, reason: 'Short staffed' } } : { busy: { minutes: 15, until } });
      ends.set(locationId, Date.parse(until));
    }
    const loops = handles.map((handle) => startLoops([availabilityLoop(handle)], logger()));
    try {
      await sleep(Math.max(...ends.values()) - Date.now() + 2500);
    } finally {
      await Promise.all(loops.map((loop) => loop.stop()));
    }

    const scheduled = await db
      .select({ locationId: events.locationId, version: events.resourceVersion, createdAt: events.createdAt })
      .from(events)
      .where(and(eq(events.type, 'LOCATION_AVAILABILITY_UPDATED'), isNull(events.actorPartnerId), isNull(events.requestId)));
    const byLocation = new Map<string, typeof scheduled>();
    for (const event of scheduled.filter((candidate) => candidate.version > 1)) {
      byLocation.set(event.locationId!, [...(byLocation.get(event.locationId!) ?? []), event]);
    }
    expect([...byLocation.keys()].sort()).toEqual([...locationIds].sort());
    for (const told of byLocation.values()) expect(told.map((event) => event.version)).toEqual([2]);

    const lateness = [...byLocation.entries()].map(([locationId, [event]]) => event!.createdAt.getTime() - ends.get(locationId)!).sort((a, b) => a - b);
    expect(lateness[0]).toBeGreaterThanOrEqual(0);
    console.info(
      `availability scheduler, 2 instances, ${lateness.length} changes: exactly once; lateness p50 ${percentile(lateness, 50)} ms, p99 ${percentile(lateness, 99)} ms, max ${lateness.at(-1)} ms`,
    );
    expect(percentile(lateness, 99)).toBeLessThan(2500);
  }, 60_000);
});
