import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { decodeJwt } from 'jose';
import { connections } from '@/db/schema';
import { announceAccessChange } from '@/lib/tenancy/access-notices';
import { disconnectDevice } from '@/lib/auth/devices';
import { resetConfig } from '@/lib/config';
import { attachPosNotifications, OUT_OF_SCOPE_CLOSE_CODE, TOKEN_REVOKED_CLOSE_CODE } from '@/lib/events/pos-notifications';
import { useTestDatabase } from '@/lib/testing/database';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { callRoute } from '@/lib/testing/http';
import { createClient, createPartner } from '@/lib/tenancy/partners';
import { createUser } from '@/lib/tenancy/users';
import * as revokeRoute from './revoke/route';
import { approvedDeviceTokens } from '@/app/_testing/oauth';
import * as tokenRoute from './token/route';

/**
 * docs/contract.md#device-flow and docs/contract.md#pos-websocket: revoking a grant, reusing a refresh token, the merchant's "Disconnect" and token expiry close
 * that grant's open notification sockets (4001) within 5 seconds; a location leaving the token's scope closes its
 * socket with 4003.
 */
const { db, handle } = useTestDatabase();
const WITHIN_MS = 5000;
const HELLO = JSON.stringify({ type: 'HELLO', posVersion: '1.0', supportedApis: [{ name: 'ORDERING', version: '1.1' }] });

let server: Server;
let notifications: ReturnType<typeof attachPosNotifications>;
let baseUrl: string;
let merchant: { id: string; userId: string; locationIds: string[] };
let posClientId: string;

beforeAll(async () => {
  server = createServer((_request, response) => response.writeHead(404).end());
  notifications = attachPosNotifications(server, handle(), { pingIntervalMs: 60_000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const created = await createMerchantWithLocations(db(), 2);
  const user = await createUser(db(), {
    email: `m-${created.merchant.id}@example.test`,
    password: 'correct horse battery',
    role: 'MERCHANT',
    merchantId: created.merchant.id,
  });
  merchant = { id: created.merchant.id, userId: user.id, locationIds: created.locationIds };
  posClientId = (await createClient(db(), (await createPartner(db(), { name: 'Till POS', type: 'POS' })).id)).client_id;
});

afterAll(async () => {
  await notifications.close();
  await new Promise((resolve) => server.close(resolve));
  resetConfig();
});

/** An open socket after HELLO, and a promise of its close (code, reason, and how long after `since` it came). */
async function openSocket(token: string, locationId = merchant.locationIds[0]!) {
  const socket = new WebSocket(`${baseUrl}/connect/pos/notifications/${locationId}`, { headers: { authorization: `Bearer ${token}` } });
  const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString(), at: Date.now() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) => reject(new Error(`upgrade refused: ${response.statusCode}`)));
  });
  socket.send(HELLO);
  return { socket, closed };
}

async function expectClosedSoon(closed: Promise<{ code: number; reason: string; at: number }>, since: number, code: number) {
  const timeout = new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('socket still open')), WITHIN_MS + 1000));
  const result = await Promise.race([closed, timeout]);
  expect(result.code).toBe(code);
  expect(result.reason).not.toBe('');
  expect(result.at - since).toBeLessThan(WITHIN_MS);
  return result;
}

const claims = (token: string) => decodeJwt(token) as { grant_id: string; partner_id: string };

const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('an open POS socket', () => {
  it('closes with 4001 when its refresh token is revoked (the whole grant goes)', async () => {
    const tokens = await approvedDeviceTokens(db(), posClientId, merchant, merchant.locationIds);
    const { closed } = await openSocket(tokens.access_token);
    const since = Date.now();
    const revoked = await callRoute(revokeRoute.POST, 'POST', '/oauth/revoke', form({ token: tokens.refresh_token, client_id: posClientId }));
    expect(revoked.status).toBe(200);
    await expectClosedSoon(closed, since, TOKEN_REVOKED_CLOSE_CODE);
  });

  it('closes with 4001 when its access token alone is revoked, and leaves the grant’s other sockets open', async () => {
    const tokens = await approvedDeviceTokens(db(), posClientId, merchant, merchant.locationIds);
    const refreshed = await callRoute(
      tokenRoute.POST,
      'POST',
      '/oauth/token',
      form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: posClientId }),
    );
    const second = (await refreshed.json()) as { access_token: string };
    const first = await openSocket(tokens.access_token);
    const other = await openSocket(second.access_token, merchant.locationIds[1]);
    const since = Date.now();
    await callRoute(revokeRoute.POST, 'POST', '/oauth/revoke', form({ token: tokens.access_token, token_type_hint: 'access_token', client_id: posClientId }));
    await expectClosedSoon(first.closed, since, TOKEN_REVOKED_CLOSE_CODE);
    expect(other.socket.readyState).toBe(WebSocket.OPEN);
    other.socket.close();
  });

  it('closes with 4001 when a used refresh token is presented again (replay revokes the grant)', async () => {
    const tokens = await approvedDeviceTokens(db(), posClientId, merchant, merchant.locationIds);
    const { closed } = await openSocket(tokens.access_token);
    const refresh = () =>
      callRoute(tokenRoute.POST, 'POST', '/oauth/token', form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: posClientId }));
    expect((await refresh()).status).toBe(200);
    const since = Date.now();
    expect((await refresh()).status).toBe(400);
    await expectClosedSoon(closed, since, TOKEN_REVOKED_CLOSE_CODE);
  });

  it('closes with 4001 when the merchant disconnects the device', async () => {
    const tokens = await approvedDeviceTokens(db(), posClientId, merchant, merchant.locationIds);
    const { closed } = await openSocket(tokens.access_token);
    const since = Date.now();
    expect(await disconnectDevice(db(), merchant.id, claims(tokens.access_token).grant_id)).toBe(true);
    await expectClosedSoon(closed, since, TOKEN_REVOKED_CLOSE_CODE);
  });

  it('closes with 4001 when its access token expires', async () => {
    resetConfig({ ACCESS_TOKEN_TTL_SECONDS: '2' });
    try {
      const tokens = await approvedDeviceTokens(db(), posClientId, merchant, merchant.locationIds);
      expect(tokens.expires_in).toBe(2);
      const { closed } = await openSocket(tokens.access_token);
      const since = Date.now();
      const result = await expectClosedSoon(closed, since, TOKEN_REVOKED_CLOSE_CODE);
      expect(result.reason).toMatch(/expired/);
    } finally {
      resetConfig();
    }
  });

  it('closes with 4003 when its location leaves the token scope, and keeps its other locations', async () => {
    const tokens = await approvedDeviceTokens(db(), posClientId, merchant, merchant.locationIds);
    const [leaving, staying] = merchant.locationIds as [string, string];
    const left = await openSocket(tokens.access_token, leaving);
    const kept = await openSocket(tokens.access_token, staying);
    const partnerId = claims(tokens.access_token).partner_id;
    const since = Date.now();
    // The operator disconnects the POS from one location.
    await db().transaction(async (tx) => {
      await tx.delete(connections).where(and(eq(connections.partnerId, partnerId), eq(connections.locationId, leaving)));
      await announceAccessChange(tx, { kind: 'CONNECTION_REMOVED', partnerId, locationId: leaving });
    });
    await expectClosedSoon(left.closed, since, OUT_OF_SCOPE_CLOSE_CODE);
    expect(kept.socket.readyState).toBe(WebSocket.OPEN);
    kept.socket.close();
  });
});
