import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPresence } from '@/lib/events/pos-presence';
import { newId } from '@/lib/ids';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { CONNECTIONS_PAGE, CONNECTIONS_SHOWN, partnersOverview } from './partners-view';
import { OFFLINE_SHOWN, partnerHealth } from './partner-health';

const { db } = useTestDatabase();

describe('the console at many connections', () => {
  it('lists a partner’s connection count and its first few locations, or one page of all of them', async () => {
    const { locationIds } = await createMerchantWithLocations(db(), CONNECTIONS_PAGE + 5);
    const sorted = [...locationIds].sort();
    const busy = await createConnectedPartner(db(), 'POS', locationIds);
    const quiet = await createConnectedPartner(db(), 'ORDERING_APP', sorted.slice(0, 2));

    const overview = await partnersOverview(db());
    const of = (partnerId: string, partners: typeof overview) => partners.find((partner) => partner.id === partnerId)!;
    expect(of(busy.partnerId, overview)).toMatchObject({ connectionCount: CONNECTIONS_PAGE + 5, locationIds: sorted.slice(0, CONNECTIONS_SHOWN) });
    expect(of(quiet.partnerId, overview)).toMatchObject({ connectionCount: 2, locationIds: sorted.slice(0, 2) });

    const firstPage = await partnersOverview(db(), { expand: { partnerId: busy.partnerId, page: 0 } });
    expect(of(busy.partnerId, firstPage).locationIds).toEqual(sorted.slice(0, CONNECTIONS_PAGE));
    const secondPage = await partnersOverview(db(), { expand: { partnerId: busy.partnerId, page: 1 } });
    expect(of(busy.partnerId, secondPage).locationIds).toEqual(sorted.slice(CONNECTIONS_PAGE));
    // Only the expanded partner is paged; the others still show their first few.
    expect(of(quiet.partnerId, secondPage).locationIds).toEqual(sorted.slice(0, 2));
  });

  it('counts a POS’s locations GREEN and RED, naming the first RED ones, and only counts other partners’', async () => {
    const { locationIds } = await createMerchantWithLocations(db(), OFFLINE_SHOWN + 6);
    const sorted = [...locationIds].sort();
    const pos = await createConnectedPartner(db(), 'POS', locationIds);
    const otherPos = await createConnectedPartner(db(), 'POS', locationIds);
    const app = await createConnectedPartner(db(), 'ORDERING_APP', locationIds.slice(0, 3));
    // Three of the POS's locations have a socket open; a fourth had one whose heartbeat went stale.
    for (const locationId of sorted.slice(0, 4)) await openPresence(db(), { id: newId(), instanceId: 'console-test', locationId, partnerId: pos.partnerId });
    await db().execute(sql`update pos_presence set heartbeat_at = now() - interval '10 minutes' where location_id = ${sorted[3]!}`);

    const health = await partnerHealth(db());
    const of = (partnerId: string) => health.find((partner) => partner.id === partnerId)!.locations;
    expect(of(pos.partnerId)).toEqual({ connected: OFFLINE_SHOWN + 6, online: 3, offline: sorted.slice(3, 3 + OFFLINE_SHOWN) });
    // Another POS at the same locations has no socket of its own open there.
    expect(of(otherPos.partnerId)).toMatchObject({ online: 0, offline: sorted.slice(0, OFFLINE_SHOWN) });
    expect(of(app.partnerId)).toEqual({ connected: 3, online: null, offline: null });
  });
});
