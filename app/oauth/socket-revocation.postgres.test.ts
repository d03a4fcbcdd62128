import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { installDatabase, type DatabaseHandle } from '@/db/client';
import { ensureSigningKey } from '@/lib/auth/signing-keys';
import { attachPosNotifications, TOKEN_REVOKED_CLOSE_CODE } from '@/lib/events/pos-notifications';
import { durableDatabase } from '@/lib/testing/durable-database';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { callRoute } from '@/lib/testing/http';
import { createClient, createPartner } from '@/lib/tenancy/partners';
import { createUser } from '@/lib/tenancy/users';
import * as revokeRoute from './revoke/route';
import { approvedDeviceTokens } from '@/app/_testing/oauth';

/**
 * docs/contract.md#scope: revocation closes the grant's sockets "on every instance". Two instances share one PostgreSQL: the
 * socket is held by instance A while the POS revokes its grant through instance B.
 */
describe('revocation on another instance', () => {
  let database: Awaited<ReturnType<typeof durableDatabase>>;
  let instanceA: DatabaseHandle;
  let instanceB: DatabaseHandle;
  let server: Server;
  let notifications: ReturnType<typeof attachPosNotifications>;

  beforeAll(async () => {
    database = await durableDatabase();
    instanceA = await database.open();
    instanceB = await database.open();
    installDatabase(instanceB);
    await ensureSigningKey(instanceB.db);
    server = createServer((_request, response) => response.writeHead(404).end());
    notifications = attachPosNotifications(server, instanceA, { pingIntervalMs: 60_000 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await notifications.close();
    await new Promise((resolve) => server.close(resolve));
    installDatabase(undefined);
    await Promise.all([instanceA.close(), instanceB.close()]);
    await database.drop();
  });

  it('closes the socket held by instance A within 5 s of a revocation made through instance B', async () => {
    const db = instanceB.db;
    const { merchant, locationIds } = await createMerchantWithLocations(db, 1);
    const user = await createUser(db, { email: `m-${merchant.id}@example.test`, password: 'correct horse battery', role: 'MERCHANT', merchantId: merchant.id });
    const posClientId = (await createClient(db, (await createPartner(db, { name: 'Till POS', type: 'POS' })).id)).client_id;
    const tokens = await approvedDeviceTokens(db, posClientId, { id: merchant.id, userId: user.id }, locationIds);

    const port = (server.address() as AddressInfo).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/connect/pos/notifications/${locationIds[0]}`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    const closed = new Promise<{ code: number; at: number }>((resolve) => socket.once('close', (code) => resolve({ code, at: Date.now() })));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });

    const since = Date.now();
    const revoked = await callRoute(revokeRoute.POST, 'POST', '/oauth/revoke', {
      body: new URLSearchParams({ token: tokens.refresh_token, client_id: posClientId }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(revoked.status).toBe(200);
    const result = await Promise.race([closed, new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('still open')), 6000))]);
    expect(result.code).toBe(TOKEN_REVOKED_CLOSE_CODE);
    expect(result.at - since).toBeLessThan(5000);
  });
});
