import type { Executor } from '@/db/client';
import { clients, grantLocations, grants } from '@/db/schema';
import { issueAccessToken, type PartnerType } from '@/lib/auth/access-tokens';
import { newId } from '@/lib/ids';
import { createLocation, createMerchant } from '@/lib/tenancy/merchants';
import { createClient, createConnection, createPartner } from '@/lib/tenancy/partners';
import { eq } from 'drizzle-orm';

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${++counter}`;

/** A merchant with `locationCount` locations. */
export async function createMerchantWithLocations(db: Executor, locationCount = 1) {
  const merchant = await createMerchant(db, { name: unique('Merchant') });
  const locations = [];
  for (let i = 0; i < locationCount; i++) {
    locations.push(await createLocation(db, merchant.id, { name: unique('Location'), locationId: unique('loc') }));
  }
  return { merchant, locationIds: locations.map((location) => location.locationId) };
}

export interface TestPartner {
  partnerId: string;
  name: string;
  type: PartnerType;
  clientId: string;
  clientSecret?: string;
  grantId: string;
  token: string;
}

/** A partner of `type` connected to `locationIds`, with a client and a valid access token. */
export async function createConnectedPartner(db: Executor, type: PartnerType, locationIds: string[]): Promise<TestPartner> {
  const name = unique(type);
  const partner = await createPartner(db, { name, type });
  const client = await createClient(db, partner.id);
  for (const locationId of locationIds) await createConnection(db, partner.id, { locationId });
  const [clientRow] = await db.select().from(clients).where(eq(clients.clientId, client.client_id));
  const grantId = newId();
  // A POS signs in with the device flow, so its grant names the locations a merchant approved (docs/contract.md#tenancy).
  const kind = type === 'POS' ? 'DEVICE_CODE' : 'CLIENT_CREDENTIALS';
  await db.insert(grants).values({ id: grantId, kind, partnerId: partner.id, clientId: clientRow!.id });
  if (kind === 'DEVICE_CODE' && locationIds.length) {
    await db.insert(grantLocations).values(locationIds.map((locationId) => ({ grantId, locationId })));
  }
  const { token } = await issueAccessToken(db, {
    partnerId: partner.id,
    partnerType: type,
    clientId: client.client_id,
    grantId,
    locationIds,
    ttlSeconds: 3600,
  });
  return { partnerId: partner.id, name, type, clientId: client.client_id, clientSecret: client.client_secret, grantId, token };
}
