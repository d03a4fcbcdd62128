import { afterAll, describe, expect, it } from 'vitest';
import { GET as readyz } from '@/app/readyz/route';
import { installDatabase, openDatabase } from '@/db/client';
import { ensureSigningKey } from '@/lib/auth/signing-keys';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { callRoute } from '@/lib/testing/http';
import { partnerRoute } from './partner-route';
import { noContent } from './responses';

const ping = partnerRoute({ api: 'tables' }, async () => noContent());

afterAll(() => installDatabase(undefined));

describe('database outage', () => {
  it('answers partner calls 503 with Retry-After, and /readyz 503, once the database is gone', async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    installDatabase(handle);
    await ensureSigningKey(handle.db);
    const { locationIds } = await createMerchantWithLocations(handle.db);
    const pos = await createConnectedPartner(handle.db, 'POS', locationIds);
    expect((await callRoute(ping, 'GET', '/connect/ping', { token: pos.token })).status).toBe(204);
    expect((await readyz()).status).toBe(200);

    await handle.close();

    const response = await callRoute(ping, 'GET', '/connect/ping', { token: pos.token });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await response.json()).code).toBe('SERVICE_UNAVAILABLE');
    const ready = await readyz();
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBeTruthy();
  });
});
