import { describe, expect, it } from 'vitest';
import { apiRequestLog, events } from '@/db/schema';
import { newId } from '@/lib/ids';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { findAnything } from './find';

const { db } = useTestDatabase();

describe('find anything by id', () => {
  it('finds an event, a request, a client and a partner, and lists several names', async () => {
    const { locationIds } = await createMerchantWithLocations(db());
    const partner = await createConnectedPartner(db(), 'ORDERING_APP', locationIds);
    const eventId = `evt_${newId()}`;
    await db().insert(events).values({ id: eventId, type: 'ORDER_CREATED', resource: 'order', resourceId: newId(), resourceVersion: 1, payload: {} });
    await db().insert(apiRequestLog).values({
      at: new Date(),
      requestId: 'find-me-1',
      surface: 'partner',
      method: 'POST',
      route: '/connect/orders',
      path: '/connect/orders',
      status: 201,
      latencyMs: 2,
    });
    expect(await findAnything(db(), eventId)).toEqual([
      { kind: 'Event', label: `ORDER_CREATED ${eventId}`, href: `/dashboard/admin/deliveries?eventId=${eventId}` },
    ]);
    const [request] = await findAnything(db(), ' find-me-1 ');
    expect(request).toMatchObject({ kind: 'API request', label: 'POST /connect/orders → 201' });
    expect(request!.href).toMatch(/^\/dashboard\/admin\/requests\/\d+$/);
    expect(await findAnything(db(), partner.clientId)).toEqual([
      { kind: 'Client', label: partner.clientId, href: `/dashboard/admin/partners/${partner.partnerId}` },
    ]);
    expect((await findAnything(db(), partner.partnerId)).map((item) => item.kind)).toEqual(['Partner']);
    expect(await findAnything(db(), 'nothing-has-this-id')).toEqual([]);
    // A name's part is a pattern of its own: "%" and "_" match themselves only.
    expect(await findAnything(db(), '%')).toEqual([]);
    expect(await findAnything(db(), '')).toEqual([]);
  });
});
