import { describe, expect, it } from 'vitest';
import * as locationRoute from '@/app/connect/locations/[locationId]/route';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { callRoute } from '@/lib/testing/http';
import { newId } from '@/lib/ids';
import { closePresence, openPresence, posApisOf, recordHello } from './pos-presence';

// The reference locations spec: status.reason says why a location is RED; pos.apis[].api is one of its enum.
const database = useTestDatabase();

async function locationStatus(locationId: string, token: string) {
  const response = await callRoute(locationRoute.GET, 'GET', `/connect/locations/${locationId}`, { token, params: { locationId } });
  expect(response.status).toBe(200);
  return response.json();
}

describe('location status', () => {
  it('names the reason while RED, none while GREEN, and the POS’s APIs by the reference’s names', async () => {
    const { locationIds } = await createMerchantWithLocations(database.db(), 1);
    const locationId = locationIds[0]!;
    const app = await createConnectedPartner(database.db(), 'ORDERING_APP', locationIds);
    expect((await locationStatus(locationId, app.token)).status).toEqual({ code: 'RED', lastOnlineAt: null, reason: 'No POS is connected to this location.' });

    const pos = await createConnectedPartner(database.db(), 'POS', locationIds);
    expect((await locationStatus(locationId, app.token)).status.reason).toBe('The POS has never opened its notification WebSocket.');

    const presenceId = newId();
    await openPresence(database.db(), { id: presenceId, instanceId: 'test-instance', locationId, partnerId: pos.partnerId });
    await recordHello(database.db(), presenceId, {
      posVersion: '4.2.0',
      supportedApis: [
        { name: 'ordering', version: '1.1' },
        { name: 'Sales', version: '1.0' },
        { name: 'TABLES', version: '1.0' },
        { name: 'FOOD_ORDERING', version: '1.0' },
      ],
    });
    const green = await locationStatus(locationId, app.token);
    expect(green.status).toEqual({ code: 'GREEN', lastOnlineAt: expect.any(String) });
    expect(green.pos).toEqual({
      vendor: pos.name,
      version: '4.2.0',
      apis: [
        { api: 'FOOD_ORDERING', version: '1.1' },
        { api: 'SALES', version: '1.0' },
      ],
    });

    await closePresence(database.db(), presenceId);
    const red = await locationStatus(locationId, app.token);
    expect(red.status).toEqual({
      code: 'RED',
      lastOnlineAt: expect.any(String),
      reason: 'The POS notification WebSocket closed or stopped answering heartbeats.',
    });
  });

  it('maps each spelling of an API the reference knows, and leaves the others out', () => {
    const names = ['booking', 'Bookings', 'food-ordering', 'loyalty', 'payments', 'sale', 'locations', 'tables', 'kitchen display'];
    expect(posApisOf(names.map((name) => ({ name, version: '1.0' }))).map((entry) => entry.api)).toEqual([
      'BOOKING',
      'FOOD_ORDERING',
      'LOYALTY',
      'PAYMENTS',
      'SALES',
      'LOCATION',
    ]);
  });
});
