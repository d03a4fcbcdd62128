import type { Database } from '@/db/client';
import { approveDevice } from '@/lib/auth/device-approval';
import { sampleOrderRequests } from '@/lib/orders/sample-orders.fixture';

/**
 * Tenants, partners and tokens made over HTTP against a running server (the built one of lib/testing/server-process.ts),
 * the way an operator's automation and partners do it: `/manage` with ADMIN_API_KEY, then the token endpoint.
 */

export type Manage = <T = Record<string, string>>(route: string, body?: unknown) => Promise<T>;

/** POST `/manage{route}` on `origin()` (read at each call, so a restarted server's origin is used); anything but 201 throws. */
export function managementApi(origin: () => string, adminApiKey: string): Manage {
  return async <T>(route: string, body: unknown = {}) => {
    const response = await fetch(`${origin()}/manage${route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminApiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`POST /manage${route} → ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
}

const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) });

async function tokenAnswer(response: Response, what: string) {
  if (response.status !== 200) throw new Error(`${what} → ${response.status}: ${await response.text()}`);
  return (await response.json()) as { access_token: string; refresh_token?: string; expires_in: number };
}

/** A partner of `type` connected to `locationIds`, with a client and (for apps) a client-credentials access token. */
export async function connectedPartner(
  origin: string,
  manage: Manage,
  input: { name: string; type: 'POS' | 'ORDERING_APP' | 'BOOKING_APP' | 'LOYALTY'; locationIds: readonly string[] },
) {
  const partner = await manage('/partners', { name: input.name, type: input.type });
  for (const locationId of input.locationIds) await manage(`/partners/${partner.id}/connections`, { locationId });
  const client = await manage<{ client_id: string; client_secret?: string }>(`/partners/${partner.id}/clients`);
  if (input.type === 'POS') return { partnerId: partner.id!, clientId: client.client_id, token: undefined };
  const answer = await tokenAnswer(
    await fetch(`${origin}/oauth/token`, form({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret! })),
    'client_credentials',
  );
  return { partnerId: partner.id!, clientId: client.client_id, token: answer.access_token };
}

/**
 * The device flow of a POS: it asks `origin` for a code, the merchant user approves `locationIds` (what the /activate
 * page's action does, through the same lib function), and the POS polls the token endpoint.
 */
export async function deviceTokens(origin: string, db: Database, input: { clientId: string; merchant: { id: string; userId: string }; locationIds: string[] }) {
  const codeResponse = await fetch(`${origin}/oauth/device/code`, form({ client_id: input.clientId, scope: 'offline_access' }));
  if (codeResponse.status !== 200) throw new Error(`device code → ${codeResponse.status}: ${await codeResponse.text()}`);
  const authorization = (await codeResponse.json()) as { device_code: string; user_code: string };
  const approval = await approveDevice(db, {
    userCode: authorization.user_code,
    user: { id: input.merchant.userId, merchantId: input.merchant.id },
    source: { userId: input.merchant.userId, address: '192.0.2.10' },
    locationIds: input.locationIds,
  });
  if (!approval.ok) throw new Error(`approval refused: ${approval.message}`);
  const answer = await tokenAnswer(
    await fetch(
      `${origin}/oauth/token`,
      form({ grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: authorization.device_code, client_id: input.clientId }),
    ),
    'device code token',
  );
  return { accessToken: answer.access_token, refreshToken: answer.refresh_token! };
}

/** POST /connect/orders of the sample order at `locationId` with `orderId` as its `origin.orderId`. */
export function postOrder(origin: string, appToken: string, locationId: string, orderId: string): Promise<Response> {
  const order: Record<string, any> = structuredClone(sampleOrderRequests.newOrder);
  order.locationId = locationId;
  order.origin.orderId = orderId;
  return fetch(`${origin}/connect/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${appToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(order),
  });
}
