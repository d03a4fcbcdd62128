import { count } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { merchants } from '@/db/schema';
import { createLocation, createMerchant } from '@/lib/tenancy/merchants';
import { createClient, createConnection, createLoyaltyProgram, createPartner } from '@/lib/tenancy/partners';
import { seedDemoFloor } from '@/lib/tables/demo-floor';
import { createUser } from '@/lib/tenancy/users';
import { createDemoSinkEndpoint } from '@/lib/ops/demo-sink';

export const DEMO_LOCATION_IDS = ['demo-bistro-cbd', 'demo-bistro-bondi'] as const;

// docs/contract.md#demo-tenant: well-known demo sign-ins so a new operator can look around at once; printed at first start.
export const DEMO_USERS = {
  admin: { email: 'admin@counterpart.test', password: 'counterpart-admin' },
  merchant: { email: 'merchant@demo-bistro.test', password: 'demo-bistro' },
  reviewer: { email: 'reviewer@demo-loyalty.test', password: 'demo-loyalty' },
} as const;

/** Creates the demo tenant on an empty database (docs/contract.md#demo-tenant); does nothing when any merchant exists. */
export async function seedDemoTenant(db: Database, print: (text: string) => void): Promise<boolean> {
  const created = await db.transaction(async (tx) => {
    const [{ merchantCount } = { merchantCount: 0 }] = await tx.select({ merchantCount: count() }).from(merchants);
    if (merchantCount > 0) return undefined;
    const merchant = await createMerchant(tx, { name: 'Demo Bistro' });
    const cbd = await createLocation(tx, merchant.id, { locationId: DEMO_LOCATION_IDS[0], name: 'Demo Bistro CBD', timezone: 'Australia/Sydney' });
    const bondi = await createLocation(tx, merchant.id, { locationId: DEMO_LOCATION_IDS[1], name: 'Demo Bistro Bondi', timezone: 'Australia/Sydney' });
    const locationIds = [cbd.locationId, bondi.locationId];
    await seedDemoFloor(tx, locationIds);

    const pos = await createPartner(tx, { name: 'Demo POS', type: 'POS' });
    const ordering = await createPartner(tx, { name: 'Demo Ordering App', type: 'ORDERING_APP' });
    const booking = await createPartner(tx, { name: 'Demo Booking App', type: 'BOOKING_APP' });
    const loyalty = await createPartner(tx, { name: 'Demo Loyalty', type: 'LOYALTY' });
    for (const app of [ordering, booking]) {
      for (const locationId of locationIds) await createConnection(tx, app.id, { locationId });
    }
    const program = await createLoyaltyProgram(tx, loyalty.id, { loyaltyProgramId: 'demo-rewards', name: 'Demo Rewards' });
    // Every demo app's webhooks go to the built-in sink, so the console shows deliveries, signatures and replay at once.
    const sinks = [];
    for (const [partner, sink] of [
      [pos, 'pos'],
      [ordering, 'ordering-app'],
      [booking, 'booking-app'],
      [loyalty, 'loyalty'],
    ] as const) {
      sinks.push(await createDemoSinkEndpoint(tx, partner.id, sink));
    }

    await createUser(tx, { ...DEMO_USERS.admin, name: 'Counterpart Admin', role: 'ADMIN' });
    await createUser(tx, { ...DEMO_USERS.merchant, name: 'Demo Bistro Manager', role: 'OWNER', merchantId: merchant.id });
    await createUser(tx, { ...DEMO_USERS.reviewer, name: 'Demo Loyalty Reviewer', role: 'LOYALTY_PARTNER', partnerId: loyalty.id });

    return {
      merchant,
      sinks,
      locationIds,
      program,
      posClient: await createClient(tx, pos.id),
      orderingClient: await createClient(tx, ordering.id),
      bookingClient: await createClient(tx, booking.id),
      loyaltyClient: await createClient(tx, loyalty.id),
    };
  });
  if (!created) return false;
  print(
    [
      '',
      'Counterpart demo tenant created (shown once; change these passwords):',
      `  Admin           ${DEMO_USERS.admin.email} / ${DEMO_USERS.admin.password}`,
      `  Merchant        ${DEMO_USERS.merchant.email} / ${DEMO_USERS.merchant.password}  (Demo Bistro: ${created.locationIds.join(', ')})`,
      `  Loyalty review  ${DEMO_USERS.reviewer.email} / ${DEMO_USERS.reviewer.password}`,
      `  POS client      client_id=${created.posClient.client_id} (device flow: POST /oauth/device/code)`,
      `  Ordering app    client_id=${created.orderingClient.client_id} client_secret=${created.orderingClient.client_secret}`,
      `  Booking app     client_id=${created.bookingClient.client_id} client_secret=${created.bookingClient.client_secret}`,
      `  Loyalty partner client_id=${created.loyaltyClient.client_id} client_secret=${created.loyaltyClient.client_secret} (program ${created.program.loyaltyProgramId})`,
      `  Webhooks        every demo app delivers to the built-in sink ${created.sinks[0]!.url.replace(/[^/]+$/, '…')} (see /dashboard/admin/deliveries)`,
      '',
    ].join('\n'),
  );
  return true;
}
