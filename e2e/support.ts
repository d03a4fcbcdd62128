import type { APIRequestContext } from '@playwright/test';
import { E2E_ADMIN_API_KEY } from '../playwright.config';

export const DEMO_MERCHANT = { email: 'merchant@demo-bistro.test', password: 'demo-bistro' };
export const DEMO_ADMIN = { email: 'admin@counterpart.test', password: 'counterpart-admin' };
export const DEMO_REVIEWER = { email: 'reviewer@demo-loyalty.test', password: 'demo-loyalty' };
export const DEMO_LOCATIONS = ['demo-bistro-cbd', 'demo-bistro-bondi'] as const;

/** Calls the management API of the server under test. */
export async function manage<T = Record<string, unknown>>(request: APIRequestContext, path: string, body: unknown = {}): Promise<T> {
  const response = await request.post(`/manage${path}`, {
    headers: { authorization: `Bearer ${E2E_ADMIN_API_KEY}` },
    data: body,
  });
  if (response.status() !== 201) throw new Error(`POST /manage${path} → ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * An app partner of `type` connected to `locationIds`, with a client-credentials access token.
 */
export async function appWithToken(request: APIRequestContext, type: 'ORDERING_APP' | 'BOOKING_APP' | 'LOYALTY', locationIds: readonly string[]) {
  const partner = await manage<{ id: string }>(request, '/partners', { name: `E2E ${type} ${Date.now()}`, type });
  const client = await manage<{ client_id: string; client_secret: string }>(request, `/partners/${partner.id}/clients`);
  for (const locationId of locationIds) await manage(request, `/partners/${partner.id}/connections`, { locationId });
  const token = await request.post('/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret },
  });
  if (!token.ok()) throw new Error(`client_credentials → ${token.status()}: ${await token.text()}`);
  const { access_token } = (await token.json()) as { access_token: string };
  return { partnerId: partner.id, clientId: client.client_id, token: access_token };
}
